import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RateLimitService } from './rate-limit.service.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

// 'default' keeps the standard header names (Retry-After, X-RateLimit-*) without a suffix.
export const AUTH_THROTTLER = 'default';
const REDIS_THROTTLER_STORAGE = Symbol('REDIS_THROTTLER_STORAGE');

/**
 * Holds the Redis storage as a provider, so Nest closes its connection on shutdown, and the
 * RateLimitService of the public routes on the same connection.
 */
@Module({
  providers: [
    {
      provide: REDIS_THROTTLER_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.REDIS_URL ? new RedisThrottlerStorage(config.REDIS_URL) : null,
    },
    {
      provide: RateLimitService,
      inject: [REDIS_THROTTLER_STORAGE],
      useFactory: (storage: RedisThrottlerStorage | null) =>
        new RateLimitService(storage?.redis ?? null),
    },
  ],
  exports: [REDIS_THROTTLER_STORAGE, RateLimitService],
})
export class RateLimitModule {}

/**
 * Rate limits for the sign-in, register, verification, refresh and password calls (AUTH_RATE_LIMIT
 * per minute per IP and email): in Redis when REDIS_URL is set, in this process's memory otherwise
 * (and while Redis does not answer).
 */
const ThrottlerRootModule = ThrottlerModule.forRootAsync({
  imports: [RateLimitModule],
  inject: [APP_CONFIG, REDIS_THROTTLER_STORAGE],
  useFactory: (config: AppConfig, redisStorage: RedisThrottlerStorage | null) => ({
    throttlers: [{ name: AUTH_THROTTLER, ttl: 60_000, limit: config.AUTH_RATE_LIMIT }],
    ...(redisStorage ? { storage: redisStorage } : {}),
  }),
});

/** The throttler (a global module) and the RateLimitService, for the modules that limit routes. */
@Module({ imports: [ThrottlerRootModule, RateLimitModule], exports: [RateLimitModule] })
export class AppThrottlerModule {}
