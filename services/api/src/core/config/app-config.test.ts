import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('applies defaults', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' })).toEqual({
      DATABASE_URL: 'postgres://u@h:5432/db',
      DATABASE_POOL_SIZE: 10,
      PORT: 3000,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      DEV_OUTBOX: false,
      CORS_ORIGINS: [],
      AUTH_RATE_LIMIT: 10,
      AUTH_IP_RATE_LIMIT: 50,
      BOOKING_RATE_LIMIT_PER_IP: 20,
      BOOKING_RATE_LIMIT_PER_PHONE: 5,
      CLIENT_IMPORT_LEASE_MS: 60_000,
      SELF_SERVICE_RATE_LIMIT_PER_IP: 60,
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
      STRIPE_PLATFORM_FEE_PERCENT: 0,
      PAYMENT_HOLD_SECONDS: 600,
      PAYMENT_RETRY_AFTER_MS: 120_000,
      PAYMENT_RETRY_INTERVAL_MS: 30_000,
      LIVE_HEARTBEAT_MS: 15_000,
      WEBHOOKS_ALLOW_LOOPBACK: false,
      WEBHOOKS_TIMEOUT_MS: 15_000,
      API_KEY_RATE_LIMIT: 120,
      QUEUE_PREFIX: 'slotwise',
    });
  });

  it('refuses loopback webhooks in production', () => {
    const env = { DATABASE_URL: 'postgres://u@h:5432/db', WEBHOOKS_ALLOW_LOOPBACK: 'true' };
    expect(loadConfig(env).WEBHOOKS_ALLOW_LOOPBACK).toBe(true);
    expect(() =>
      loadConfig({ ...env, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }),
    ).toThrow(/WEBHOOKS_ALLOW_LOOPBACK/);
  });

  it('reads DATABASE_POOL_SIZE as a whole number of connections, 1 to 500', () => {
    const env = { DATABASE_URL: 'postgres://u@h:5432/db' };
    expect(loadConfig({ ...env, DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    expect(() => loadConfig({ ...env, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ ...env, DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
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
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.DEV_OUTBOX).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', DEV_OUTBOX: 'true' }).DEV_OUTBOX).toBe(
      true,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h/db', DEV_OUTBOX: 'yes' })).toThrow(
      /DEV_OUTBOX/,
    );
  });

  it('reads CORS_ORIGINS as a list of origins and refuses anything else', () => {
    const base = { DATABASE_URL: 'postgres://h/db' };
    expect(
      loadConfig({ ...base, CORS_ORIGINS: 'https://a.example.com/, http://localhost:5173' })
        .CORS_ORIGINS,
    ).toEqual(['https://a.example.com', 'http://localhost:5173']);
    for (const bad of ['*', 'https://a.example.com/app', 'a.example.com']) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });

  it('refuses the development mailbox in production, saying why', () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://h/db',
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        DEV_OUTBOX: 'true',
      }),
    ).toThrow(/DEV_OUTBOX=true is refused when NODE_ENV=production/);
  });

  it('reads TRUST_PROXY as the proxies to believe, never as "trust everyone"', () => {
    const base = { DATABASE_URL: 'postgres://h/db' };
    expect(loadConfig(base).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    for (const everyone of ['true', '*', '1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: everyone })).toThrow(/TRUST_PROXY/);
    }
  });
});
