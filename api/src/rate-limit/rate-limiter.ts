import type Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { AppError } from "../errors/app-error";

export type RateLimiter = {
  /** Counts `points` attempts (default 1) for `key`; throws RATE_LIMITED once the budget is spent. */
  consume(key: string, points?: number): Promise<void>;
};

export type RateLimitRule = { name: string; points: number; durationSeconds: number };

/** In-process counters by default; shared counters in Redis when it is configured (several instances). */
export function createRateLimiter(rule: RateLimitRule, redis?: Redis): RateLimiter {
  const options = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis })
    : new RateLimiterMemory(options);
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError("RATE_LIMITED", `Too many requests. Try again in ${retryAfterSeconds} seconds.`, {
          retryAfterSeconds,
        });
      }
    },
  };
}
