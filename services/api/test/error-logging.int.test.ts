import type { LoggerService } from '@nestjs/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingRequest, type CreatedBusiness, createBusiness } from './support/fixtures.js';
import { createTestContext, type TestContext } from './support/test-app.js';

/** Every line the app logs, with its level. */
const lines: { level: string; text: string }[] = [];
const capture =
  (level: string) =>
  (message: unknown, ...rest: unknown[]) =>
    lines.push({ level, text: [message, ...rest].map(String).join(' ') });
const logger: LoggerService = {
  log: capture('log'),
  warn: capture('warn'),
  error: capture('error'),
  debug: capture('debug'),
  verbose: capture('verbose'),
};

let ctx: TestContext;
let salon: CreatedBusiness;

beforeAll(async () => {
  ctx = await createTestContext({ logger });
  salon = await createBusiness(ctx.db, {
    name: 'Log Salon',
    services: [{ name: 'Cut', durationMinutes: 30 }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(() => {
  lines.length = 0;
});

const cutId = () => salon.services.Cut!.id;

describe('hostile input', () => {
  it('answers far-off dates with a 400 and logs at most one short line, no stack', async () => {
    const dates = ['275760-09-13', '+275760-09-13T00:00:00Z', '99999-01-01', '1000-01-01'];
    for (const date of dates) {
      const q = encodeURIComponent(date);
      const times = await ctx.get(
        `/api/business/${salon.business.id}/available-times?date=${q}&serviceId=${cutId()}`,
      );
      expect(times.statusCode, date).toBe(400);
      expect(times.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const booking = await ctx.post(
        '/api/appointments',
        bookingRequest(salon.business.id, cutId(), date),
      );
      expect(booking.statusCode, date).toBe(400);
    }
    const logged = lines.filter((l) => l.level === 'warn' || l.level === 'error');
    expect(logged.filter((l) => l.level === 'error')).toEqual([]);
    expect(logged.length).toBeLessThanOrEqual(dates.length * 2);
    for (const line of logged) {
      expect(line.text).not.toContain('\n');
      expect(line.text.length).toBeLessThan(300);
    }
  });
});
