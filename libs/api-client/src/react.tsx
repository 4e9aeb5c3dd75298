import { type ReactNode, createContext, use, useLayoutEffect, useState } from 'react';
import { type RemoteAppProps } from '@slotwise/contracts';
import { type ApiClient, createApiClient } from './client';

const ApiClientContext = createContext<ApiClient | null>(null);

/** Gives components the client their app built. */
export function ApiClientProvider({
  client,
  children,
}: {
  client: ApiClient;
  children: ReactNode;
}) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): ApiClient {
  const client = use(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an <ApiClientProvider>');
  return client;
}

/**
 * A remote's client, built once per mount from the props the shell passes: the API address, the
 * session's token and the shell's refresh. Requests read the newest props (a refreshed token), even
 * one started before the refresh.
 */
function clientFromProps(initial: RemoteAppProps) {
  let props = initial;
  const client = createApiClient({
    baseUrl: initial.apiBaseUrl,
    getAccessToken: () => props.session?.accessToken ?? null,
    refreshSession: () => props.refreshSession(),
  });
  return { client, update: (next: RemoteAppProps) => (props = next) };
}

/** Provides a remote's pages with the client built from its RemoteAppProps. */
export function RemoteApiClientProvider({
  props,
  children,
}: {
  props: RemoteAppProps;
  children: ReactNode;
}) {
  const [api] = useState(() => clientFromProps(props));
  useLayoutEffect(() => {
    api.update(props);
  });
  return <ApiClientProvider client={api.client}>{children}</ApiClientProvider>;
}
