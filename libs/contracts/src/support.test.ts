import { describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS, SupportMessageRequestSchema } from './support.js';

const valid = {
  firstName: ' Mia ',
  lastName: 'Nguyen',
  email: ' Mia@Example.com ',
  subject: 'Hours',
  message: 'Can I close for public holidays?',
};

describe('SupportMessageRequestSchema', () => {
  it('trims names and lowercases the email', () => {
    expect(SupportMessageRequestSchema.parse(valid)).toMatchObject({
      firstName: 'Mia',
      email: 'mia@example.com',
    });
  });

  it('requires every field, with a message per field', () => {
    const result = SupportMessageRequestSchema.safeParse({
      firstName: '',
      lastName: ' ',
      email: '',
      subject: '',
      message: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(messages).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('keeps names and the subject on one line (they go into email headers)', () => {
    const injected = { ...valid, subject: 'Hi\r\nBcc: everyone@example.com' };
    expect(SupportMessageRequestSchema.safeParse(injected).error?.issues[0]?.message).toBe(
      'Subject must be on one line',
    );
    expect(SupportMessageRequestSchema.safeParse({ ...valid, message: 'a\nb' }).success).toBe(true);
  });

  it('caps lengths', () => {
    const long = { ...valid, message: 'x'.repeat(SUPPORT_LIMITS.message + 1) };
    expect(SupportMessageRequestSchema.safeParse(long).success).toBe(false);
  });
});
