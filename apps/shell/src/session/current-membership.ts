import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { chosenBusinessId } from '@slotwise/api-client';
import { type Membership, type Role } from '@slotwise/contracts';
import { refreshSession, useSessionState } from './session-store';

/** The membership the screens act on: its role decides the navigation, its name is shown. */
export interface CurrentMembership {
  role: Role;
  /** Null for a new account whose business the API has yet to create. */
  businessName: string | null;
}

/**
 * Which of a person's memberships the API acts on, by the API's own rule (decision 015): the
 * business chosen in this browser when the person is a member of it, else their first business
 * they own, else their first membership. With none, the API makes a new account the owner of the
 * business it creates for it on first use.
 */
export function currentMembership(
  memberships: readonly Membership[],
  chosenId: string | null,
): CurrentMembership {
  const chosen = chosenId === null ? undefined : Number(chosenId);
  const member =
    memberships.find((m) => m.businessId === chosen) ??
    memberships.find((m) => m.role === 'owner') ??
    memberships[0];
  return member
    ? { role: member.role, businessName: member.businessName || null }
    : { role: 'owner', businessName: null };
}

// The choice changes in this tab by the dashboard's switcher (which reloads the page) and in other
// tabs through storage events.
function subscribeToChoice(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export function useChosenBusinessId(): string | null {
  return useSyncExternalStore(subscribeToChoice, chosenBusinessId, () => null);
}

export const membershipsKey = (userId: string | undefined) =>
  ['shell', 'memberships', userId] as const;

/** The signed-in person's current membership; undefined for visitors and while it loads. */
export function useCurrentMembership(): CurrentMembership | undefined {
  const { session } = useSessionState();
  const chosenId = useChosenBusinessId();
  const memberships = useQuery({
    queryKey: membershipsKey(session?.user.id),
    enabled: session !== null,
    queryFn: async () => {
      const token = session?.accessToken ?? '';
      return (await import('./session-api')).requestMemberships(token, refreshSession);
    },
  });
  if (!session || !memberships.data) return undefined;
  return currentMembership(memberships.data, chosenId);
}
