// Server rendering only (the apps' server entries; never in a browser bundle): a remote's API
// client while the gateway renders a page answers from the page's data, and from nothing else.
// apps/rspack.base.mjs builds the server entries with `@slotwise/api-client` resolved to
// server-index.ts, whose RemoteApiClientProvider is this one.
import { type ComponentType, type ReactNode, createContext, use, useState } from 'react';
import { type ApiRoute, type RemoteAppProps, apiPath } from '@slotwise/contracts';
import { type ApiClient } from './client';
import { ApiClientProvider } from './react';

/** The page's data (GET answers by URL path), set by a remote's server entry. */
export const ServerPageDataContext = createContext<Readonly<Record<string, unknown>>>({});

/** A client that answers GETs from `pageData`; any other call rejects (the render then fails). */
export function serverApiClient(pageData: Readonly<Record<string, unknown>>): ApiClient {
  return {
    request(
      route: ApiRoute<unknown, unknown, unknown>,
      options?: { params?: unknown; query?: unknown },
    ) {
      const url = (apiPath as (r: typeof route, p?: unknown) => string)(route, options?.params);
      if (route.method !== 'GET' || options?.query !== undefined || !Object.hasOwn(pageData, url))
        return Promise.reject(new Error(`${route.method} ${url} is not part of the page's data`));
      return Promise.resolve(pageData[url]);
    },
  } as ApiClient;
}

/** The server's RemoteApiClientProvider: the client of the page's data. */
export function RemoteApiClientProvider({ children }: { children: ReactNode }) {
  const pageData = use(ServerPageDataContext);
  const [client] = useState(() => serverApiClient(pageData));
  return <ApiClientProvider client={client}>{children}</ApiClientProvider>;
}

/**
 * A remote's server entry component: the same ./App the shell loads in the browser, given the page's
 * data the gateway fetched, so the first render on the server shows what the browser's will.
 */
export function serverApp(App: ComponentType<RemoteAppProps>) {
  return function ServerApp({
    props,
    pageData,
  }: {
    props: RemoteAppProps;
    pageData: Readonly<Record<string, unknown>>;
  }) {
    return (
      <ServerPageDataContext value={pageData}>
        <App {...props} />
      </ServerPageDataContext>
    );
  };
}
