import { createConfig } from '../rspack.base.mjs';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'shell',
  html: { title: 'Slotwise', template: './index.html' },
  publicDir: './public',
});
