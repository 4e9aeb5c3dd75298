import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config/app-config.js';
import { confirmationState, configuredChannels } from './configured-channels.js';
import { SmtpEmailSender } from './smtp-email.sender.js';
import { TwilioSmsSender } from './twilio-sms.sender.js';

const TWILIO = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'secret',
  TWILIO_FROM_NUMBER: '+61400000000',
};

describe('configuredChannels', () => {
  // The API answers from this rule; the worker's senders decide what actually happens.
  it.each([
    ['nothing', {}],
    ['everything', { ...TWILIO, SMTP_URL: 'smtp://mail.example.com:587' }],
    ['SMS without a sender number', { ...TWILIO, TWILIO_FROM_NUMBER: '' }],
    ['only the auth token (status callbacks)', { TWILIO_AUTH_TOKEN: 'secret' }],
    ['email only', { SMTP_URL: 'smtps://u:p@mail.example.com' }],
  ])('agrees with the senders with %s configured', (_, env) => {
    const config = loadConfig({ DATABASE_URL: 'postgres://h/db', ...env });
    const email = new SmtpEmailSender(config);
    expect(configuredChannels(config)).toEqual({
      sms: new TwilioSmsSender(config).configured,
      email: email.configured,
    });
    email.onModuleDestroy();
  });

  it('needs all three Twilio settings for SMS and an SMTP URL for email', () => {
    const config = (env: Record<string, string>) =>
      configuredChannels(loadConfig({ DATABASE_URL: 'postgres://h/db', ...env }));
    expect(config({})).toEqual({ sms: false, email: false });
    expect(config({ ...TWILIO, TWILIO_ACCOUNT_SID: '' })).toEqual({ sms: false, email: false });
    expect(config({ ...TWILIO, SMTP_URL: 'smtp://mail.example.com' })).toEqual({
      sms: true,
      email: true,
    });
  });
});

describe('confirmationState', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ DATABASE_URL: 'postgres://h/db', ...env });

  it('says a confirmation is going out only when its channel has a provider', () => {
    expect(confirmationState(config(TWILIO), 'sms', true)).toBe('queued');
    expect(confirmationState(config({}), 'sms', true)).toBe('not_configured');
    expect(confirmationState(config({ SMTP_URL: 'smtp://m.example.com' }), 'email', true)).toBe(
      'queued',
    );
    expect(confirmationState(config(TWILIO), 'email', true)).toBe('not_configured');
  });

  it('says none was written when the customer has no address for the channel', () => {
    expect(confirmationState(config(TWILIO), 'sms', false)).toBe('not_sent');
    expect(confirmationState(config({}), 'email', false)).toBe('not_sent');
  });
});
