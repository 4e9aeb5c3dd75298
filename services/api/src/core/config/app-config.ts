import { z } from 'zod';

export const APP_CONFIG = Symbol('APP_CONFIG');

const EnvSchema = z
  .object({
    DATABASE_URL: z
      .string({ error: 'DATABASE_URL is required (e.g. postgres://user@127.0.0.1:5432/slotwise)' })
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PUBLIC_URL: z.url().optional(),
    /** HS256 key for access tokens; required in production (a random per-process key otherwise). */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    /** Rate-limit counters live here when set (shared by every API process); in memory otherwise. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional(),
    /** `true` exposes GET /api/dev/outbox (the development mailbox). Never on by default. */
    DEV_OUTBOX: z
      .enum(['true', 'false'], { error: 'DEV_OUTBOX must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** The OpenID Connect issuer for Google sign-in (overridable for tests). */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    /** Attempts per minute on sign-in, register, verify-email and refresh, per IP and email. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Where the Support page's contact form messages are emailed (through the outbox). */
    SUPPORT_EMAIL: z
      .email('SUPPORT_EMAIL must be an email address')
      .default('support@slotwise.com.au'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET is required when NODE_ENV=production',
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
