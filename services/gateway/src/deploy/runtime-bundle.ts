// What one runtime image holds (the Dockerfile's `api` and `gateway` targets): the deployable's
// built files and the packages it loads at run time, copied from the full install (so at the
// lockfile's exact versions) and nothing else: no compilers, bundlers or test tools.
// `node services/gateway/dist/deploy/cli.js <api|gateway> <out-dir>`, after `npm run build`.
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { REMOTE_NAMES, repositoryRoot as root } from '../config.js';

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  files?: string[];
}

const readPackage = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

export interface Deployable {
  /** The repository files it runs, kept at the same place under the image's /app. */
  files: string[];
  /** The workspace folder whose package.json `dependencies` it loads. */
  from: string;
}

/**
 * Each deployable: its files, and the folder whose package.json names the packages it imports
 * (looked up from there as Node would).
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
  },
  /** The front ends' built folders and the gateway that serves them and proxies /api. */
  gateway: {
    files: [
      'services/gateway/package.json',
      'services/gateway/dist',
      'apps/shell/dist',
      ...REMOTE_NAMES.map((name) => `apps/${name}-mfe/dist`),
    ],
    from: 'services/gateway',
  },
} satisfies Record<string, Deployable>;

export type DeployableName = keyof typeof DEPLOYABLES;

export const isDeployable = (name: string): name is DeployableName => name in DEPLOYABLES;

/** Node's lookup of a package from a folder: its node_modules, then each parent's. */
function lookup(fromDir: string, name: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
    }
    if (dir === root || dirname(dir) === dir) return null;
  }
}

export interface RuntimePackage {
  /** Its place in the image as Node finds it (node_modules/…). */
  out: string;
  /** The folder its files come from. */
  real: string;
  /** A workspace package (a link into the repository): copied as its package.json and `files`. */
  workspace: boolean;
  files: string[] | null;
}

/** Every package a deployable loads, with where it goes in the image. */
export function runtimePackages(name: DeployableName): RuntimePackage[] {
  const deployable: Deployable = DEPLOYABLES[name];
  const found = new Map<string, RuntimePackage>();
  const visit = (fromReal: string, fromOut: string, dep: string, required: boolean) => {
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
    const pkg = readPackage(real);
    found.set(out, { out, real, workspace, files: workspace ? (pkg.files ?? ['dist']) : null });
    for (const d of Object.keys(pkg.dependencies ?? {})) visit(real, out, d, true);
    // Optional and peer packages come along when the install has them (native builds, plugins).
    for (const d of Object.keys(pkg.optionalDependencies ?? {})) visit(real, out, d, false);
    const optionalPeers = pkg.peerDependenciesMeta ?? {};
    for (const d of Object.keys(pkg.peerDependencies ?? {}))
      visit(real, out, d, !optionalPeers[d]?.optional);
  };
  const from = join(root, deployable.from);
  for (const dep of Object.keys(readPackage(from).dependencies ?? {})) visit(from, '', dep, true);
  return [...found.values()].sort((a, b) => a.out.localeCompare(b.out));
}

/** Writes the image's /app folder for a deployable into `outDir` (emptied first). */
export function bundle(name: DeployableName, outDir: string) {
  const deployable: Deployable = DEPLOYABLES[name];
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
      for (const file of ['package.json', ...(pkg.files ?? [])])
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
