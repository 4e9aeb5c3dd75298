import type { OutboxMessageInput } from '../../outbox/index.js';
import { publicLink } from '../../../core/http/public-url.js';
import { PASSWORD_RESET_TOKEN_TTL_HOURS, VERIFICATION_TOKEN_TTL_HOURS } from '../auth.constants.js';

export function verificationLink(
  publicUrl: string | undefined,
  token: string,
  next?: string,
): string {
  const then = next ? `&next=${encodeURIComponent(next)}` : '';
  return publicLink(publicUrl, `/verify-email?token=${encodeURIComponent(token)}${then}`);
}

export function verificationEmail(to: string, link: string): OutboxMessageInput {
  return {
    channel: 'email',
    to,
    kind: 'verify-email',
    subject: 'Verify your email address for Slotwise',
    body: [
      'Hello,',
      '',
      'Thanks for signing up to Slotwise. Please confirm your email address by opening this link:',
      '',
      link,
      '',
      `The link works once and expires in ${VERIFICATION_TOKEN_TTL_HOURS} hours.`,
      "If you didn't create a Slotwise account, you can ignore this email.",
      '',
      'The Slotwise team',
    ].join('\n'),
  };
}

/** Sent instead of a new account when someone registers with an address that already has one. */
export function accountExistsEmail(to: string, publicUrl: string | undefined): OutboxMessageInput {
  return {
    channel: 'email',
    to,
    kind: 'account-exists',
    subject: 'You already have a Slotwise account',
    body: [
      'Hello,',
      '',
      'Someone (hopefully you) tried to create a Slotwise account with this email address, but it',
      'already has one. You can sign in here:',
      '',
      publicLink(publicUrl, '/auth'),
      '',
      "If this wasn't you, you can ignore this email: nothing has changed on your account.",
      '',
      'The Slotwise team',
    ].join('\n'),
  };
}

export function passwordResetLink(publicUrl: string | undefined, token: string): string {
  return publicLink(publicUrl, `/reset-password?token=${encodeURIComponent(token)}`);
}

export function passwordResetEmail(to: string, link: string): OutboxMessageInput {
  const hours = PASSWORD_RESET_TOKEN_TTL_HOURS;
  return {
    channel: 'email',
    to,
    kind: 'password-reset',
    subject: 'Reset your Slotwise password',
    body: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to reset the password of your Slotwise account. To choose a',
      'new password, open this link:',
      '',
      link,
      '',
      `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`,
      'Setting a new password signs you out on every device.',
      "If you didn't ask for this, you can ignore this email: your password stays the same.",
      '',
      'The Slotwise team',
    ].join('\n'),
  };
}
