import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('applies defaults', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' })).toEqual({
      DATABASE_URL: 'postgres://u@h:5432/db',
      PORT: 3000,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      DEV_OUTBOX: false,
      AUTH_RATE_LIMIT: 10,
      SUPPORT_EMAIL: 'support@slotwise.com.au',
      GOOGLE_ISSUER: 'https://accounts.google.com',
      MAIL_FROM: 'Slotwise <no-reply@slotwise.com.au>',
      OUTBOX_RELAY_INTERVAL_MS: 1000,
      OUTBOX_REQUEUE_AFTER_MS: 60_000,
      OUTBOX_LEASE_MS: 60_000,
      OUTBOX_MAX_ATTEMPTS: 5,
      OUTBOX_BACKOFF_MS: 5000,
      SMS_CAP_PER_PHONE_PER_HOUR: 5,
      SMS_CAP_PER_BUSINESS_PER_HOUR: 200,
      MANUAL_SENDS_PER_HOUR: 30,
      QUEUE_PREFIX: 'slotwise',
    });
  });

  it('treats empty values as unset and coerces PORT', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://h/db', PORT: '8081', HOST: '' });
    expect(config.PORT).toBe(8081);
    expect(config.HOST).toBe('127.0.0.1');
  });

  it('refuses to start without a valid DATABASE_URL or with a bad PORT', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', PUBLIC_URL: 'nope' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('requires JWT_SECRET in production and reads DEV_OUTBOX as a boolean', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://h/db',
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      DEV_OUTBOX: 'true',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.DEV_OUTBOX).toBe(true);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', DEV_OUTBOX: 'yes' })).toThrow(
      /DEV_OUTBOX/,
    );
  });
});
