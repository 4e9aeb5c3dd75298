// Server rendering of public pages: the shell's and the page's remote's server entries (each
// app's build names its own in its manifest's metaData.ssr, by content hash) are imported by that
// file name, so a rebuilt remote is used as soon as its manifest names the new file, and an old
// module is never reused for a new build. Rendering runs in this process within a time budget;
// whatever fails or runs late answers null and the page goes out client-rendered.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { ManifestFile, PageMatch } from './page-routes.js';

/** What an app's manifest says of its server entry (apps/rspack.base.mjs). */
interface SsrMeta {
  entry?: unknown;
  css?: unknown;
}

/** The shell's server entry (apps/shell/src/server.tsx), as far as the gateway uses it. */
interface ShellServerEntry {
  renderPage(request: {
    url: string;
    remote: { name: string; manifestUrl: string; manifest: unknown; ServerApp: unknown };
    pageData: Readonly<Record<string, unknown>>;
    apiBaseUrl: string;
    timeZone: string;
    now: number;
    signal?: AbortSignal;
  }): Promise<{ html: string; state: unknown }>;
}

export interface ServerRenderOptions {
  shellDir: string;
  remoteDirs: Record<string, string>;
  /** Longest a render may take before the client-rendered page is sent (default 150 ms). */
  budgetMs?: number;
  /**
   * Longest the loading of a build's server entries and styles may take (once per build), and a
   * late render may go on in the background (default 2000 ms).
   */
  limitMs?: number;
  /**
   * Origins whose remotes may be rendered here (their server code runs in the gateway): a remote
   * served from any other origin is client-rendered.
   */
  allowedOrigins?: readonly string[];
  /** One line per page that went out client-rendered instead. */
  log?: (line: string) => void;
}

export interface RenderInput {
  /** The page's path and query. */
  url: string;
  match: PageMatch;
  /** The request's origin, against which relative manifest URLs are resolved for the browser. */
  origin: string;
  pageData: Readonly<Record<string, unknown>>;
  apiBaseUrl: string;
  timeZone: string;
}

export interface Rendered {
  /** The content of #root. */
  html: string;
  /** The shell's server-render state, for the browser (the JSON block). */
  state: unknown;
  /** The styles the first paint needs: the shell's start-up styles, the remote's App's and page's. */
  css: string;
}

export interface ServerRenderer {
  render(input: RenderInput): Promise<Rendered | null>;
}

/** The gateway's own require: a server entry's shared packages are the gateway's (one React). */
const gatewayRequire = createRequire(import.meta.url);

/**
 * A CommonJS server entry's exports. Its `require` is the gateway's, wherever the file lives (a
 * deploy folder, another origin), so `react` and the other shared packages resolve from the
 * gateway's node_modules.
 */
function evaluateEntry(code: string, filename: string): unknown {
  const wrapper = runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    { filename },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  const dir = filename.startsWith('/') ? dirname(filename) : '/';
  wrapper.call(module.exports, module.exports, gatewayRequire, module, filename, dir);
  return module.exports;
}

/** `promise`, or a rejection with `message` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const ssrMeta = (manifest: ManifestFile | null): SsrMeta =>
  (manifest?.metaData?.ssr ?? {}) as SsrMeta;

/** A file name inside a build: relative, no way out of its folder. */
const safeRelative = (file: unknown): file is string =>
  typeof file === 'string' &&
  file.length > 0 &&
  !file.startsWith('/') &&
  !file.split(/[\\/]/).includes('..') &&
  !/^[a-z]+:/i.test(file);

export function serverRenderer({
  shellDir,
  remoteDirs,
  budgetMs = 150,
  limitMs = 2000,
  allowedOrigins = [],
  log = (line) => console.warn(line),
}: ServerRenderOptions): ServerRenderer {
  /** Loaded entries by file or URL; each name holds one build (its content hash). */
  const modules = new Map<string, Promise<unknown>>();
  /** Styles by file (hashed names: never change). */
  const styles = new Map<string, Promise<string>>();

  /** An entry by its name (a file or a URL), loaded once: a new build comes under a new name. */
  function load(name: string, code: () => Promise<string>): Promise<unknown> {
    let module = modules.get(name);
    if (!module) {
      module = code().then((text) => evaluateEntry(text, name));
      modules.set(name, module);
      module.catch(() => modules.delete(name));
    }
    return module;
  }

  const importFile = (file: string) => load(file, () => readFile(file, 'utf8'));

  /** Where a remote's files are read from: its folder here, or its allowed origin. */
  function remoteSource(match: PageMatch, name: string, origin: string) {
    const local = `/remotes/${name}/`;
    const dir = remoteDirs[name];
    if (match.url.startsWith(local) && dir)
      return { kind: 'local' as const, dir, base: match.url.slice(local.length) };
    const url = new URL(match.url, origin);
    if (!allowedOrigins.includes(url.origin)) return null;
    return { kind: 'remote' as const, url };
  }

  type Source = NonNullable<ReturnType<typeof remoteSource>>;

  function dirOf(relative: string) {
    const slash = relative.lastIndexOf('/');
    return slash < 0 ? '' : relative.slice(0, slash + 1);
  }

  async function readText(source: Source, file: string): Promise<string> {
    if (source.kind === 'local')
      return readFile(join(source.dir, dirOf(source.base), file), 'utf8');
    const response = await fetch(new URL(file, source.url), {
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    return response.text();
  }

  function loadEntry(source: Source, entry: string): Promise<unknown> {
    if (source.kind === 'local') return importFile(join(source.dir, dirOf(source.base), entry));
    return load(new URL(entry, source.url).href, () => readText(source, entry));
  }

  function style(key: string, read: () => Promise<string>): Promise<string> {
    let css = styles.get(key);
    if (!css) {
      css = read();
      styles.set(key, css);
      css.catch(() => styles.delete(key));
    }
    return css;
  }

  /** Loads what the page renders with; the render itself is the returned function. */
  async function prepare(input: RenderInput): Promise<(signal: AbortSignal) => Promise<Rendered>> {
    const { match } = input;
    const remoteName = match.name;
    const source = remoteSource(match, remoteName, input.origin);
    if (!source) throw new Error(`the ${remoteName} remote's origin is not allowed to render here`);
    const shellManifest = JSON.parse(
      await readFile(join(shellDir, 'mf-manifest.json'), 'utf8'),
    ) as ManifestFile;
    const shellSsr = ssrMeta(shellManifest);
    const remoteSsr = ssrMeta(match.manifest);
    if (!safeRelative(shellSsr.entry)) throw new Error('the shell names no server entry');
    if (!safeRelative(remoteSsr.entry))
      throw new Error(`the ${remoteName} remote names no server entry`);
    const [shell, remote] = await Promise.all([
      importFile(join(shellDir, shellSsr.entry)) as Promise<ShellServerEntry>,
      loadEntry(source, remoteSsr.entry) as Promise<{ ServerApp?: unknown }>,
    ]);
    if (typeof shell?.renderPage !== 'function') throw new Error('the shell cannot render');
    if (typeof remote?.ServerApp !== 'function')
      throw new Error(`the ${remoteName} remote cannot render`);

    const shellCss = (Array.isArray(shellSsr.css) ? shellSsr.css : [])
      .filter(safeRelative)
      .map((file) => style(`shell:${file}`, () => readFile(join(shellDir, file), 'utf8')));
    const exposed = (Array.isArray(match.manifest.exposes) ? match.manifest.exposes : []).flatMap(
      (e) => e?.assets?.css?.sync ?? [],
    );
    const page = Array.isArray(match.page.assets) ? match.page.assets : [];
    const remoteCss = [...new Set([...exposed, ...page])]
      .filter((file) => safeRelative(file) && file.endsWith('.css'))
      .map((file) =>
        style(`${source.kind === 'local' ? source.dir : source.url.href}:${file}`, () =>
          readText(source, file),
        ),
      );

    const css = await Promise.all([...shellCss, ...remoteCss]);
    return async (signal) => {
      const rendered = await shell.renderPage({
        url: input.url,
        remote: {
          name: remoteName,
          manifestUrl: new URL(match.url, input.origin).href,
          manifest: match.manifest,
          ServerApp: remote.ServerApp,
        },
        pageData: input.pageData,
        apiBaseUrl: input.apiBaseUrl,
        timeZone: input.timeZone,
        now: Date.now(),
        signal,
      });
      return { html: rendered.html, state: rendered.state, css: css.join('\n') };
    };
  }

  return {
    async render(input) {
      // Past the budget the page goes out client-rendered, but the render runs on (up to the
      // limit): the first render of a new build is the slow one, and it readies the next.
      const controller = new AbortController();
      const limit = setTimeout(() => controller.abort(), limitMs);
      try {
        const run = await within(prepare(input), limitMs, `loading took over ${limitMs} ms`);
        const work = run(controller.signal);
        work.then(
          () => clearTimeout(limit),
          () => clearTimeout(limit),
        );
        return await within(work, budgetMs, `took over ${budgetMs} ms`);
      } catch (error) {
        log(
          `[gateway] ${input.url} sent client-rendered: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      }
    },
  };
}
