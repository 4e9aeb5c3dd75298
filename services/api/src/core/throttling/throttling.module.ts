import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

// 'default' keeps the standard header names (Retry-After, X-RateLimit-*) without a suffix.
export const AUTH_THROTTLER = 'default';
const REDIS_THROTTLER_STORAGE = Symbol('REDIS_THROTTLER_STORAGE');

/** Holds the Redis storage as a provider, so Nest closes its connection on shutdown. */
@Module({
  providers: [
    {
      provide: REDIS_THROTTLER_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.REDIS_URL ? new RedisThrottlerStorage(config.REDIS_URL) : null,
    },
  ],
  exports: [REDIS_THROTTLER_STORAGE],
})
class ThrottlerStorageModule {}

/**
 * Rate limits for the sign-in, register, verification, refresh and password calls (AUTH_RATE_LIMIT
 * per minute per IP and email): in Redis when REDIS_URL is set, in this process's memory otherwise.
 */
export const AppThrottlerModule = ThrottlerModule.forRootAsync({
  imports: [ThrottlerStorageModule],
  inject: [APP_CONFIG, REDIS_THROTTLER_STORAGE],
  useFactory: (config: AppConfig, redisStorage: RedisThrottlerStorage | null) => ({
    throttlers: [{ name: AUTH_THROTTLER, ttl: 60_000, limit: config.AUTH_RATE_LIMIT }],
    ...(redisStorage ? { storage: redisStorage } : {}),
  }),
});
