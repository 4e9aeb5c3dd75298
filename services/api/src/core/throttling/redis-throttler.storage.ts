import { Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One round trip: count the hit, start the window on the first one, report what is left of it. */
const INCREMENT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}
`;

/**
 * Fixed-window rate-limit counters in Redis, so every API process shares them. When Redis does not
 * answer, requests are let through (and logged): a Redis hiccup must not lock every owner out.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'slotwise:throttle:',
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    this.redis.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    try {
      const [hits, ttlMs] = (await this.redis.eval(
        INCREMENT_SCRIPT,
        1,
        `${this.prefix}${throttlerName}:${key}`,
        String(ttl),
      )) as [number, number];
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      return {
        totalHits: hits,
        timeToExpire: seconds,
        isBlocked: hits > limit,
        timeToBlockExpire: hits > limit ? seconds : 0,
      };
    } catch (error) {
      this.logger.error(`Rate limit check skipped: ${(error as Error).message}`);
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
