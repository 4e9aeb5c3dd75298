// One rspack + Module Federation setup for the shell (host) and the three remotes, so the shared
// singletons, the runtime sharing and the build-id/out-dir conventions cannot drift between apps.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const require = createRequire(import.meta.url);

/**
 * The exports of the tree-shaken shared packages that any app may use. Every app builds its copy of
 * a shared package with this same list, so whichever copy loads first can serve all of them; the
 * shell's shared-exports test checks every app's imports against it.
 */
const SHARED_EXPORTS = require('./shared-exports.json');

/** Shared modules are not tree-shaken by default; these are built with only the listed exports. */
const treeShaken = (pkg) => ({ mode: 'runtime-infer', usedExports: SHARED_EXPORTS[pkg] });

/**
 * The federation plugin imports its runtime packages by their CommonJS paths, which bundles every
 * CJS module of them whole. Pointing those entry points at the packages' ESM builds lets rspack
 * tree-shake them, and keeps one copy of each (the ESM graph) rather than a CJS and an ESM one.
 */
const FEDERATION_ESM_ALIAS = Object.fromEntries(
  ['webpack-bundler-runtime', 'runtime', 'runtime-core', 'sdk', 'error-codes'].map((name) => {
    const pkg = `@module-federation/${name}`;
    // require.resolve follows the "require" condition, import.meta.resolve the "import" one.
    return [require.resolve(pkg), fileURLToPath(import.meta.resolve(pkg))];
  }),
);

/** React Router's production ESM build (its package "exports" name only dist/development). */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
);

/** The package.json of an installed package (found above its entry point: not all export it). */
function packageManifest(name) {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    const file = resolve(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      if (manifest.name === name) return manifest;
    }
    if (dir === dirname(dir)) throw new Error(`no package.json found for ${name}`);
    dir = dirname(dir);
  }
}

/** Packages and the packages they depend on, transitively. */
function withDependencies(names) {
  const found = new Set();
  const visit = (name) => {
    if (found.has(name)) return;
    found.add(name);
    Object.keys(packageManifest(name).dependencies ?? {}).forEach(visit);
  };
  names.forEach(visit);
  return found;
}

/** Singletons every app shares (React context and router state must be one instance). */
/** Our TypeScript and JSX through rspack's built-in SWC, for the browser and the server builds. */
function swcRule({ development }) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development } },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  };
}

export const SHARED = {
  react: { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
  // The trailing slash shares react-dom/client too; without it react-dom would come twice.
  'react-dom/': { singleton: true, requiredVersion: '^19.3.0' },
  'react-router': {
    singleton: true,
    requiredVersion: '^7.18.0',
    treeShaking: treeShaken('react-router'),
  },
  '@tanstack/react-query': {
    singleton: true,
    requiredVersion: '^5.108.0',
    treeShaking: treeShaken('@tanstack/react-query'),
  },
  // The HTTP client's engine (libs/api-client) and the client-state library: downloaded once.
  axios: { singleton: true, requiredVersion: '^1.21.0' },
  zustand: { singleton: true, requiredVersion: '^5.1.0' },
};

/**
 * The modules of the shared packages the host runs at start-up (all of SHARED but axios, which is
 * loaded on the first action), with the packages they depend on.
 */
const STARTUP_SHARED_MODULES = new RegExp(
  `[\\\\/]node_modules[\\\\/](${[
    ...withDependencies(
      Object.keys(SHARED)
        .filter((key) => key !== 'axios')
        .map((key) => key.replace(/\/$/, '')),
    ),
  ]
    .map((name) => name.replace(/[/.]/g, '\\$&'))
    .join('|')})[\\\\/]`,
);

/**
 * @param {{
 *   dirname: string,
 *   name: 'shell' | 'booking' | 'dashboard' | 'marketing',
 *   exposes?: Record<string, string>,
 *   html?: { title: string, template: string },
 *   publicDir?: string,
 *   server?: boolean,
 * }} app
 */
/**
 * Brotli and gzip copies of each text file of the build (`x.js.br`, `x.js.gz`), made once at build
 * time at the best compression, so the gateway serves them as they are to browsers that ask.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('PrecompressPlugin', (stats) => {
      if (stats.hasErrors()) return;
      const dir = compiler.options.output.path;
      for (const name of readdirSync(dir, { recursive: true })) {
        if (!/\.(js|css|html|json|svg|txt)$/.test(name)) continue;
        const file = resolve(dir, name);
        // Small files gain nothing worth a second request header.
        if (statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    });
  }
}

/**
 * The scripts and styles of a remote's page (src/routes.json key `booking` → the lazy chunk named
 * `page-booking` with webpackChunkName), relative to the manifest: the gateway preloads them with
 * the page, so the browser does not wait for the remote's App to ask for them.
 */
function pageAssets(compilation, key) {
  const group = compilation.namedChunkGroups.get(`page-${key}`);
  if (!group) return [];
  const files = group.chunks.flatMap((chunk) => [...chunk.files]);
  return [...new Set(files)].filter((file) => /\.(js|css)$/.test(file));
}

/**
 * Preloads in the host's index.html for what its start-up loads after main.js: the `./bootstrap`
 * chunk and the host's own copies of the shared modules that chunk consumes (react, react-dom,
 * react-router…). The browser then fetches them with main.js instead of after running it. Shared
 * modules only ever loaded later (axios) are left out.
 */
class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      const hooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      hooks.beforeEmit.tap('StartupPreloadPlugin', (data) => {
        const sharedKey = (kind, module) =>
          new RegExp(`^${kind} shared module \\(\\w+\\) (.+?)@`).exec(
            module?.identifier() ?? '',
          )?.[1];
        const bootstrap = compilation.chunkGroups.filter((g) =>
          g.origins.some((o) => o.request === './bootstrap'),
        );
        // What those chunks consume, and what the shared modules they bring consume in turn.
        const groups = new Set([compilation.entrypoints.get('main'), ...bootstrap]);
        for (let size = 0; size !== groups.size;) {
          size = groups.size;
          const consumed = new Set(
            [...groups]
              .flatMap((g) => g.chunks)
              .flatMap((chunk) => compilation.chunkGraph.getChunkModules(chunk))
              .map((m) => sharedKey('consume', m))
              .filter(Boolean),
          );
          for (const g of compilation.chunkGroups) {
            if (g.origins.some((o) => consumed.has(sharedKey('provide', o.module)))) groups.add(g);
          }
        }
        // main.js too: its deferred tag would otherwise be fetched last, at low priority.
        const files = new Set([...groups].flatMap((g) => g.chunks.flatMap((c) => [...c.files])));
        const base = compilation.outputOptions.publicPath;
        const links = [...files]
          .filter((file) => /\.(js|css)$/.test(file))
          .map(
            (file) =>
              `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${base}${file}">`,
          )
          .join('');
        data.html = data.html.replace('</head>', `${links}</head>`);
        return data;
      });
    });
  }
}

/** What a server entry leaves to the gateway's node_modules: one React (and router, query client). */
const SERVER_EXTERNALS = /^(react|react-dom|react-router|@tanstack\/react-query)(\/.*)?$/;

/**
 * The app's server entry (src/server.tsx): one CommonJS file for Node, named by its content hash
 * (`server/server.<hash>.cjs`), with the shared packages external. The gateway imports it by that
 * name from the app's manifest (metaData.ssr), so a rebuilt app is picked up without a restart.
 */
function serverConfig(app, production, buildId, outDir) {
  /** @type {import('@rspack/core').Configuration} */
  return {
    context: app.dirname,
    mode: production ? 'production' : 'development',
    devtool: false,
    target: 'node20',
    entry: { server: './src/server.tsx' },
    output: {
      path: resolve(outDir, 'server'),
      filename: '[name].[contenthash:8].cjs',
      library: { type: 'commonjs2' },
      // Older versions stay beside it: a gateway rendering with one while a deploy lands.
      clean: false,
    },
    externals: [
      ({ request }, callback) =>
        request && SERVER_EXTERNALS.test(request)
          ? callback(null, `commonjs ${request}`)
          : callback(),
    ],
    resolve: {
      // A module's `.server.ts(x)` sibling, where there is one, stands for it on the server.
      extensions: ['.server.tsx', '.server.ts', '.tsx', '.ts', '.mjs', '.js', '.json'],
      // The API client answers from the page's data on the server (libs/api-client/src/server.tsx);
      // the browser bundles carry none of that code.
      alias: {
        '@slotwise/api-client$': resolve(
          import.meta.dirname,
          '../libs/api-client/src/server-index.ts',
        ),
      },
    },
    module: {
      rules: [
        swcRule({ development: false }),
        {
          test: /\.css$/,
          loader: resolve(import.meta.dirname, 'css-server-loader.cjs'),
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.SLOTWISE_BUILD_ID': buildId ? JSON.stringify(buildId) : 'undefined',
      }),
      // One file: lazy pages resolve at once on the server.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * Builds the server entry before the browser build (each run and each watch rebuild), and keeps
 * its file name for the manifest.
 */
class ServerEntryPlugin {
  constructor(config) {
    this.config = config;
    /** `server/server.<hash>.cjs`, relative to the manifest. */
    this.entry = null;
    this.hash = null;
  }

  apply(compiler) {
    const build = async () => {
      const stats = await new Promise((done, fail) =>
        rspack(this.config).run((error, result) => (error ? fail(error) : done(result))),
      );
      if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
      const json = stats.toJson({ assets: true, hash: true });
      const [file] = json.assetsByChunkName?.server ?? [];
      if (!file) throw new Error('the server entry emitted no file');
      this.entry = `server/${file}`;
      this.hash = /\.([0-9a-f]+)\.cjs$/.exec(file)?.[1] ?? json.hash ?? null;
    };
    compiler.hooks.beforeRun.tapPromise('ServerEntryPlugin', build);
    compiler.hooks.watchRun.tapPromise('ServerEntryPlugin', build);
  }
}

/** The styles the shell's start-up (`./bootstrap`) loads: inlined by the gateway for first paint. */
function startupCss(compilation) {
  const files = compilation.chunkGroups
    .filter((g) => g.origins.some((o) => o.request === './bootstrap'))
    .flatMap((g) => g.chunks.flatMap((chunk) => [...chunk.files]));
  return [...new Set(files)].filter((file) => file.endsWith('.css'));
}

export function createConfig(app) {
  const isHost = !app.exposes;
  // A remote's pages (src/routes.json) drive its own <Routes> and are published in its manifest's
  // metaData.routes, where the shell reads them at run time: a new page needs no shell rebuild.
  const routes = isHost
    ? null
    : Object.entries(JSON.parse(readFileSync(resolve(app.dirname, 'src/routes.json'), 'utf8')));
  const production = process.env.NODE_ENV !== 'development';
  const buildId = process.env.SLOTWISE_BUILD_ID;
  const outDir = resolve(app.dirname, process.env.SLOTWISE_OUT_DIR ?? 'dist');
  const server = app.server
    ? new ServerEntryPlugin(serverConfig(app, production, buildId, outDir))
    : null;
  /** metaData.ssr: the server entry (and the shell's start-up styles) the gateway renders with. */
  const ssrMeta = (compilation) =>
    server?.entry
      ? {
          entry: server.entry,
          hash: server.hash,
          ...(isHost ? { css: startupCss(compilation) } : {}),
        }
      : undefined;

  /** @type {import('@rspack/core').Configuration} */
  const config = {
    context: app.dirname,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    target: ['web', 'es2022'],
    output: {
      path: outDir,
      // The shell is served at / with deep links (/book/x), so its chunks need an absolute base;
      // remotes resolve chunks relative to wherever their manifest was loaded from.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: `slotwise_${app.name}`,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      // The tree-shaken shared fallbacks are emitted before the main build; keep them.
      clean: {
        keep: (path) => path.includes('independent-packages') || /(^|[\\/])server[\\/]/.test(path),
      },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        ...FEDERATION_ESM_ALIAS,
        // React Router's package exports only its development build (dev warnings on); production
        // builds take the production one it ships beside it.
        ...(production ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {}),
      },
    },
    module: {
      rules: [
        swcRule({ development: !production }),
        { test: /\.css$/, type: 'css/auto' },
        ...(production
          ? [
              {
                test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/,
                loader: resolve(import.meta.dirname, 'react-router-pure-loader.cjs'),
              },
            ]
          : []),
      ],
    },
    plugins: [
      ...(server ? [server] : []),
      ...(production
        ? [
            new PrecompressPlugin(),
            new rspack.NormalModuleReplacementPlugin(
              /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.mjs$/,
              resolve(import.meta.dirname, 'federation-error-descriptions.mjs'),
            ),
          ]
        : []),
      new rspack.DefinePlugin({
        // Lets tests tell which build of a remote is running (data-build-id on its root).
        'process.env.SLOTWISE_BUILD_ID': buildId ? JSON.stringify(buildId) : 'undefined',
      }),
      new ModuleFederationPlugin({
        name: app.name,
        manifest: {
          additionalData: ({ stats, compilation }) => {
            if (routes)
              stats.metaData.routes = routes.map(([key, route]) => ({
                ...route,
                assets: pageAssets(compilation, key),
              }));
            const ssr = ssrMeta(compilation);
            if (ssr) stats.metaData.ssr = ssr;
            return stats;
          },
        },
        dts: false,
        shareStrategy: 'loaded-first',
        shared: SHARED,
        ...(isHost
          ? {
              // Remotes are registered at run time from remotes.json; none is baked in.
              remotes: {},
              // The host provides its federation runtime to the remotes (saves ~34 KB gzip each).
              // No snapshot (manifest) support: the shell reads the manifests itself and gives
              // the runtime each remote's entry script (apps/shell/src/federation).
              experiments: {
                provideExternalRuntime: true,
                optimization: { target: 'web', disableSnapshot: true },
              },
            }
          : {
              filename: 'remoteEntry.js',
              exposes: app.exposes,
              // Remotes consume no remotes themselves, and only ever run in a browser.
              experiments: {
                externalRuntime: true,
                optimization: { target: 'web', disableRemote: true },
              },
            }),
      }),
      ...(app.html
        ? [
            new rspack.HtmlRspackPlugin({
              template: app.html.template,
              title: app.html.title,
              inject: 'body',
              scriptLoading: 'defer',
            }),
            new StartupPreloadPlugin(),
          ]
        : []),
      ...(app.publicDir
        ? [new rspack.CopyRspackPlugin({ patterns: [{ from: app.publicDir, to: outDir }] })]
        : []),
    ],
    optimization: {
      minimize: production,
      // Each module's used exports named in order of use (a, b…) rather than from a hash of the
      // export's name (the default): shorter code (~0.3 KB gzip on /book).
      mangleExports: production ? 'size' : false,
      ...(isHost && {
        splitChunks: {
          cacheGroups: {
            // The host's own copies of the start-up shared modules (React, the router, the query
            // client, zustand) and what they import, moved into main.js: the host always runs
            // them at start, and one file compresses better than one chunk per shared module
            // (~3 KB gzip). They stay shared modules, loaded through the federation runtime.
            startupShared: {
              test: STARTUP_SHARED_MODULES,
              chunks: 'async',
              // Naming the group after the entry chunk merges it into that chunk (its parent).
              name: 'main',
              enforce: true,
            },
          },
        },
      }),
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
  return config;
}
