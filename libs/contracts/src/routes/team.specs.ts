import { SessionResponseSchema } from '../auth.js';
import { ErrorCode } from '../error-codes.js';
import {
  AcceptInvitationRequestSchema,
  CreateInvitationRequestSchema,
  InvitationListSchema,
  InvitationSchema,
  MemberListSchema,
  MemberSchema,
  MembershipListSchema,
  UpdateMemberRequestSchema,
} from '../team.js';
import { defineRoutes, ownerRoute, withBody } from './route-spec.js';
import { teamRoutes } from './team.routes.js';

const NOT_FOUND = [ErrorCode.BUSINESS_NOT_FOUND];

export const teamSpecs = defineRoutes(teamRoutes, {
  tag: {
    name: 'Team',
    description:
      "A business's members and their roles (owner, manager, staff), and invitations to join.",
  },
  routes: {
    memberships: ownerRoute(
      [],
      "The signed-in person's businesses and roles",
      MembershipListSchema,
    ),
    accept: {
      summary: 'Accept an invitation: a new account, or an existing one linked',
      description:
        'Single-use, valid 7 days. A new address gets an account with `password`; an existing account gives its own `password` (or the caller is signed in as it); or `google: true` after `GET /api/auth/google?invitation=…` (the Google email must be the invited one: 403 otherwise, the invitation kept). Answers a session like sign-in.',
      errors: [
        ErrorCode.LINK_INVALID,
        ErrorCode.UNAUTHORIZED,
        ErrorCode.FORBIDDEN,
        ErrorCode.MEMBER_CONFLICT,
      ],
      // With a Bearer token of the invited address's account, no password is needed.
      access: 'optional-owner',
      rateLimited: true,
      status: 200,
      response: SessionResponseSchema,
      ...withBody(AcceptInvitationRequestSchema, { token: 'a1b2c3', password: 'a long secret' }),
    },
    invitations: ownerRoute(NOT_FOUND, "The business's invitations", InvitationListSchema),
    invite: ownerRoute(
      [...NOT_FOUND, ErrorCode.STAFF_NOT_FOUND, ErrorCode.MEMBER_CONFLICT],
      'Invite someone by email (an emailed link valid 7 days)',
      InvitationSchema,
      {
        status: 201,
        ...withBody(CreateInvitationRequestSchema, {
          email: 'mia@example.com',
          role: 'staff',
          staffMemberId: 12,
        }),
      },
    ),
    revoke: ownerRoute(
      [...NOT_FOUND, ErrorCode.INVITATION_NOT_FOUND],
      'Revoke an invitation',
      null,
      {
        status: 204,
      },
    ),
    resend: ownerRoute(
      [...NOT_FOUND, ErrorCode.INVITATION_NOT_FOUND],
      'Send an invitation again with a new link (the old one stops working)',
      InvitationSchema,
      { status: 200 },
    ),
    members: ownerRoute(NOT_FOUND, "The business's members", MemberListSchema),
    updateMember: ownerRoute(
      [...NOT_FOUND, ErrorCode.MEMBER_NOT_FOUND, ErrorCode.MEMBER_CONFLICT],
      "Change a member's role (`owner` hands ownership over; the caller becomes manager)",
      MemberSchema,
      withBody(UpdateMemberRequestSchema, { role: 'manager' }),
    ),
    removeMember: ownerRoute(
      [...NOT_FOUND, ErrorCode.MEMBER_NOT_FOUND, ErrorCode.MEMBER_CONFLICT],
      'Remove a member: their access to this business ends at once (their other businesses stay); their appointments stay',
      null,
      { status: 204 },
    ),
  },
});
