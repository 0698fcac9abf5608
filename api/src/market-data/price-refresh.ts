// Live refresh of price_data from the configured provider: the bars after each ticker's last
// stored one, per-ticker status in price_refresh_status, then the changed tickers' indicators.
// Scheduled every MARKET_DATA_REFRESH_MINUTES, one pass at a time across instances.
import type { AppDeps } from "../context";
import { isSkipped, runExclusively, type SkippedPass } from "../db/run-exclusively";
import { mapWithConcurrency } from "../shared/map-with-concurrency";
import { adjustStoredBarsForSplits, storePriceBars } from "./price-bars";
import { ProviderError } from "./providers/http";
import { createPriceProvider, type PriceProvider } from "./providers/price-provider";
import { marketProxyTicker, recomputeTechnicals } from "./technicals-store";
import { universeTickers } from "./universes";

export type RefreshDeps = Pick<AppDeps, "config" | "db" | "logger"> & Partial<Pick<AppDeps, "dataEvents">>;

/** pg advisory lock id of the refresh pass ("mktd" in ASCII); any app instance on the same database shares it. */
export const PRICE_REFRESH_LOCK_ID = 0x6d6b7464;

/** Bars before the last stored one fetched again: late corrections and a split on the last day are caught. */
const overlapDays = 7;
/** History fetched for a ticker with no bars yet: what the indicators and a 1,095-day chart need. */
const initialHistoryDays = 1100;
/** Tickers failing in a row on network errors, timeouts, 429 or 5xx before a pass gives up (the provider is unreachable). */
const unreachableAfter = 5;
const concurrency = 4;
/** New trading days a pass announces at most (alerts evaluate each): a week and a half of trading. */
const NEW_DAYS_ANNOUNCED = 8;

export type RefreshResult = {
  provider: string;
  /** Tickers asked for. */
  tickers: number;
  refreshed: number;
  failed: { ticker: string; error: string }[];
  /** Bars written. */
  bars: number;
  /** Why the pass stopped before asking for every ticker. */
  stoppedEarly?: string;
  technicals?: { tickers: number; ms: number };
  ms: number;
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));

/** The refresh universe's tickers plus SPY, the market proxy for beta. */
function refreshTickers(config: RefreshDeps["config"]): string[] {
  return [...new Set([...universeTickers(config.marketData.refreshUniverse, { includeEtf: false }), marketProxyTicker])];
}

async function lastStoredDates(deps: RefreshDeps, tickers: string[]): Promise<Map<string, string>> {
  const rows = await deps.db.prisma.$queryRaw<{ ticker: string; last: string }[]>`
    SELECT ticker, to_char(max(date), 'YYYY-MM-DD') AS last FROM price_data WHERE ticker = ANY(${tickers}::text[]) GROUP BY ticker`;
  return new Map(rows.map((row) => [row.ticker, row.last]));
}

async function recordSuccess(
  deps: RefreshDeps,
  provider: string,
  ticker: string,
  times: { attemptAt: Date; successAt: Date },
  lastBarDate: string | null,
) {
  const data = { provider, lastAttemptAt: times.attemptAt, lastSuccessAt: times.successAt, lastError: null, failures: 0 };
  const barDate = lastBarDate ? { lastBarDate: new Date(`${lastBarDate}T00:00:00Z`) } : {};
  await deps.db.prisma.priceRefreshStatus.upsert({
    where: { ticker },
    create: { ticker, ...data, ...barDate },
    update: { ...data, ...barDate },
  });
}

async function recordFailure(deps: RefreshDeps, provider: string, ticker: string, attemptAt: Date, error: string) {
  await deps.db.prisma.priceRefreshStatus.upsert({
    where: { ticker },
    create: { ticker, provider, lastAttemptAt: attemptAt, lastError: error, failures: 1 },
    update: { provider, lastAttemptAt: attemptAt, lastError: error, failures: { increment: 1 } },
  });
}

/**
 * One refresh pass: for each ticker, the bars from a week before its last stored bar (or the
 * last 1,100 days) to today, stored with the provider as source; splits that took effect after
 * the stored bars adjust those too. One ticker's failure never stops the others, but a pass
 * stops after five tickers in a row could not reach the provider. Never throws for a ticker.
 */
export async function refreshPrices(
  deps: RefreshDeps,
  options: { provider: PriceProvider; tickers?: string[]; signal?: AbortSignal; now?: () => Date },
): Promise<RefreshResult> {
  const started = performance.now();
  const { provider } = options;
  const tickers = options.tickers ?? refreshTickers(deps.config);
  const now = () => options.now?.() ?? new Date();
  const today = isoDate(now());
  const lastDates = await lastStoredDates(deps, tickers);
  const result: RefreshResult = { provider: provider.name, tickers: tickers.length, refreshed: 0, failed: [], bars: 0, ms: 0 };
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const changed: string[] = [];
  /** New bar days (after each ticker's last stored bar), with the tickers that got a bar on each. */
  const newDays = new Map<string, string[]>();
  let unreachableInARow = 0;

  await mapWithConcurrency(tickers, concurrency, async (ticker) => {
    if (signal.aborted) return;
    const attemptAt = now();
    const lastStored = lastDates.get(ticker);
    try {
      const fetched = await provider.fetchDaily(ticker, lastStored ? addDays(lastStored, -overlapDays) : addDays(today, -initialHistoryDays), today, signal);
      if (lastStored) await adjustStoredBarsForSplits(deps.db, ticker, fetched.splits, lastStored);
      result.bars += await storePriceBars(deps.db, fetched.bars.map((bar) => ({ ...bar, ticker, source: provider.name })));
      const lastBarDate = fetched.bars.at(-1)?.date ?? lastStored ?? null;
      await recordSuccess(deps, provider.name, ticker, { attemptAt, successAt: now() }, lastBarDate);
      if (fetched.bars.length > 0) changed.push(ticker);
      for (const bar of fetched.bars) if (!lastStored || bar.date > lastStored) newDays.set(bar.date, [...(newDays.get(bar.date) ?? []), ticker]);
      result.refreshed += 1;
      unreachableInARow = 0;
    } catch (error) {
      if (signal.aborted) return;
      const message = ((error as Error)?.message ?? String(error)).slice(0, 500);
      result.failed.push({ ticker, error: message });
      deps.logger.debug({ ticker, provider: provider.name, error: message }, "price refresh failed for a ticker");
      await recordFailure(deps, provider.name, ticker, attemptAt, message);
      unreachableInARow = error instanceof ProviderError && error.retryable ? unreachableInARow + 1 : 0;
      if (unreachableInARow >= unreachableAfter) {
        result.stoppedEarly = `${provider.name} unreachable: ${unreachableAfter} tickers in a row failed (${message})`;
        stop.abort(new Error(result.stoppedEarly));
      }
    }
  });

  if (changed.length > 0) {
    // New SPY bars change every beta; otherwise only the refreshed tickers' indicators move.
    result.technicals = await recomputeTechnicals(deps.db, changed.includes(marketProxyTicker) ? undefined : changed);
  }
  // Alerts follow each new trading day in order (the last few, after a long pause).
  for (const day of [...newDays.keys()].sort().slice(-NEW_DAYS_ANNOUNCED)) {
    deps.dataEvents?.publish("data:changed", { kind: "prices", day, tickers: newDays.get(day)! });
  }
  result.ms = Math.round(performance.now() - started);
  logPass(deps, result);
  return result;
}

/** One line per pass; failures are summed up, not logged per ticker (an offline machine would log hundreds). */
function logPass(deps: RefreshDeps, result: RefreshResult) {
  const summary = {
    provider: result.provider,
    tickers: result.tickers,
    refreshed: result.refreshed,
    bars: result.bars,
    technicals: result.technicals?.tickers ?? 0,
    ms: result.ms,
  };
  if (result.failed.length === 0) {
    deps.logger.info(summary, "price refresh pass");
    return;
  }
  deps.logger.warn(
    { ...summary, failed: result.failed.length, firstFailures: result.failed.slice(0, 3), stoppedEarly: result.stoppedEarly },
    "price refresh pass had failures (per-ticker status in price_refresh_status)",
  );
}

/**
 * The scheduled pass: exclusive across instances, and skipped when another instance made one
 * less than `minGapMs` ago. The PostgreSQL lock is held for as long as the pass may take at
 * the configured request rate (every request retried), plus ten minutes.
 */
export async function runScheduledRefresh(
  deps: RefreshDeps,
  options: { provider: PriceProvider; minGapMs: number; tickers?: string[]; signal?: AbortSignal; now?: () => Date },
): Promise<RefreshResult | SkippedPass> {
  const tickers = options.tickers ?? refreshTickers(deps.config);
  const passMs = (tickers.length / deps.config.marketData.requestsPerMinute) * 60_000;
  return runExclusively(
    deps.db,
    PRICE_REFRESH_LOCK_ID,
    async () => {
      if (options.minGapMs > 0) {
        const latest = await deps.db.prisma.priceRefreshStatus.aggregate({ _max: { lastAttemptAt: true } });
        const last = latest._max.lastAttemptAt?.getTime();
        const now = (options.now?.() ?? new Date()).getTime();
        if (last !== undefined && now - last < options.minGapMs) return { skipped: "recent-pass" } satisfies SkippedPass;
      }
      return refreshPrices(deps, { ...options, tickers });
    },
    { timeoutMs: passMs * 4 + 10 * 60_000 },
  );
}

/**
 * Runs a refresh pass every MARKET_DATA_REFRESH_MINUTES (0 or MARKET_DATA_PROVIDER=none: off),
 * the first shortly after start. Returns stop(): cancels the timer, aborts in-flight requests
 * and resolves when the running pass has finished.
 */
export function scheduleMarketDataRefresh(deps: RefreshDeps, options: { initialDelayMs?: number } = {}): () => Promise<void> {
  const { refreshMinutes, provider: providerName, refreshUniverse } = deps.config.marketData;
  const provider = createPriceProvider(deps.config.marketData);
  if (!provider || refreshMinutes <= 0) {
    deps.logger.info({ provider: providerName, refreshMinutes }, "scheduled price refresh is off");
    return async () => {};
  }
  const intervalMs = refreshMinutes * 60_000;
  const controller = new AbortController();
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    current = runScheduledRefresh(deps, { provider, signal: controller.signal, minGapMs: intervalMs / 2 })
      .then((result) => {
        if (isSkipped(result)) deps.logger.info({ skipped: result.skipped }, "price refresh pass skipped");
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, "price refresh pass failed"))
      .finally(() => {
        current = undefined;
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, options.initialDelayMs ?? 15_000);
  timer.unref();
  deps.logger.info({ provider: provider.name, universe: refreshUniverse, refreshMinutes }, "scheduled price refresh");

  return async () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort(new Error("price refresh stopped"));
    await current;
  };
}
