// Server rendering of public pages: the shell's and the page's remote's server entries (each
// app's build names its own in its manifest's metaData.ssr, by content hash) are imported by that
// file name, so a rebuilt remote is used as soon as its manifest names the new file, and an old
// module is never reused for a new build. Rendering runs in this process within a time budget;
// whatever fails or runs late answers null and the page goes out client-rendered.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManifestFile, PageMatch } from './page-routes.js';
import { type JobResult, type RenderJob, entryLoader, runJob } from './render-job.js';
import { renderPool } from './render-pool.js';

/** What an app's manifest says of its server entry (apps/rspack.base.mjs). */
interface SsrMeta {
  entry?: unknown;
  css?: unknown;
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
  /**
   * Worker threads that render, recycled after a number of renders or builds and stopped when a
   * render runs past `limitMs`. Default 0: in the gateway's own thread (on a 2-core machine the
   * worker renders missed the 150 ms budget more often in the browser tests).
   */
  workers?: number;
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
  /** Page-data paths the state already answers: not sent again in the data block. */
  answeredPaths?: string[];
  /** The styles the first paint needs: the shell's start-up styles, the remote's App's and page's. */
  css: string;
}

export interface ServerRenderer {
  render(input: RenderInput): Promise<Rendered | null>;
  close(): Promise<void>;
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
  workers = 0,
}: ServerRenderOptions): ServerRenderer {
  const pool = workers > 0 ? renderPool({ size: workers }) : null;
  const loader = entryLoader();
  /** Styles by file (hashed names: never change). */
  const styles = new Map<string, Promise<string>>();

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

  function style(key: string, read: () => Promise<string>): Promise<string> {
    let css = styles.get(key);
    if (!css) {
      css = read();
      styles.set(key, css);
      css.catch(() => styles.delete(key));
    }
    return css;
  }

  /** The render's job (plain data, for a worker) and the first paint's styles. */
  async function prepare(input: RenderInput): Promise<{ job: RenderJob; css: string }> {
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
    const job: RenderJob = {
      shell: { file: join(shellDir, shellSsr.entry) },
      remote:
        source.kind === 'local'
          ? { file: join(source.dir, dirOf(source.base), remoteSsr.entry) }
          : { url: new URL(remoteSsr.entry, source.url).href },
      remoteName,
      url: input.url,
      manifestUrl: new URL(match.url, input.origin).href,
      manifest: match.manifest,
      pageData: input.pageData,
      apiBaseUrl: input.apiBaseUrl,
      timeZone: input.timeZone,
    };
    return { job, css: css.join('\n') };
  }

  /** In a worker (stopped past the limit), or here (aborted past it). */
  function run(job: RenderJob): Promise<JobResult> {
    if (pool) return pool.run(job, limitMs);
    const controller = new AbortController();
    const limit = setTimeout(() => controller.abort(), limitMs);
    const work = runJob(loader, job, controller.signal);
    work.then(
      () => clearTimeout(limit),
      () => clearTimeout(limit),
    );
    return work;
  }

  return {
    async render(input) {
      // Past the budget the page goes out client-rendered, but the render runs on (up to the
      // limit): the first render of a new build (loading it, a cold JIT) is the slow one, and it
      // readies the next.
      try {
        const { job, css } = await within(
          prepare(input),
          limitMs,
          `reading its files took over ${limitMs} ms`,
        );
        const result = await within(run(job), budgetMs, `took over ${budgetMs} ms`);
        return { ...result, css };
      } catch (error) {
        log(
          `[gateway] ${input.url} sent client-rendered: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      }
    },
    async close() {
      await pool?.close();
    },
  };
}
