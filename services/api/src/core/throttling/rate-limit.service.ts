import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

/** A budget: `points` hits per `durationSec` seconds for each key (fixed window). */
export interface RateLimitRule {
  /** Part of the counter's name: one rule's counts never mix with another's. */
  name: string;
  points: number;
  durationSec: number;
}

/**
 * Counters for the public routes' limits (bookings, customers' links, sign-in per IP). In Redis
 * when it is configured, so every API process shares them; while Redis does not answer, each
 * process counts in its own memory (rate-limiter-flexible's insurance limiter), so an outage
 * neither lifts the limits nor locks anyone out.
 */
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix = 'slotwise:ratelimit',
  ) {}

  /**
   * Counts one hit of `key` under `rule`. null while within the budget, otherwise the whole
   * seconds until the window lets the next hit through (the Retry-After).
   */
  async hit(rule: RateLimitRule, key: string): Promise<number | null> {
    try {
      await this.limiter(rule).consume(key);
      return null;
    } catch (result) {
      if (result instanceof RateLimiterRes)
        return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      throw result;
    }
  }

  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    const id = `${rule.name}:${rule.points}:${rule.durationSec}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.prefix}:${rule.name}`,
        points: rule.points,
        duration: rule.durationSec,
      };
      const memory = new RateLimiterMemory(options);
      limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            insuranceLimiter: memory,
          })
        : memory;
      this.limiters.set(id, limiter);
      this.logger.debug(`Rate limit ${id} (${this.redis ? 'Redis' : 'memory'})`);
    }
    return limiter;
  }
}
