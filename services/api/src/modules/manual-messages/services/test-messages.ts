import type { OutboxMessageInput } from '../../outbox/index.js';

/** Outbox `kind` of the Testing Tools pages' messages (/email-test, /sms-test). */
export const TEST_MESSAGE_KIND = 'test-message';

/** Business names are typed by people: they must not break an email's subject header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

export function testEmail(
  to: string,
  businessId: number,
  businessName: string,
): OutboxMessageInput {
  return {
    channel: 'email',
    to,
    subject: oneLine(`Test email from Slotwise for ${businessName}`),
    kind: TEST_MESSAGE_KIND,
    businessId,
    body: [
      `This is a test email from Slotwise for ${businessName}.`,
      '',
      'If you can read this, emails from your booking page reach this address. No reply is needed.',
    ].join('\n'),
  };
}

export function testSms(to: string, businessId: number, businessName: string): OutboxMessageInput {
  return {
    channel: 'sms',
    to,
    subject: null,
    kind: TEST_MESSAGE_KIND,
    businessId,
    body: `This is a test text message from Slotwise for ${businessName}. Your SMS notifications are working.`,
  };
}
