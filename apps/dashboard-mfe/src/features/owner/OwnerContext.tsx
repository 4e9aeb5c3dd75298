import { type ReactNode, createContext, use, useMemo } from 'react';
import { RemoteApiClientProvider } from '@slotwise/api-client';
import { type OwnerSession, type RemoteAppProps } from '@slotwise/contracts';

interface OwnerContextValue {
  session: OwnerSession;
}

const OwnerContext = createContext<OwnerContextValue | null>(null);

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
  const value = useMemo(() => ({ session: props.session }), [props.session]);
  return (
    <RemoteApiClientProvider props={props}>
      <OwnerContext value={value}>{children}</OwnerContext>
    </RemoteApiClientProvider>
  );
}

export function useOwner(): OwnerContextValue {
  const value = use(OwnerContext);
  if (!value) throw new Error('useOwner needs an <OwnerProvider>');
  return value;
}
