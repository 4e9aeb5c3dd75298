import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from '../database/data-source-options.js';

/** A comma-separated setting's items, trimmed, empty ones left out. */
const commaList = (v: string) =>
  v
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const APP_CONFIG = Symbol('APP_CONFIG');

const EnvSchema = z
  .object({
    DATABASE_URL: z
      .string({ error: 'DATABASE_URL is required (e.g. postgres://user@127.0.0.1:5432/slotwise)' })
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'),
    /**
     * Connections each process (API or worker) keeps in its pool. Mind PostgreSQL's
     * max_connections: every API process also holds one more, its cache listener.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_POOL_SIZE),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PUBLIC_URL: z.url().optional(),
    /**
     * Front-end origins served elsewhere that may call the API from the browser (CORS),
     * comma-separated (https://app.example.com). Unset: none; the same origin needs none.
     */
    CORS_ORIGINS: z
      .string()
      .transform((v) => commaList(v).map((o) => o.replace(/\/+$/, '')))
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^https?:\/\/[^/\s*]+$/,
              'CORS_ORIGINS must list origins such as https://app.example.com (no paths, no *)',
            ),
        ),
      )
      .default([]),
    /** HS256 key for access tokens; required in production (a random per-process key otherwise). */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    /** Rate-limit counters live here when set (shared by every API process); in memory otherwise. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional(),
    /**
     * `true` exposes GET /api/dev/outbox (the development mailbox) to connections from this machine.
     * Never on by default; refused with NODE_ENV=production.
     */
    DEV_OUTBOX: z
      .enum(['true', 'false'], { error: 'DEV_OUTBOX must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** The OpenID Connect issuer for Google sign-in (overridable for tests). */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    /** Attempts per minute on sign-in, register, verify-email, refresh and the password calls. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * The same calls (refresh aside) from one client IP per 15 minutes, whatever the email: stops
     * password spraying across many accounts.
     */
    AUTH_IP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(50),
    /** Public bookings (POST /api/appointments) per client IP per 10 minutes. */
    BOOKING_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Public bookings per phone number (as E.164) per hour. */
    BOOKING_RATE_LIMIT_PER_PHONE: z.coerce.number().int().min(1).max(1_000_000).default(5),
    /** Customers' link calls (cancel, reschedule and its details) per client IP per 10 minutes. */
    SELF_SERVICE_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /**
     * The proxy in front whose X-Forwarded-For is believed (Fastify's trustProxy): comma-separated
     * addresses or CIDRs, or `loopback`. Unset: the socket's address is the client's.
     */
    TRUST_PROXY: z
      .string()
      .refine((v) => !/^(true|\*|\d+)$/i.test(v.trim()), {
        message: 'TRUST_PROXY must name the proxy (e.g. 127.0.0.1 or loopback), not trust everyone',
      })
      // `false` (as some platforms write "not behind a proxy") names no proxy.
      .transform((v) => commaList(v).filter((a) => a.toLowerCase() !== 'false'))
      .optional(),
    /** Where the Support page's contact form messages are emailed (through the outbox). */
    SUPPORT_EMAIL: z
      .email('SUPPORT_EMAIL must be an email address')
      .default('support@slotwise.com.au'),
    /**
     * Stripe Billing. Without the secret key, publishable key and price id the product
     * still runs: the subscription calls answer the spec's configuration error.
     */
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    /** The Professional plan's monthly price (price_…); only this price can be subscribed to. */
    STRIPE_PRICE_ID: z.string().optional(),
    /** Signing secret of the webhook endpoint (whsec_…) that POST /api/stripe/webhook verifies. */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Another Stripe API origin (e.g. http://127.0.0.1:12111): the tests' fake Stripe server. */
    STRIPE_API_URL: z.url().optional(),
    /** Signing secret of the Connect endpoint (POST /api/stripe/connect-webhook): connected accounts' events. */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
    /** The platform's share of each booking payment, in percent (application_fee_amount). */
    STRIPE_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
    /** How long a `pending_payment` booking holds its slot (decision 39: 10 minutes). */
    PAYMENT_HOLD_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
    /**
     * A fee or refund row still 'pending' without Stripe's answer this long lost its process before
     * Stripe answered: the worker sends it again with the same Idempotency-Key.
     */
    PAYMENT_RETRY_AFTER_MS: z.coerce.number().int().min(1000).default(120_000),
    /** How often the worker looks for such rows. */
    PAYMENT_RETRY_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(30_000),
    // --- Delivery of the outbox (the worker, dist/worker.js). Without a provider's settings its
    // messages are kept with their full text and marked not_configured.
    /** Twilio (SMS): all three are needed to send SMS. */
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    /** The sender: an E.164 number (+61...) or an alphanumeric sender id. */
    TWILIO_FROM_NUMBER: z.string().optional(),
    /** Another base URL for Twilio's REST API (tests point the real SDK at a fake server). */
    TWILIO_API_URL: z.url().optional(),
    /** SMTP for email: smtp://user:pass@host:port (smtps:// for implicit TLS). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Slotwise <no-reply@slotwise.com.au>'),
    /**
     * How often the API rebuilds calendar feeds whose bookings changed; 0 turns it off. Unset: every
     * second, or never under NODE_ENV=test (tests rebuild when they mean to, and count queries).
     */
    CALENDAR_FEED_REBUILD_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    /** How often the relay hands due outbox rows to the queue. */
    OUTBOX_RELAY_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
    /** A row 'queued' this long without being picked up is queued again (Redis lost its jobs). */
    OUTBOX_REQUEUE_AFTER_MS: z.coerce.number().int().min(10).default(60_000),
    /** A row 'sending' this long is reconciled (the worker died between send and mark). */
    OUTBOX_LEASE_MS: z.coerce.number().int().min(10).default(60_000),
    /**
     * A running client import renews its lease this often ÷ 3; one whose lease passed lost its
     * worker and is marked failed (nothing was imported: its transaction rolled back).
     */
    CLIENT_IMPORT_LEASE_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    /** Tries per message before it is marked failed (BullMQ attempts, exponential backoff). */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** First retry delay; doubled at each attempt. */
    OUTBOX_BACKOFF_MS: z.coerce.number().int().min(1).default(5000),
    /** Caps against SMS pumping: messages sent or sending in the last hour. */
    SMS_CAP_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(5),
    SMS_CAP_PER_BUSINESS_PER_HOUR: z.coerce.number().int().min(1).default(200),
    /** Owners' manual sends (reminders and test messages, email and SMS) per business per hour. */
    MANUAL_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /** The live diary's heartbeat (a comment line on each open event stream), below proxies' idle cut. */
    LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(15_000),
    /**
     * `true` lets webhook endpoints use http and loopback addresses (127.0.0.0/8, ::1): local
     * development and tests only (`npm start` and the test stacks set it). Private and link-local
     * addresses stay refused. Refused with NODE_ENV=production.
     */
    WEBHOOKS_ALLOW_LOOPBACK: z
      .enum(['true', 'false'], { error: 'WEBHOOKS_ALLOW_LOOPBACK must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    /** How long one webhook attempt may take before it counts as failed. */
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    /** Requests per minute each API key may make (429 with Retry-After beyond). */
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /** BullMQ key prefix, so several deployments (or parallel tests) share one Redis safely. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]+$/, 'QUEUE_PREFIX may hold letters, digits, : _ and -')
      .default('slotwise'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET is required when NODE_ENV=production',
      });
    }
    // The mailbox shows every message's text (names, phones, sign-in links): never in production.
    if (env.NODE_ENV === 'production' && env.DEV_OUTBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_OUTBOX'],
        message:
          'DEV_OUTBOX=true is refused when NODE_ENV=production (the development mailbox shows every message sent); unset it',
      });
    }
    if (env.NODE_ENV === 'production' && env.WEBHOOKS_ALLOW_LOOPBACK) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOKS_ALLOW_LOOPBACK'],
        message:
          'WEBHOOKS_ALLOW_LOOPBACK=true is refused when NODE_ENV=production (webhooks could reach this machine); unset it',
      });
    }
  });

export type AppConfig = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Reads and validates the environment once at start-up, so a bad setting stops the process early. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset: `PORT= node dist/main.js` should mean the default.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
