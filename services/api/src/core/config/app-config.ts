import { z } from 'zod';

export const APP_CONFIG = Symbol('APP_CONFIG');

const EnvSchema = z.object({
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required (e.g. postgres://user@127.0.0.1:5432/slotwise)' })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PUBLIC_URL: z.url().optional(),
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
