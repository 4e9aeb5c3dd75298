import {
  type ReactNode,
  createContext,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { type OwnerSession, type RemoteAppProps } from '@slotwise/contracts';
import { type HttpMethod, apiRequest } from '@slotwise/ui';

export type OwnerRequest = <T>(
  method: HttpMethod,
  url: string,
  options?: { body?: unknown; signal?: AbortSignal },
) => Promise<T>;

interface OwnerContextValue {
  session: OwnerSession;
  request: OwnerRequest;
}

const OwnerContext = createContext<OwnerContextValue | null>(null);

/**
 * The shell's session for the owner pages. The shell only renders this remote's owner routes when
 * signed in; the request helper sends the latest token and lets the shell refresh it on a 401.
 */
export function OwnerProvider({
  props,
  children,
}: {
  props: RemoteAppProps & { session: OwnerSession };
  children: ReactNode;
}) {
  const latest = useRef(props);
  // Requests read the newest token and callbacks, even from a mutation started before a refresh.
  useLayoutEffect(() => {
    latest.current = props;
  });

  const request = useCallback<OwnerRequest>(
    (method, url, options = {}) =>
      apiRequest(method, url, {
        ...options,
        baseUrl: latest.current.apiBaseUrl,
        token: latest.current.session?.accessToken ?? null,
        refresh: () => latest.current.refreshSession(),
      }),
    [],
  );
  const value = useMemo(() => ({ session: props.session, request }), [props.session, request]);
  return <OwnerContext value={value}>{children}</OwnerContext>;
}

export function useOwner(): OwnerContextValue {
  const value = use(OwnerContext);
  if (!value) throw new Error('useOwner needs an <OwnerProvider>');
  return value;
}
