// One server render, as the gateway's worker threads (render-worker.ts) or its own process run it:
// the shell's and the remote's server entries, loaded once per name (a content hash), then the
// shell's renderPage with the remote's ServerApp inside.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runInThisContext } from 'node:vm';

/** A server entry: a file of a build here, or a URL on an allowed origin. */
export type EntrySource = { file: string } | { url: string };

/** What a render needs; plain data, so it can be posted to a worker. */
export interface RenderJob {
  shell: EntrySource;
  remote: EntrySource;
  remoteName: string;
  url: string;
  manifestUrl: string;
  manifest: unknown;
  pageData: Readonly<Record<string, unknown>>;
  apiBaseUrl: string;
  timeZone: string;
}

export interface JobResult {
  html: string;
  state: unknown;
  /** Page-data paths the state's queries hold (absent from an older shell build: none). */
  answeredPaths?: string[];
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
  }): Promise<JobResult>;
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

export interface EntryLoader {
  load(source: EntrySource): Promise<unknown>;
  /** How many builds' entries it holds. */
  readonly size: number;
}

/** Entries by name, each loaded once: a new build comes under a new name. */
export function entryLoader(): EntryLoader {
  const modules = new Map<string, Promise<unknown>>();
  return {
    get size() {
      return modules.size;
    },
    load(source) {
      const name = 'file' in source ? source.file : source.url;
      let module = modules.get(name);
      if (!module) {
        module = (
          'file' in source
            ? readFile(source.file, 'utf8')
            : fetch(source.url, { signal: AbortSignal.timeout(2000) }).then((r) => {
                if (!r.ok) throw new Error(`${source.url}: ${r.status}`);
                return r.text();
              })
        ).then((code) => evaluateEntry(code, name));
        modules.set(name, module);
        module.catch(() => modules.delete(name));
      }
      return module;
    },
  };
}

export async function runJob(
  loader: EntryLoader,
  job: RenderJob,
  signal?: AbortSignal,
): Promise<JobResult> {
  const [shell, remote] = (await Promise.all([
    loader.load(job.shell),
    loader.load(job.remote),
  ])) as [ShellServerEntry | undefined, { ServerApp?: unknown } | undefined];
  if (typeof shell?.renderPage !== 'function') throw new Error('the shell cannot render');
  if (typeof remote?.ServerApp !== 'function')
    throw new Error(`the ${job.remoteName} remote cannot render`);
  const { html, state, answeredPaths } = await shell.renderPage({
    url: job.url,
    remote: {
      name: job.remoteName,
      manifestUrl: job.manifestUrl,
      manifest: job.manifest,
      ServerApp: remote.ServerApp,
    },
    pageData: job.pageData,
    apiBaseUrl: job.apiBaseUrl,
    timeZone: job.timeZone,
    now: Date.now(),
    signal,
  });
  return { html, state, answeredPaths };
}
