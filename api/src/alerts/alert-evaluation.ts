// Alert evaluation: after a data event (a price refresh, a news ingestion pass, an earnings refresh,
// a 13F import, or a replayed day), the active alerts the event can move are checked on the
// tickers it changed, with the figures of the event's day and the trading day before. Each
// firing is stored once per alert, ticker and fact, with its evidence; its email and webhook
// deliveries are written in the same transaction (the dispatcher sends them), and so is the
// event's key: an event is evaluated once across instances, and a process killed mid-evaluation
// leaves nothing behind, so evaluating the event again loses and duplicates nothing.
import { createHash } from "node:crypto";
import { hasProAccess } from "../billing/pro-access";
import type { AppDeps } from "../context";
import type { Alert, SavedScreen, User } from "../generated/prisma/client";
import type { ScreenDeps } from "../screening/screen";
import type { DataEvent } from "../shared/data-events";
import {
  analystFiring,
  CONDITIONS_OF_EVENT,
  firingOfDay,
  fundFiring,
  screenFirings,
  SCREEN_CONDITIONS,
  type ConditionParams,
  type FoundFiring,
} from "./alert-conditions";
import { analystActionsBetween, factsOfDay, fundChangesKnownBetween, previousTradingDay, screenMatchesAtDay, type FactsOfDay } from "./alert-facts";
import { firstAttemptAt, wakeAlertDeliveries } from "./delivery/dispatcher";

export type EvaluationDeps = ScreenDeps & Pick<AppDeps, "db" | "logger" | "config" | "alertEvents">;

/** A data event to evaluate: live (a pass changed the data) or a replayed day (one user's alerts, or every user's). */
/**
 * `replay`: the replay run it belongs to. Each run evaluates its days afresh (an alert made since an
 * earlier replay of the same days fires there too; what fired before is not stored again), and its
 * deliveries wait until `replay.deliverAt`, which the run brings forward when it ends so that a
 * digest lists the whole replay in one mail.
 */
export type AlertEvent = Omit<DataEvent, "day"> & { day: string; origin: "live" | "replay"; userId?: string; replay?: { id: string; deliverAt: Date } };

export type EvaluationResult = {
  eventKey: string;
  /** Another evaluation of this event already committed (here or on another instance). */
  alreadyEvaluated: boolean;
  alerts: number;
  /** Firings stored by this evaluation (facts that had fired before are not stored twice). */
  firings: number;
  ms: number;
};

type WatchedAlert = Alert & { user: User; watchlist: { tickers: string[] } | null; savedScreen: SavedScreen | null };
type Found = { alert: WatchedAlert; firing: FoundFiring; source: string };

/** The event's key: what it is, its day, whose alerts and which tickers (hashed). */
export function eventKeyOf(event: AlertEvent): string {
  const tickers = event.tickers ? createHash("sha256").update([...event.tickers].sort().join(",")).digest("hex").slice(0, 16) : "all";
  return [event.origin, ...(event.replay ? [event.replay.id] : []), event.kind, event.day, event.userId ?? "all", tickers].join(":");
}

/** Facts read for one evaluation, kept for the next when several run in a row (a replay's days and kinds). */
export type FactsMemo = Map<string, Promise<unknown>>;

const remembered = <T>(memo: FactsMemo | undefined, key: string, read: () => Promise<T>): Promise<T> => {
  if (!memo) return read();
  if (!memo.has(key)) memo.set(key, read());
  return memo.get(key) as Promise<T>;
};

/** Evaluates the event's alerts and stores what fired; see the file's opening comment. */
export async function evaluateAlerts(
  deps: EvaluationDeps,
  event: AlertEvent,
  options: { now?: () => Date; memo?: FactsMemo } = {},
): Promise<EvaluationResult> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const eventKey = eventKeyOf(event);
  const done = (alerts: number, firings: number, alreadyEvaluated = false): EvaluationResult => ({
    eventKey,
    alreadyEvaluated,
    alerts,
    firings,
    ms: Math.round(performance.now() - started),
  });
  if (await deps.db.prisma.alertEvaluation.findUnique({ where: { eventKey }, select: { eventKey: true } })) return done(0, 0, true);

  const alerts: WatchedAlert[] = await deps.db.prisma.alert.findMany({
    where: { pausedAt: null, condition: { in: [...CONDITIONS_OF_EVENT[event.kind]] }, ...(event.userId ? { userId: event.userId } : {}) },
    include: { user: true, watchlist: { select: { tickers: true } }, savedScreen: true },
  });
  // A user who left Pro keeps their Pro alerts, paused in effect until they return.
  const active = alerts.filter((alert) => alert.condition !== "fund_change" || hasProAccess(alert.user));
  const found = await findFirings(deps, event, active, options.memo);
  const stored = await storeFirings(deps, event, eventKey, found, active.length, Math.round(performance.now() - started), now());
  if (stored === null) return done(active.length, 0, true);
  if (stored.length > 0) {
    deps.alertEvents.publish("alerts:fired", stored);
    if (!event.replay) wakeAlertDeliveries();
  }
  return done(active.length, stored.length);
}

/** What fired on the event's day, by the rules of alert-conditions.ts. */
async function findFirings(deps: EvaluationDeps, event: AlertEvent, alerts: WatchedAlert[], memo: FactsMemo | undefined): Promise<Found[]> {
  const before = await previousTradingDay(deps, event.day);
  if (!before || alerts.length === 0) return [];
  const changed = event.tickers ? new Set(event.tickers) : null;
  const watched = (alert: WatchedAlert) => (alert.ticker ? [alert.ticker] : (alert.watchlist?.tickers ?? [])).filter((ticker) => !changed || changed.has(ticker));
  const tickerAlerts = alerts.filter((alert) => !SCREEN_CONDITIONS.includes(alert.condition as never));
  const tickersOf = (conditions: string[]) => [...new Set(tickerAlerts.filter((alert) => conditions.includes(alert.condition)).flatMap(watched))];

  const found: Found[] = [];
  const onDayTickers = tickersOf(["price_cross", "price_move", "sma_cross", "rsi_level", "sentiment_cross", "article_jump", "earnings_within"]);
  const analystTickers = tickersOf(["analyst_action"]);
  // Analyst actions need the two days' news clocks even when no figure alert asks for the days' facts.
  const factsTickers = onDayTickers.length > 0 || analystTickers.length > 0 ? [...new Set([...onDayTickers, ...analystTickers])] : [];
  const factsAt = (day: string) => remembered(memo, `facts ${day} ${factsTickers.join(",")}`, () => factsOfDay(deps, factsTickers, day));
  const [today, previous]: FactsOfDay[] = await Promise.all([factsAt(event.day), factsAt(before)]);
  const actions =
    analystTickers.length > 0 && today.newsAsOf && previous.newsAsOf ? await analystActionsBetween(deps.db, analystTickers, previous.newsAsOf, today.newsAsOf, event.day) : [];
  const fundTickers = tickersOf(["fund_change"]);
  const fundChanges = fundTickers.length > 0 ? await fundChangesKnownBetween(deps.db, fundTickers, before, event.day) : [];

  for (const alert of tickerAlerts) {
    const tickers = new Set(watched(alert));
    if (alert.condition === "analyst_action") {
      for (const action of actions.filter((fact) => tickers.has(fact.ticker))) {
        const firing = analystFiring(alert.params as ConditionParams["analyst_action"], action);
        if (firing) found.push({ alert, firing, source: `news: ${action.source}` });
      }
    } else if (alert.condition === "fund_change") {
      for (const change of fundChanges.filter((fact) => tickers.has(fact.ticker))) {
        const firing = fundFiring(alert.params as ConditionParams["fund_change"], change);
        if (firing) found.push({ alert, firing, source: "SEC EDGAR 13F-HR filings" });
      }
    } else {
      for (const ticker of tickers) {
        const firing = firingOfDay(alert.condition as "price_cross", alert.params as never, ticker, previous.byTicker.get(ticker), today.byTicker.get(ticker));
        if (firing) found.push({ alert, firing, source: today.source });
      }
    }
  }

  // Each saved screen is run once per day, however many alerts watch it.
  const screens = new Map<string, SavedScreen>();
  for (const alert of alerts) if (alert.savedScreen) screens.set(alert.savedScreen.id, alert.savedScreen);
  for (const screen of screens.values()) {
    const matchesAt = (day: string) => remembered(memo, `screen ${screen.id} ${day}`, () => screenMatchesAtDay(deps, screen, day));
    const [now, then] = await Promise.all([matchesAt(event.day), matchesAt(before)]);
    for (const alert of alerts.filter((candidate) => candidate.savedScreenId === screen.id)) {
      const firings = screenFirings(alert.condition as "screen_enter", screen.name, { day: before, tickers: then.tickers }, { day: event.day, tickers: now.tickers });
      // A screen's membership can move for tickers the event did not touch (ranks, relative filters): all count.
      for (const firing of firings) found.push({ alert, firing, source: now.source });
    }
  }
  return found;
}

type StoredFiring = { userId: string; firingId: string };
const CHUNK = 1000;

/**
 * One transaction: the event's key (a second evaluation of the event, here or on another
 * instance, finds it and stores nothing), the firings not stored before, and their deliveries.
 * Null when another evaluation of the event committed first.
 */
async function storeFirings(
  deps: EvaluationDeps,
  event: AlertEvent,
  eventKey: string,
  found: Found[],
  alerts: number,
  ms: number,
  now: Date,
): Promise<StoredFiring[] | null> {
  const alertsById = new Map(found.map(({ alert }) => [alert.id, alert]));
  return deps.db.prisma.$transaction(
    async (tx) => {
      const claimed = await tx.$executeRaw`
        INSERT INTO alert_evaluations (event_key, alerts, firings, ms) VALUES (${eventKey}, ${alerts}, 0, ${ms}) ON CONFLICT DO NOTHING`;
      if (claimed === 0) return null;
      const stored: { id: string; alertId: string; userId: string }[] = [];
      for (let start = 0; start < found.length; start += CHUNK) {
        const rows = await tx.alertFiring.createManyAndReturn({
          data: found.slice(start, start + CHUNK).map(({ alert, firing, source }) => ({
            alertId: alert.id,
            userId: alert.userId,
            ticker: firing.ticker,
            factKey: firing.factKey,
            day: new Date(`${firing.day}T00:00:00Z`),
            evidence: { ...firing.evidence, source },
            summary: firing.summary,
            origin: event.origin,
          })),
          skipDuplicates: true,
          select: { id: true, alertId: true, userId: true },
        });
        stored.push(...rows);
      }
      const deliveries = stored.flatMap((firing) => {
        const alert = alertsById.get(firing.alertId)!;
        const channels = alert.channels.filter((channel) => channel === "email" || (channel === "webhook" && alert.webhookUrl && hasProAccess(alert.user)));
        return channels.map((channel) => ({
          firingId: firing.id,
          channel,
          // A replayed day's mail goes out when the replay ends: it stands for days already past.
          nextAttemptAt: event.replay?.deliverAt ?? firstAttemptAt(alert, channel as "email" | "webhook", now, deps.config.alerts.digestHourUtc),
        }));
      });
      for (let start = 0; start < deliveries.length; start += CHUNK) {
        await tx.alertDelivery.createMany({ data: deliveries.slice(start, start + CHUNK), skipDuplicates: true });
      }
      if (stored.length > 0) await tx.alertEvaluation.update({ where: { eventKey }, data: { firings: stored.length } });
      return stored.map((firing) => ({ userId: firing.userId, firingId: firing.id }));
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}
