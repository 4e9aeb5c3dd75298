import { createConfig } from '../rspack.base.mjs';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'booking',
  exposes: { './App': './src/App.tsx' },
});
