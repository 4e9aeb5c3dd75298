import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DevOutboxMessage, MessageTexts } from '@slotwise/contracts';
import { createTestContext, type TestContext } from './support/test-app.js';
import { settled, startTestWorker } from './support/worker.js';

let ctx: TestContext;
let worker: INestApplicationContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // No TWILIO_* and no SMTP_URL: a fresh machine, where messages are kept, not sent.
  worker = await startTestWorker(ctx);
});

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
});

it('keeps messages with their full text as not_configured when no provider is set up', async () => {
  await ctx.db.query(
    `INSERT INTO outbox (channel, recipient, subject, body, kind) VALUES
       ('sms', '0412 345 678', NULL, 'Your Cut is booked. Cancel: https://x/cancel?token=a', 'booking-confirmation'),
       ('email', 'owner@example.com', 'New booking', 'You have a new booking (#1).', 'owner-new-booking')`,
  );
  const rows = await settled(ctx.db);
  expect(rows.map((r) => [r.status, r.last_error])).toEqual([
    ['not_configured', MessageTexts.notConfigured],
    ['not_configured', MessageTexts.notConfigured],
  ]);
  // The development mailbox shows them, text and state.
  const mailbox = (await ctx.get('/api/dev/outbox')).json() as DevOutboxMessage[];
  expect(mailbox.map((m) => [m.to, m.status, m.lastError, m.body])).toEqual([
    [
      'owner@example.com',
      'not_configured',
      MessageTexts.notConfigured,
      'You have a new booking (#1).',
    ],
    [
      '0412 345 678',
      'not_configured',
      MessageTexts.notConfigured,
      'Your Cut is booked. Cancel: https://x/cancel?token=a',
    ],
  ]);
});
