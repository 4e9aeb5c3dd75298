// `node services/gateway/dist/deploy/cli.js <api|gateway> <out-dir>`: a runtime image's /app
// (runtime-bundle.ts), written by the Dockerfile's build stage after `npm run build`.
import { resolve } from 'node:path';
import { DEPLOYABLES, bundle, isDeployable } from './runtime-bundle.js';

const [name = '', outDir] = process.argv.slice(2);
if (!outDir || !isDeployable(name)) {
  const names = Object.keys(DEPLOYABLES).join('|');
  console.error(`usage: node services/gateway/dist/deploy/cli.js <${names}> <out-dir>`);
  process.exit(2);
}
const result = bundle(name, resolve(outDir));
console.info(`${name}: ${result.files.length} paths and ${result.packages.length} packages`);
