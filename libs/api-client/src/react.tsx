import { type ReactNode, createContext, use } from 'react';
import { type ApiClient } from './client';

const ApiClientContext = createContext<ApiClient | null>(null);

/** Gives a remote's components the client it built from its RemoteAppProps. */
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
