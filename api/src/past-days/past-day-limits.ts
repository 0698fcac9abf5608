// Past-day work is priced and bounded. A field with an `asOf` day the server has not computed yet
// makes it compute that day for the whole market (every ticker's indicators, the day's news
// corpus, the day's AI picks) or read that day's rows; one query could ask for hundreds of days
// through aliases and hold the server for a minute. Before anything runs, the operation's distinct
// past days are read from its shape (operation-days.ts) and those not in memory ("uncached") are:
//   - priced: each costs what a screen of the day's universe costs, added to the query's cost;
//   - capped per operation (PAST_DAYS_PER_OPERATION, 5): more is BAD_USER_INPUT, nothing runs;
//   - capped per requester per minute (PAST_DAYS_PER_MINUTE, 30 distinct days; in Redis when
//     configured): more is RATE_LIMITED (429, Retry-After), nothing runs.
// Both refusals name the limit in `extensions.limit`. Days already in memory never count.
import type Redis from "ioredis";
import type { Plugin, YogaInitialContext } from "graphql-yoga";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { isAiPicksDayCached } from "../ai-picks/ai-picks";
import { isRateLimitDryRun, operationError } from "../api-usage/api-usage-plugin";
import { budgetOwnerOf, type BudgetOwner } from "../api-usage/query-budget";
import type { AppDeps, RequestContext } from "../context";
import { AppError } from "../errors/app-error";
import { isNewsDayCached } from "../news/news-summary";
import { SYMBOLS_PER_POINT } from "../screening/screen-cost";
import { operationDays, type OperationDays, type PastDayWork } from "./operation-days";
import { setPastDayCost } from "./past-day-cost";

/** What spending a requester's past days answers: a way to give them back (the operation did not run). */
export type PastDaySpending = { refund(): Promise<void> };

export type PastDayAllowance = {
  /**
   * Counts the past days among `days` this requester has not asked for in the current minute;
   * when they would pass the per-minute limit, counts nothing and throws RATE_LIMITED.
   */
  spend(owner: BudgetOwner, days: readonly string[]): Promise<PastDaySpending>;
};

const MINUTE_SECONDS = 60;

/**
 * The per-requester allowance of distinct past days per minute: one counter of days per requester
 * and one marker per (requester, day), so a day counts once in its minute however often it is
 * asked. In-process counters by default; shared in Redis when it is configured.
 */
export function createPastDayAllowance(perMinute: number, redis?: Redis): PastDayAllowance {
  const limiter = (name: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix: `rl:${name}`, points, duration: MINUTE_SECONDS };
    return redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  };
  const daysCounted = limiter("past-days", perMinute);
  const dayMarkers = limiter("past-day-seen", 1);
  const keyOf = (owner: BudgetOwner) => `${owner.kind}:${owner.id}`;
  const consumed = async (counter: RateLimiterAbstract, key: string, points = 1): Promise<RateLimiterRes | null> => {
    try {
      await counter.consume(key, points);
      return null;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return refused;
      throw refused;
    }
  };
  return {
    async spend(owner, days) {
      const requester = keyOf(owner);
      // The days not yet counted for this requester in this minute (the marker is taken now).
      const fresh: string[] = [];
      for (const day of new Set(days)) if ((await consumed(dayMarkers, `${requester}|${day}`)) === null) fresh.push(day);
      const forget = () => Promise.all(fresh.map((day) => dayMarkers.delete(`${requester}|${day}`))).then(() => undefined);
      if (fresh.length === 0) return { refund: async () => undefined };
      const refused = await consumed(daysCounted, requester, fresh.length);
      if (refused) {
        // Nothing runs, so nothing is counted: neither the days nor their markers.
        await daysCounted.reward(requester, fresh.length);
        await forget();
        const retryAfterSeconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
        const used = Math.max(0, refused.consumedPoints - fresh.length);
        throw new AppError(
          "RATE_LIMITED",
          `Too many past days: this query needs ${fresh.length} more not in memory (${listOf(fresh)}), and ${used} of ` +
            `${perMinute} per minute are used (PAST_DAYS_PER_MINUTE). Try again in ${retryAfterSeconds} seconds, or ask for days already computed.`,
          { retryAfterSeconds },
        );
      }
      return {
        async refund() {
          await daysCounted.reward(requester, fresh.length);
          await forget();
        },
      };
    },
  };
}

/** At most five days named, then how many more. */
function listOf(days: readonly string[]): string {
  const sorted = [...days].sort();
  return sorted.length <= 5 ? sorted.join(", ") : `${sorted.slice(0, 5).join(", ")} and ${sorted.length - 5} more`;
}

type Caches = Pick<AppDeps, "db" | "technicals">;

const inMemory: Record<Exclude<PastDayWork, "rows">, (caches: Caches, day: string) => boolean> = {
  indicators: (caches, day) => caches.technicals.isPastDayCached(day),
  news: (caches, day) => isNewsDayCached(caches.db, day),
  aiPicks: (_caches, day) => isAiPicksDayCached(day),
};

/** The operation's days whose work is not all in memory, oldest first (rows read for a day are never kept). */
export function uncachedDays(caches: Caches, days: OperationDays): string[] {
  return [...days]
    .filter(([day, needs]) => [...needs].some((need) => need === "rows" || !inMemory[need](caches, day)))
    .map(([day]) => day)
    .sort();
}

/** Points one uncached past day costs: a screen of the day's universe (every ticker with prices), as screenCost prices one. */
export async function pastDayCost(caches: Pick<AppDeps, "technicals">): Promise<number> {
  const tickers = (await caches.technicals.current()).byTicker.size;
  return 1 + Math.ceil(tickers / SYMBOLS_PER_POINT);
}

/**
 * The Yoga plugin, placed just before the API usage plugin (which adds pastDayCostOf to the cost
 * it checks and charges). A refused operation runs nothing and spends nothing; one refused later
 * (its cost, the caller's budget) gives its past days back.
 */
export function usePastDayLimits(deps: AppDeps): Plugin<RequestContext & YogaInitialContext> {
  const { perOperation, perMinute } = deps.config.pastDays;
  return {
    async onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
      const days = operationDays({ schema: args.schema, document: args.document, operationName: args.operationName, variables: args.variableValues });
      if (days.size === 0) return;
      const uncached = uncachedDays(deps, days);
      if (uncached.length === 0) return;
      if (uncached.length > perOperation) {
        const error = new AppError(
          "BAD_USER_INPUT",
          `This query asks for ${uncached.length} past days not in memory (${listOf(uncached)}); at most ${perOperation} per query ` +
            `(PAST_DAYS_PER_OPERATION), since each is computed for the whole market. Ask for fewer days per query.`,
        );
        setResultAndStopExecution({
          errors: [operationError(error, { limit: "PAST_DAYS_PER_OPERATION", maxPastDays: perOperation, pastDays: uncached.length })],
        });
        return;
      }
      const context = args.contextValue;
      setPastDayCost(context, uncached.length * (await pastDayCost(deps)));
      // Pricing a query (rateLimit(dryRun: true)) runs nothing: no day is counted.
      if (isRateLimitDryRun(args)) return;
      let spending: PastDaySpending;
      try {
        spending = await deps.pastDayAllowance.spend(budgetOwnerOf(context.viewer, context.clientIp), uncached);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        setResultAndStopExecution({
          errors: [operationError(error, { limit: "PAST_DAYS_PER_MINUTE", maxPastDaysPerMinute: perMinute, pastDays: uncached.length })],
        });
        return;
      }
      let ran = false;
      setExecuteFn((executionArgs) => {
        ran = true;
        return executeFn(executionArgs);
      });
      return {
        async onExecuteDone() {
          if (!ran) await spending.refund();
        },
      };
    },
  };
}
