import type { Role } from '@slotwise/contracts';
import { bearer, json, latestMessage, PASSWORD, refreshCookie, uniqueEmail } from './auth.js';
import type { TestContext } from './test-app.js';

export interface Member {
  email: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
  memberId: number;
}

/** The token of the newest invitation emailed to `to`. */
export async function invitationToken(ctx: TestContext, to: string): Promise<string> {
  const message = await latestMessage(ctx, to);
  const match = /\/join\?token=([A-Za-z0-9_%-]+)/.exec(message?.body ?? '');
  if (!match) throw new Error(`No invitation link for ${to}: ${message?.body}`);
  return decodeURIComponent(match[1]!);
}

/** The owner (or a manager) invites a new address, which accepts with a new account. */
export async function inviteMember(
  ctx: TestContext,
  inviterToken: string,
  businessId: number,
  role: Exclude<Role, 'owner'>,
  staffMemberId?: number,
): Promise<Member> {
  const email = uniqueEmail(role);
  const invited = await ctx.request(
    json(
      'POST',
      `/api/business/${businessId}/invitations`,
      { email, role, ...(staffMemberId ? { staffMemberId } : {}) },
      inviterToken,
    ),
  );
  if (invited.statusCode !== 201) throw new Error(`invite ${invited.statusCode}: ${invited.body}`);
  const token = await invitationToken(ctx, email);
  const accepted = await ctx.post('/api/invitations/accept', { token, password: PASSWORD });
  if (accepted.statusCode !== 200)
    throw new Error(`accept ${accepted.statusCode}: ${accepted.body}`);
  const body = accepted.json() as { accessToken: string; user: { id: string } };
  const members = await ctx.request({
    method: 'GET',
    url: `/api/business/${businessId}/members`,
    headers: bearer(inviterToken),
  });
  const memberId = (members.json() as { id: number; userId: string }[]).find(
    (m) => m.userId === body.user.id,
  )!.id;
  return {
    email,
    userId: body.user.id,
    accessToken: body.accessToken,
    refreshToken: refreshCookie(accepted)!,
    memberId,
  };
}
