import { type ReactNode, createContext, use, useLayoutEffect, useMemo, useState } from 'react';
import { type ApiClient, ApiClientProvider, createApiClient } from '@slotwise/api-client';
import { type OwnerSession, type RemoteAppProps } from '@slotwise/contracts';

interface OwnerContextValue {
  session: OwnerSession;
}

const OwnerContext = createContext<OwnerContextValue | null>(null);

/**
 * The API client of one mount, at the API address the shell gives. Requests read the newest props
 * (a refreshed token), even from a mutation started before the refresh; a 401 asks the shell to
 * refresh the session once.
 */
function ownerApiClient(initial: RemoteAppProps): {
  client: ApiClient;
  update: (props: RemoteAppProps) => void;
} {
  let props = initial;
  const client = createApiClient({
    baseUrl: initial.apiBaseUrl,
    getAccessToken: () => props.session?.accessToken ?? null,
    refreshSession: () => props.refreshSession(),
  });
  return {
    client,
    update: (next) => {
      props = next;
    },
  };
}

/**
 * The shell's session for the owner pages, and the API client they all call through. The shell
 * only renders this remote's owner routes when signed in.
 */
export function OwnerProvider({
  props,
  children,
}: {
  props: RemoteAppProps & { session: OwnerSession };
  children: ReactNode;
}) {
  const [api] = useState(() => ownerApiClient(props));
  useLayoutEffect(() => api.update(props));
  const value = useMemo(() => ({ session: props.session }), [props.session]);
  return (
    <ApiClientProvider client={api.client}>
      <OwnerContext value={value}>{children}</OwnerContext>
    </ApiClientProvider>
  );
}

export function useOwner(): OwnerContextValue {
  const value = use(OwnerContext);
  if (!value) throw new Error('useOwner needs an <OwnerProvider>');
  return value;
}
