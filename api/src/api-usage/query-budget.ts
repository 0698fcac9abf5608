import type Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Viewer } from "../auth/viewer";
import type { AppConfig } from "../config/config";
import { AppError } from "../errors/app-error";

const ONE_HOUR_SECONDS = 60 * 60;
const TEN_MINUTES_SECONDS = 10 * 60;

/** Whose allowance a request spends: the API key's, the signed-in web user's, or the anonymous client IP's. */
export type BudgetOwner = { kind: "apiKey" | "user" | "ip"; id: string };

/**
 * API keys spend points (each operation its cost, GitHub style); the web app's own traffic
 * spends requests (one each), so a page's size never locks a person out.
 */
export type BudgetUnit = "points" | "requests";

export type BudgetState = { unit: BudgetUnit; limit: number; used: number; remaining: number; resetAt: Date };

export type QueryBudget = {
  /**
   * Spends what one request costs the owner (`points` for an API key, 1 for web traffic);
   * when that is more than remains, spends nothing and throws RATE_LIMITED.
   */
  spend(owner: BudgetOwner, points: number): Promise<BudgetState>;
  /** The allowance as it stands, spending nothing. */
  read(owner: BudgetOwner): Promise<BudgetState>;
};

export function budgetOwnerOf(viewer: Viewer | null, clientIp: string): BudgetOwner {
  if (viewer?.authMethod === "apiKey" && viewer.apiKeyId) return { kind: "apiKey", id: viewer.apiKeyId };
  if (viewer) return { kind: "user", id: viewer.user.id };
  return { kind: "ip", id: clientIp };
}

/** In-process counters by default; shared counters in Redis when it is configured (several instances). */
export function createQueryBudget(limits: Pick<AppConfig, "api" | "web">, redis?: Redis): QueryBudget {
  const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const options = { keyPrefix: `rl:${name}`, points, duration };
    return redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  };
  const allowances = {
    points: { limiter: limiter("api-points", limits.api.pointsPerHour, ONE_HOUR_SECONDS), windowSeconds: ONE_HOUR_SECONDS },
    requests: {
      limiter: limiter("web-requests", limits.web.requestsPer10Minutes, TEN_MINUTES_SECONDS),
      windowSeconds: TEN_MINUTES_SECONDS,
    },
  };
  const unitOf = (owner: BudgetOwner): BudgetUnit => (owner.kind === "apiKey" ? "points" : "requests");
  const keyOf = (owner: BudgetOwner) => `${owner.kind}:${owner.id}`;

  const stateOf = (unit: BudgetUnit, used: number, msBeforeReset: number): BudgetState => {
    const limit = allowances[unit].limiter.points;
    return { unit, limit, used, remaining: Math.max(0, limit - used), resetAt: new Date(Date.now() + msBeforeReset) };
  };

  const rejection = (unit: BudgetUnit, charge: number, used: number, retryAfterSeconds: number) => {
    const limit = allowances[unit].limiter.points;
    const message =
      unit === "points"
        ? `API rate limit exceeded: this query costs ${charge} points and ${Math.max(0, limit - used)} of ` +
          `${limit} remain this hour. The budget resets in ${retryAfterSeconds} seconds.`
        : `Too many requests (${limit} per 10 minutes). Please try again in ${retryAfterSeconds} seconds.`;
    return new AppError("RATE_LIMITED", message, { retryAfterSeconds });
  };

  return {
    async spend(owner, points) {
      const unit = unitOf(owner);
      const { limiter } = allowances[unit];
      const charge = unit === "points" ? points : 1;
      try {
        const spent = await limiter.consume(keyOf(owner), charge);
        return stateOf(unit, spent.consumedPoints, spent.msBeforeNext);
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        // Nothing runs, so nothing is spent: a too-expensive query must not eat what remains for cheaper ones.
        await limiter.reward(keyOf(owner), charge);
        const retryAfterSeconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
        throw rejection(unit, charge, refused.consumedPoints - charge, retryAfterSeconds);
      }
    },
    async read(owner) {
      const unit = unitOf(owner);
      const current = await allowances[unit].limiter.get(keyOf(owner));
      return current
        ? stateOf(unit, current.consumedPoints, current.msBeforeNext)
        : stateOf(unit, 0, allowances[unit].windowSeconds * 1000);
    },
  };
}
