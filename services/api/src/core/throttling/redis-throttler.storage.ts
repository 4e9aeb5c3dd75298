import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
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
 * answer, this process counts in its own memory instead (logged): the limits keep holding, per
 * process, and nobody is locked out by the outage itself.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly fallback = new ThrottlerStorageService();
  private redisDown = false;
  readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'slotwise:throttle:',
  ) {
    // No offline queue: while Redis is away a check fails at once and counts in memory, instead
    // of holding every sign-in until a reconnection attempt gives up.
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      enableOfflineQueue: false,
    });
    this.redis.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
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
      if (this.redisDown) this.logger.log('Redis is back: rate limits counted in Redis again');
      this.redisDown = false;
      return {
        totalHits: hits,
        timeToExpire: seconds,
        isBlocked: hits > limit,
        timeToBlockExpire: hits > limit ? seconds : 0,
      };
    } catch (error) {
      if (!this.redisDown) {
        this.logger.error(
          `Redis unavailable (${(error as Error).message}): rate limits counted in this process`,
        );
      }
      this.redisDown = true;
      return this.fallback.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.fallback.onApplicationShutdown();
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
