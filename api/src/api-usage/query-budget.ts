import type Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Viewer } from "../auth/viewer";
import type { AppConfig } from "../config/config";
import { AppError } from "../errors/app-error";

const ONE_HOUR_SECONDS = 60 * 60;

/** Whose hourly points an operation spends: the API key's, the signed-in user's, or the client IP's. */
export type BudgetOwner = { kind: "apiKey" | "user" | "ip"; id: string };

export type BudgetState = { limit: number; used: number; remaining: number; resetAt: Date };

/** Hourly GraphQL point budgets (GitHub style): each operation spends its cost. */
export type QueryBudget = {
  /** Spends `points`; when fewer remain, spends nothing and throws RATE_LIMITED. */
  spend(owner: BudgetOwner, points: number): Promise<BudgetState>;
  /** The budget as it stands, spending nothing. */
  read(owner: BudgetOwner): Promise<BudgetState>;
};

export function budgetOwnerOf(viewer: Viewer | null, clientIp: string): BudgetOwner {
  if (viewer?.authMethod === "apiKey" && viewer.apiKeyId) return { kind: "apiKey", id: viewer.apiKeyId };
  if (viewer) return { kind: "user", id: viewer.user.id };
  return { kind: "ip", id: clientIp };
}

/** In-process counters by default; shared counters in Redis when it is configured (several instances). */
export function createQueryBudget(limits: AppConfig["api"], redis?: Redis): QueryBudget {
  const limiter = (name: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix: `rl:${name}`, points, duration: ONE_HOUR_SECONDS };
    return redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  };
  // API keys get the API budget; the web app's own traffic (cookie sessions and
  // anonymous visitors, by IP) gets the larger web budget, so browsing free pages
  // is not throttled like a script.
  const apiKeys = limiter("api-points", limits.pointsPerHour);
  const web = limiter("api-points-web", limits.anonymousPointsPerHour);
  const limiterFor = (owner: BudgetOwner) => (owner.kind === "apiKey" ? apiKeys : web);
  const keyOf = (owner: BudgetOwner) => `${owner.kind}:${owner.id}`;

  const stateOf = (limit: number, used: number, msBeforeReset: number): BudgetState => ({
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetAt: new Date(Date.now() + msBeforeReset),
  });

  return {
    async spend(owner, points) {
      const limiter = limiterFor(owner);
      try {
        const spent = await limiter.consume(keyOf(owner), points);
        return stateOf(limiter.points, spent.consumedPoints, spent.msBeforeNext);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Nothing runs, so nothing is spent: a too-expensive query must not eat what remains for cheaper ones.
        await limiter.reward(keyOf(owner), points);
        const used = rejection.consumedPoints - points;
        const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError(
          "RATE_LIMITED",
          `API rate limit exceeded: this query costs ${points} points and ${Math.max(0, limiter.points - used)} of ` +
            `${limiter.points} remain this hour. The budget resets in ${retryAfterSeconds} seconds.`,
          { retryAfterSeconds },
        );
      }
    },
    async read(owner) {
      const limiter = limiterFor(owner);
      const current = await limiter.get(keyOf(owner));
      return current
        ? stateOf(limiter.points, current.consumedPoints, current.msBeforeNext)
        : stateOf(limiter.points, 0, ONE_HOUR_SECONDS * 1000);
    },
  };
}
