// Replay: steps the as-of day forward through the stored history and evaluates the alerts each day
// would have triggered, as if the day's data had just arrived, so a new user can see every channel
// deliver offline. Replayed firings are stored (origin "replay") and delivered like live ones, once
// the replay ends (a digest lists the whole replay in one mail); a fact fires once, so replaying the
// same days again stores nothing new, but fires an alert made since.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { parseInput } from "../errors/validation";
import { storedPriceRange } from "../market-data/as-of";
import { AppError } from "../errors/app-error";
import { DATA_EVENT_KINDS } from "./alert-conditions";
import { evaluateAlerts, type EvaluationDeps } from "./alert-evaluation";
import { wakeAlertDeliveries } from "./delivery/dispatcher";
import { previousTradingDay, tradingDaysFrom } from "./alert-facts";

export const REPLAY_DAYS = { min: 1, max: 30 } as const;
/** The longest a replay's deliveries wait for it to end. */
export const REPLAY_DELIVERY_HOLD_MS = 10 * 60_000;

const replaySchema = z.object({
  from: z.string({ error: "from must be a date (YYYY-MM-DD)" }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "from must be a date (YYYY-MM-DD)" }),
  days: z
    .number({ error: "days must be a whole number" })
    .int({ error: "days must be a whole number" })
    .min(REPLAY_DAYS.min, { error: `days must be between ${REPLAY_DAYS.min} and ${REPLAY_DAYS.max} (trading days)` })
    .max(REPLAY_DAYS.max, { error: `days must be between ${REPLAY_DAYS.min} and ${REPLAY_DAYS.max} (trading days)` }),
});

export type ReplayResult = { days: { day: string; firings: number }[]; firings: number; ms: number };

/** Screens a replay may run: each day runs one for the watched tickers and one per saved screen watched. */
export const MAX_REPLAY_SCREENS = 300;

/** Users (or "all", the CLI) with a replay running in this process: one at a time each. */
const replaying = new Set<string>();

const fieldError = (field: string, message: string) => new AppError("BAD_USER_INPUT", `Invalid input: ${field}. ${message}`, { fieldErrors: [{ field, message }] });

/** Replays `days` trading days from `from` for one user's alerts (or every user's, from the CLI). */
export async function replayAlerts(deps: EvaluationDeps, input: { from: unknown; days: unknown; userId?: string }): Promise<ReplayResult> {
  const started = performance.now();
  const { from, days } = parseInput(replaySchema, { from: input.from, days: input.days });
  const range = await storedPriceRange(deps.db);
  if (!range || from < range.first || from > range.last) {
    throw fieldError("from", range ? `from must be a day from ${range.first} to ${range.last}, the range of the stored prices.` : "No prices are stored yet.");
  }
  const screens = await deps.db.prisma.alert.findMany({
    where: { pausedAt: null, savedScreenId: { not: null }, ...(input.userId ? { userId: input.userId } : {}) },
    distinct: ["savedScreenId"],
    select: { savedScreenId: true },
  });
  const screenRuns = (days + 1) * (screens.length + 1);
  if (screenRuns > MAX_REPLAY_SCREENS) {
    const most = Math.floor(MAX_REPLAY_SCREENS / (screens.length + 1)) - 1;
    throw fieldError("days", `A replay runs at most ${MAX_REPLAY_SCREENS} screens: ${screens.length} saved screen${screens.length === 1 ? "" : "s"} watched make ${days} days ${screenRuns}; replay at most ${Math.max(most, 0)} days.`);
  }
  const who = input.userId ?? "all";
  const replayed = await tradingDaysFrom(deps, from, days);
  const before = await previousTradingDay(deps, replayed[0]);
  if (replaying.has(who)) throw new AppError("RATE_LIMITED", "A replay of your alerts is already running; try again when it has finished.");
  replaying.add(who);
  // The replayed days' indicators stay in memory for the whole replay, and each day's facts are read once.
  const release = deps.technicals.hold(before ? [before, ...replayed] : replayed);
  const memo = new Map<string, Promise<unknown>>();
  // Its deliveries wait for its end (or, should the process stop first, REPLAY_DELIVERY_HOLD_MS).
  const replay = { id: randomUUID(), deliverAt: new Date(Date.now() + REPLAY_DELIVERY_HOLD_MS) };
  try {
    const result: ReplayResult = { days: [], firings: 0, ms: 0 };
    for (const day of replayed) {
      let firings = 0;
      for (const kind of DATA_EVENT_KINDS) {
        firings += (await evaluateAlerts(deps, { kind, day, tickers: null, origin: "replay", userId: input.userId, replay }, { memo })).firings;
      }
      result.days.push({ day, firings });
      result.firings += firings;
    }
    result.ms = Math.round(performance.now() - started);
    return result;
  } finally {
    await deps.db.prisma.alertDelivery.updateMany({ where: { status: "pending", nextAttemptAt: replay.deliverAt }, data: { nextAttemptAt: new Date() } });
    wakeAlertDeliveries();
    release();
    replaying.delete(who);
  }
}
