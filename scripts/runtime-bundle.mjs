// What one runtime image holds (the Dockerfile's `api` and `gateway` targets): the deployable's
// built files and the packages it loads at run time, copied from the full install (so at the
// lockfile's exact versions) and nothing else: no compilers, bundlers or test tools.
// `node scripts/runtime-bundle.mjs <api|gateway> <out-dir>`, after `npm run build`.
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const REMOTE_APPS = ['booking-mfe', 'dashboard-mfe', 'marketing-mfe'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Each deployable: the repository files it runs (relative to the repository, kept at the same
 * place under the image's /app) and the packages it imports, looked up from `from` as Node would.
 */
export const DEPLOYABLES = {
  /** The API, the worker, the migrations and the seed: one image, several commands. */
  api: {
    files: [
      'services/api/package.json',
      'services/api/dist',
      'scripts/wait-for-migrations.mjs',
      'scripts/process-alive.mjs',
    ],
    from: 'services/api',
    packages: () => Object.keys(readJson(join(root, 'services/api/package.json')).dependencies),
  },
  /** The front ends' built folders and the gateway that serves them and proxies /api. */
  gateway: {
    files: [
      'scripts/serve.mjs',
      'scripts/gateway.mjs',
      'scripts/gateway-edge.mjs',
      'apps/shell/dist',
      ...REMOTE_APPS.map((app) => `apps/${app}/dist`),
    ],
    from: '.',
    // The gateway's packages are the workspace root's (development) ones: named here.
    packages: () => ['fastify', '@fastify/static', '@fastify/http-proxy', '@slotwise/contracts'],
  },
};

/** Node's lookup of a package from a folder: its node_modules, then each parent's. */
function lookup(fromDir, name) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
    }
    if (dir === root || dirname(dir) === dir) return null;
  }
}

/**
 * Every package a deployable loads, with where it goes in the image: `out` is its place as Node
 * finds it (node_modules/…), `real` the folder its files come from. A workspace package (a link
 * into the repository) is placed as an ordinary package with its package.json and `files`.
 */
export function runtimePackages(name) {
  const deployable = DEPLOYABLES[name];
  if (!deployable) throw new Error(`Unknown deployable "${name}": ${Object.keys(DEPLOYABLES)}`);
  const found = new Map();
  const visit = (fromReal, fromOut, dep, required) => {
    const path = lookup(fromReal, dep);
    if (!path) {
      if (required) throw new Error(`${dep} (needed from ${fromOut || '.'}) is not installed`);
      return;
    }
    // A package nested in the one that needs it stays nested under that package's place.
    const nested = path.startsWith(fromReal + sep) && fromOut !== '';
    const out = nested ? join(fromOut, relative(fromReal, path)) : relative(root, path);
    if (found.has(out)) return;
    const real = realpathSync(path);
    const workspace = !relative(root, real).split(sep).includes('node_modules');
    const pkg = readJson(join(real, 'package.json'));
    found.set(out, { out, real, workspace, files: workspace ? (pkg.files ?? ['dist']) : null });
    for (const d of Object.keys(pkg.dependencies ?? {})) visit(real, out, d, true);
    // Optional and peer packages come along when the install has them (native builds, plugins).
    for (const d of Object.keys(pkg.optionalDependencies ?? {})) visit(real, out, d, false);
    const optionalPeers = pkg.peerDependenciesMeta ?? {};
    for (const d of Object.keys(pkg.peerDependencies ?? {}))
      visit(real, out, d, !optionalPeers[d]?.optional);
  };
  for (const dep of deployable.packages()) visit(join(root, deployable.from), '', dep, true);
  return [...found.values()].sort((a, b) => a.out.localeCompare(b.out));
}

/** Writes the image's /app folder for a deployable into `outDir` (emptied first). */
export function bundle(name, outDir) {
  const deployable = DEPLOYABLES[name];
  const packages = runtimePackages(name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const file of deployable.files) {
    const from = join(root, file);
    if (!existsSync(from)) throw new Error(`${file} is missing: run \`npm run build\` first`);
    cpSync(from, join(outDir, file), { recursive: true });
  }
  for (const pkg of packages) {
    const to = join(outDir, pkg.out);
    if (pkg.workspace) {
      for (const file of ['package.json', ...pkg.files])
        cpSync(join(pkg.real, file), join(to, file), { recursive: true });
    } else {
      // Its own node_modules holds only packages that are copied on their own when needed.
      cpSync(pkg.real, to, {
        recursive: true,
        filter: (src) => !relative(pkg.real, src).split(sep).includes('node_modules'),
      });
    }
  }
  return { files: deployable.files, packages: packages.map((p) => p.out) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [name, outDir] = process.argv.slice(2);
  if (!name || !outDir || !DEPLOYABLES[name]) {
    console.error(`usage: node scripts/runtime-bundle.mjs <${Object.keys(DEPLOYABLES)}> <out-dir>`);
    process.exit(2);
  }
  const result = bundle(name, resolve(outDir));
  console.info(`${name}: ${result.files.length} paths and ${result.packages.length} packages`);
}
