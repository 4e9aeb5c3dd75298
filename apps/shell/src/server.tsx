// The shell's server entry (apps/rspack.base.mjs builds it; the gateway imports it by its hashed
// name): renders a public page, the shell around the remote's page, as the browser's first render
// will draw it. Queries the page starts are answered from the page's data between passes; anything
// the server cannot answer fails the render, and the gateway sends the client-rendered page.
import { type ComponentType, createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { type Query, QueryClientProvider } from '@tanstack/react-query';
import { type RemoteAppProps } from '@slotwise/contracts';
import { App } from './App';
import { manifestEntry, manifestRoutes } from './federation/remote-manifest';
import { createQueryClient } from './query-client';
import { ServerRenderContext, yearIn } from './server-render/context';
import { type ServerRenderState } from './server-render/state';

export type { ServerRenderState } from './server-render/state';

/** The export of a remote's server entry. */
export type ServerApp = ComponentType<{
  props: RemoteAppProps;
  pageData: Readonly<Record<string, unknown>>;
}>;

export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  remote: {
    name: string;
    /** The manifest's absolute URL, as the browser will read it. */
    manifestUrl: string;
    manifest: unknown;
    ServerApp: ServerApp;
  };
  /** The page's data (GET answers by URL path), the only answers there are. */
  pageData: Readonly<Record<string, unknown>>;
  apiBaseUrl: string;
  /** The page's time zone (the business's), for dates such as the footer's year. */
  timeZone: string;
  now: number;
  signal?: AbortSignal;
}

export interface RenderResult {
  /** The content of #root. */
  html: string;
  state: ServerRenderState;
  /**
   * The page-data paths the render read, whose answers `state.queries` now hold: the gateway
   * leaves them out of the page's data block, so no answer is sent twice.
   */
  answeredPaths: string[];
}

/** Passes: each one's new queries are answered before the next (the business, then its services). */
const MAX_PASSES = 4;

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof option === 'function' ? option(query) : option) !== false;
}

async function renderOnce(element: React.ReactElement, signal?: AbortSignal): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(element, {
    signal,
    onError(error) {
      failure ??= error;
    },
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (failure) throw failure;
  return html;
}

export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const { remote } = request;
  const state: ServerRenderState = {
    remote: remote.name,
    entry: manifestEntry(remote.manifest, remote.manifestUrl),
    routes: manifestRoutes(remote.manifest, remote.manifestUrl),
    apiBaseUrl: request.apiBaseUrl,
    year: yearIn(request.timeZone, request.now),
    queries: [],
  };
  const { ServerApp, name } = remote;
  // The paths the remote's API client answers from (its queries may reshape the answers, so
  // which paths were read is what tells the gateway not to send them again).
  const answered = new Set<string>();
  const pageData = new Proxy(request.pageData, {
    get(target, key, receiver) {
      if (typeof key === 'string' && Object.hasOwn(target, key)) answered.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const RemotePage = (props: RemoteAppProps) => createElement(ServerApp, { props, pageData });
  const queryClient = createQueryClient();
  const tree = (
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={request.url}>
        <ServerRenderContext value={{ state, remoteApps: { [name]: RemotePage } }}>
          <App />
        </ServerRenderContext>
      </StaticRouter>
    </QueryClientProvider>
  );
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const html = await renderOnce(tree, request.signal);
      const waiting = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && enabled(query));
      if (waiting.length === 0) {
        state.queries = queryClient
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.status === 'success')
          .map((query) => ({
            queryKey: query.queryKey,
            data: query.state.data,
            updatedAt: query.state.dataUpdatedAt,
          }));
        return { html, state, answeredPaths: [...answered] };
      }
      await Promise.all(waiting.map((query) => query.fetch()));
    }
    throw new Error(`the page still waited for data after ${MAX_PASSES} passes`);
  } finally {
    queryClient.clear();
  }
}
