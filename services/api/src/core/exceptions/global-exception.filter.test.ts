import { type ArgumentsHost, Logger, type LoggerService, NotFoundException } from '@nestjs/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@slotwise/contracts';
import { DomainException } from './domain.exception.js';
import { GlobalExceptionFilter } from './global-exception.filter.js';

const lines: { level: string; text: string }[] = [];
const capture =
  (level: string) =>
  (...parts: unknown[]) =>
    lines.push({ level, text: parts.map(String).join(' ') });
const logger: LoggerService = {
  log: capture('log'),
  warn: capture('warn'),
  error: capture('error'),
};

/** What the filter answered, through a stand-in for Fastify's reply. */
function handle(exception: unknown, url = '/api/business/1/available-times?date=x&token=secret') {
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    sent: false,
    header: () => reply,
    status: (status: number) => ((sent.status = status), reply),
    send: (body: unknown) => ((sent.body = body), reply),
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ method: 'GET', url }) }),
  } as unknown as ArgumentsHost;
  new GlobalExceptionFilter().catch(exception, host);
  return sent;
}

/** A PostgreSQL data exception (class 22), as pg throws it. */
const pgDataError = () =>
  Object.assign(new Error(`time zone displacement out of range: "+099999-01-01"`), {
    code: '22009',
  });

beforeAll(() => Logger.overrideLogger(logger));
afterAll(() => Logger.overrideLogger(false));
beforeEach(() => {
  lines.length = 0;
});

describe('GlobalExceptionFilter logging', () => {
  it('logs a refused request (4xx) in one short line, without stack or query string', () => {
    expect(handle(pgDataError()).status).toBe(400);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line!.level).toBe('warn');
    expect(line!.text).toContain('GET /api/business/1/available-times 400 VALIDATION_FAILED');
    expect(line!.text).not.toContain('secret');
    expect(line!.text).not.toContain('\n');
    expect(line!.text.length).toBeLessThan(300);
  });

  it('logs nothing for ordinary client errors', () => {
    expect(handle(new DomainException(ErrorCode.SLOT_TAKEN, 'taken')).status).toBe(409);
    expect(handle(new NotFoundException()).status).toBe(404);
    expect(lines).toEqual([]);
  });

  it('keeps the stack of a server error (5xx), still without the query string', () => {
    const bug = new TypeError('undefined is not a function');
    expect(handle(bug).status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('error');
    expect(lines[0]!.text).toContain('GET /api/business/1/available-times failed');
    expect(lines[0]!.text).toContain(bug.stack!.split('\n')[1]!.trim());
    expect(lines[0]!.text).not.toContain('secret');
  });
});
