import { createConfig } from '../rspack.base.mjs';

export default createConfig({
  dirname: import.meta.dirname,
  // Its public pages are rendered by the gateway too (src/server.tsx).
  server: true,
  name: 'shell',
  html: { title: 'Slotwise', template: './index.html' },
  publicDir: './public',
});
