import { describe, expect, it } from 'vitest';
import {
  isHeldByCap,
  MessageTexts,
  messageStateText,
  notSetUpText,
  OUTBOX_STATUSES,
  SETTLED_OUTBOX_STATUSES,
} from './messages.js';

describe('messageStateText', () => {
  it('says where a message is, never "sent" before the provider took it', () => {
    expect(messageStateText('sms', 'pending')).toBe('Queued — waiting for the SMS provider');
    expect(messageStateText('sms', 'queued')).toBe('Queued — waiting for the SMS provider');
    expect(messageStateText('email', 'queued')).toBe('Queued — waiting for the email provider');
    expect(messageStateText('sms', 'sending')).toBe('Sending — handing it to the SMS provider');
    expect(messageStateText('email', 'sent')).toBe('Sent');
    expect(messageStateText('sms', 'delivered')).toBe('Delivered');
    expect(messageStateText('sms', 'failed', 'Twilio 400: invalid number')).toBe(
      'Failed: Twilio 400: invalid number',
    );
    expect(messageStateText('sms', 'failed', null)).toBe('Failed: the provider refused it');
    expect(messageStateText('sms', 'not_configured')).toBe(
      'Not sent: SMS is not set up on this server',
    );
    expect(messageStateText('email', 'not_configured')).toBe(
      'Not sent: email is not set up on this server',
    );
    expect(messageStateText('sms', 'cancelled')).toBe('Not sent: withdrawn before sending');
    expect(messageStateText('sms', 'pending', MessageTexts.smsHeldBusiness)).toBe(
      "Waiting — held back by the business's hourly text message limit; it goes out by itself once the hour allows",
    );
    for (const status of OUTBOX_STATUSES) {
      const text = messageStateText('sms', status);
      if (!['sent', 'delivered'].includes(status)) expect(text).not.toMatch(/^(Sent|Delivered)/);
    }
  });

  it('tells a message an hourly SMS cap holds back: pending with its reason', () => {
    expect(isHeldByCap({ status: 'pending', error: MessageTexts.smsHeldPhone })).toBe(true);
    expect(isHeldByCap({ status: 'pending', error: null })).toBe(false);
    expect(isHeldByCap({ status: 'pending', error: '' })).toBe(false);
    expect(isHeldByCap({ status: 'failed', error: 'Twilio 400: invalid number' })).toBe(false);
  });

  it('names the channel that is not set up', () => {
    expect(notSetUpText('sms')).toBe('SMS is not set up on this server');
    expect(notSetUpText('email')).toBe('Email is not set up on this server');
  });

  it('counts only the states nothing more happens in as settled', () => {
    expect([...SETTLED_OUTBOX_STATUSES].sort()).toEqual(
      ['cancelled', 'delivered', 'failed', 'not_configured', 'sent'].sort(),
    );
  });
});
