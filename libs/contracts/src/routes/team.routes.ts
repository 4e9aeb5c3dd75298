import type { SessionResponse } from '../auth.js';
import type {
  AcceptInvitationRequest,
  CreateInvitationRequest,
  Invitation,
  Member,
  Membership,
  UpdateMemberRequest,
} from '../team.js';
import { route } from './route.js';

export const teamRoutes = {
  memberships: route<Membership[]>()('GET', 'me/memberships'),
  accept: route<SessionResponse, AcceptInvitationRequest>()('POST', 'invitations/accept'),
  invitations: route<Invitation[]>()('GET', 'business/:id/invitations'),
  invite: route<Invitation, CreateInvitationRequest>()('POST', 'business/:id/invitations'),
  revoke: route<void>()('DELETE', 'business/:id/invitations/:invitationId'),
  resend: route<Invitation>()('POST', 'business/:id/invitations/:invitationId/resend'),
  members: route<Member[]>()('GET', 'business/:id/members'),
  updateMember: route<Member, UpdateMemberRequest>()('PATCH', 'business/:id/members/:memberId'),
  removeMember: route<void>()('DELETE', 'business/:id/members/:memberId'),
} as const;
