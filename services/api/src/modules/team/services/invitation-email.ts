import { INVITATION_TTL_DAYS, ROLE_LABELS, type Role } from '@slotwise/contracts';
import { publicLink } from '../../../core/http/public-url.js';
import type { OutboxMessageInput } from '../../outbox/index.js';

export function invitationLink(publicUrl: string | undefined, token: string): string {
  return publicLink(publicUrl, `/join?token=${encodeURIComponent(token)}`);
}

export function invitationEmail(
  to: string,
  businessName: string,
  role: Role,
  link: string,
): OutboxMessageInput {
  return {
    channel: 'email',
    to,
    kind: 'team-invitation',
    subject: `You're invited to join ${businessName} on Slotwise`,
    body: [
      'Hello,',
      '',
      `${businessName} has invited you to join their team on Slotwise as ${ROLE_LABELS[role].toLowerCase()}.`,
      'Open this link to accept, with your existing Slotwise account or a new one:',
      '',
      link,
      '',
      `The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
      "If you weren't expecting this, you can ignore this email.",
      '',
      'The Slotwise team',
    ].join('\n'),
  };
}
