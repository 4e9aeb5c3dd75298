import { describe, expect, it } from 'vitest';
import { smsReplyIntent } from './sms-confirmation.js';

describe('smsReplyIntent', () => {
  it.each([
    ['Y', 'confirm'],
    [' yes! ', 'confirm'],
    ['YES', 'confirm'],
    ['n', 'cancel'],
    ['No.', 'cancel'],
    ['Running 10 min late', null],
    ['', null],
    ['yes please', null],
  ])('%j → %s', (body, intent) => {
    expect(smsReplyIntent(body)).toBe(intent);
  });
});
