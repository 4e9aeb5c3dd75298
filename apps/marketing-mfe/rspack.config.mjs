import { createConfig } from '../rspack.base.mjs';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'marketing',
  exposes: { './App': './src/App.tsx' },
});
