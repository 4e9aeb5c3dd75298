import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { IdSchema } from './ids.js';
import { ROLES } from './permissions.js';

/** Invitations work once and for this many days (issue 25). */
export const INVITATION_TTL_DAYS = 7;

export const RoleSchema = z.enum(ROLES, { error: 'Role must be owner, manager or staff' });

/** A person's place in a business, as `GET /api/me/memberships` lists it. */
export const MembershipSchema = z.object({
  businessId: z.number().int().positive(),
  businessName: z.string(),
  role: RoleSchema,
  /** The staff record this person is, whose appointments are theirs. */
  staffMemberId: z.number().int().positive().nullable(),
});
export type Membership = z.infer<typeof MembershipSchema>;
export const MembershipListSchema = z.array(MembershipSchema);

/** A member of a business, as Settings → Team lists them. */
export const MemberSchema = z.object({
  id: z.number().int().positive(),
  userId: z.string(),
  email: z.string(),
  role: RoleSchema,
  staffMemberId: z.number().int().positive().nullable(),
  staffMemberName: z.string().nullable(),
  joinedAt: z.iso.datetime(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MemberListSchema = z.array(MemberSchema);

export const UpdateMemberRequestSchema = z.object({ role: RoleSchema });
export type UpdateMemberRequest = z.input<typeof UpdateMemberRequestSchema>;

export const InvitationStatusSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const InvitationSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  role: RoleSchema,
  staffMemberId: z.number().int().positive().nullable(),
  status: InvitationStatusSchema,
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.array(InvitationSchema);

export const CreateInvitationRequestSchema = z.object({
  email: EmailSchema,
  role: RoleSchema.refine((role) => role !== 'owner', {
    message: 'Invite as manager or staff; hand over ownership from Team once they have joined',
  }),
  staffMemberId: IdSchema('staffMemberId').optional(),
});
export type CreateInvitationRequest = z.input<typeof CreateInvitationRequestSchema>;

/**
 * POST /api/invitations/accept. `password`: a new account's password, or the existing account's
 * (which signs in and links); a caller already signed in as the invited address needs none.
 * `google`: accept with the Google account just chosen for this invitation (`GET
 * /api/auth/google?invitation=…` left its proof in a cookie); its email must be the invited one.
 */
export const AcceptInvitationRequestSchema = z.object({
  token: z.string({ error: 'The invitation link is incomplete' }).min(1).max(200),
  password: z.string().min(1).max(200).optional(),
  google: z.literal(true).optional(),
});
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationRequestSchema>;

export const TeamMessages = {
  invitationInvalid: 'This invitation link is invalid, used, revoked or expired',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  alreadyMember: 'This person is already a member of the business',
  staffAlreadyLinked: 'This staff member already has an account linked',
  passwordNeeded: 'Enter a password to join',
  wrongPassword: 'An account with this email exists: enter its password to join',
  lastOwner: 'The business needs an owner: hand ownership to another member first',
  ownerOnly: 'Only the owner can hand over ownership or change an owner',
  ownBusinessOnly: 'You are not a member of this business',
  googleExpired:
    'Your Google sign-in for this invitation has expired. Choose Continue with Google again.',
  googleFailed: 'Google sign-in did not complete. Try again, or join with a password.',
} as const;

/** Accepting through Google with another address than the invited one. */
export function googleEmailMismatchMessage(invited: string, chosen: string): string {
  return `This invitation is for ${invited}, but you chose the Google account ${chosen}. Continue with Google as ${invited}, or join with a password.`;
}

/** The /join page's form: the new account's password, or the existing account's. */
export const JoinFormSchema = z.object({
  password: z.string().min(1, TeamMessages.passwordNeeded).max(200, 'Password is too long'),
});
export type JoinForm = z.input<typeof JoinFormSchema>;
