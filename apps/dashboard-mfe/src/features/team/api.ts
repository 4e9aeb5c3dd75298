import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@slotwise/api-client';
import {
  type CreateInvitationRequest,
  type Permission,
  type Role,
  apiRoutes,
  roleCan,
} from '@slotwise/contracts';
import { ownerKeys, useOwner } from '../owner';

export const teamKeys = {
  memberships: (userId: string) => ['owner', userId, 'memberships'] as const,
  members: (businessId: number) => [...ownerKeys.ofBusiness(businessId), 'members'] as const,
  invitations: (businessId: number) =>
    [...ownerKeys.ofBusiness(businessId), 'invitations'] as const,
};

/** The signed-in person's businesses and roles. */
export function useMemberships() {
  const { session } = useOwner();
  const api = useApiClient();
  return useQuery({
    queryKey: teamKeys.memberships(session.user.id),
    queryFn: ({ signal }) => api.request(apiRoutes.team.memberships, { signal }),
  });
}

/**
 * The caller's role in a business, and what it may do by the contracts' table: screens hide what
 * the API would refuse. Undefined while loading (show nothing that needs a permission yet).
 */
export function useRole(businessId: number): {
  role: Role | undefined;
  can: (permission: Permission) => boolean;
} {
  const role = useMemberships().data?.find((m) => m.businessId === businessId)?.role;
  return { role, can: (permission) => roleCan(role, permission) };
}

/** The caller's membership (its staff record: whose day "My day" shows). */
export function useMyMembership(businessId: number) {
  return useMemberships().data?.find((m) => m.businessId === businessId);
}

export function useMembers(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: teamKeys.members(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.team.members, { params: { id: businessId }, signal }),
  });
}

export function useInvitations(businessId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: teamKeys.invitations(businessId),
    queryFn: ({ signal }) =>
      api.request(apiRoutes.team.invitations, { params: { id: businessId }, signal }),
  });
}

/** Every team change refreshes the members and invitations lists. */
function useTeamMutation<V, R>(businessId: number, call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited: the row that asked (a removed member's) must still be there for its own
    // success callback (its toast) before the refreshed list drops it.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: teamKeys.members(businessId) });
      void client.invalidateQueries({ queryKey: teamKeys.invitations(businessId) });
    },
  });
}

export function useInvite(businessId: number) {
  const api = useApiClient();
  return useTeamMutation(businessId, (body: CreateInvitationRequest) =>
    api.request(apiRoutes.team.invite, { params: { id: businessId }, body }),
  );
}

export function useInvitationAction(businessId: number) {
  const api = useApiClient();
  return useTeamMutation(
    businessId,
    ({ id, action }: { id: number; action: 'resend' | 'revoke' }): Promise<unknown> => {
      const params = { id: businessId, invitationId: id };
      return action === 'resend'
        ? api.request(apiRoutes.team.resend, { params })
        : api.request(apiRoutes.team.revoke, { params });
    },
  );
}

export function useMemberChange(businessId: number) {
  const api = useApiClient();
  return useTeamMutation(
    businessId,
    ({ id, role }: { id: number; role: Role | null }): Promise<unknown> =>
      role === null
        ? api.request(apiRoutes.team.removeMember, { params: { id: businessId, memberId: id } })
        : api.request(apiRoutes.team.updateMember, {
            params: { id: businessId, memberId: id },
            body: { role },
          }),
  );
}
