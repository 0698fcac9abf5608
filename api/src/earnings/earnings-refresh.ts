// Live refresh of earnings_predictions from Yahoo's earnings endpoints (yahoo-earnings.ts): for
// every covered company (the tickers in the table), new reported quarters and the next report's
// date and consensus, then the walk-forward predictions of the companies that changed.
// Scheduled every EARNINGS_REFRESH_HOURS (0, the default, is off), one pass at a time across instances.
import type { AppDeps } from "../context";
import { isSkipped, runExclusively, type SkippedPass } from "../db/run-exclusively";
import { createLimiter, ProviderError } from "../market-data/providers/http";
import { mapWithConcurrency } from "../shared/map-with-concurrency";
import { walkForward } from "./beat-model";
import { bundledCloses } from "./bundled-closes";
import { forgetEarningsReads } from "./earnings";
import type { EarningsReport, ReportTime } from "./earnings-files";
import { predictionRow, replaceTickerPredictions, sectorOf } from "./earnings-snapshot";
import { createYahooEarningsClient, type YahooEarnings, type YahooEarningsClient } from "./yahoo-earnings";

export type EarningsRefreshDeps = Pick<AppDeps, "config" | "db" | "logger"> & Partial<Pick<AppDeps, "dataEvents">>;

/** pg advisory lock id of the refresh pass ("ernR" in ASCII). */
export const EARNINGS_REFRESH_LOCK_ID = 0x65726e52;
/** Stored as the source of the rows a refresh wrote. */
export const yahooEarningsSource = "Yahoo Finance quoteSummary (earningsHistory, calendarEvents)";

/** A reported quarter belongs to the first stored report dated after its end and at most this many days later. */
export const QUARTER_TO_REPORT_MAX_DAYS = 100;
/** Tickers failing in a row on network errors, timeouts, 429 or 5xx before a pass gives up (Yahoo is unreachable). */
const unreachableAfter = 5;
const concurrency = 4;

/** A stored report with the source of its row. */
export type StoredReport = EarningsReport & { source: string | null };

export type EarningsRefreshResult = {
  tickers: number;
  refreshed: number;
  failed: { ticker: string; error: string }[];
  /** Reports filled in (actual EPS) or added or moved (the next report). */
  updatedReports: number;
  /** Reported quarters with no stored report to belong to (Yahoo's history does not give the announcement day). */
  unmatchedQuarters: number;
  /** Prediction rows rewritten (every row of the changed tickers). */
  predictions: number;
  stoppedEarly?: string;
  ms: number;
};

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
const decimalOrNull = (value: { toString(): string } | null) => (value === null ? null : Number(value));

async function readStoredReports(deps: EarningsRefreshDeps): Promise<Map<string, StoredReport[]>> {
  const rows = await deps.db.prisma.earningsPrediction.findMany({ orderBy: [{ ticker: "asc" }, { earningsDate: "asc" }] });
  const byTicker = new Map<string, StoredReport[]>();
  for (const row of rows) {
    if (!row.earningsDate) continue;
    const date = row.earningsDate.toISOString().slice(0, 10);
    const reports = byTicker.get(row.ticker) ?? [];
    reports.push({
      ticker: row.ticker,
      date,
      announcedAt: (row.announcedAt ?? row.earningsDate).toISOString(),
      // Both writers (the snapshot load and this refresh) always set it.
      reportTime: row.reportTime as ReportTime,
      consensusEps: decimalOrNull(row.consensusEps),
      actualEps: decimalOrNull(row.actualEps),
      surprisePercent: decimalOrNull(row.surprise),
      source: row.source,
    });
    byTicker.set(row.ticker, reports);
  }
  return byTicker;
}

/**
 * One company's stored reports (oldest first) with Yahoo's answer merged in, as of `today`:
 * - a reported quarter fills the first stored report dated after its end, at most 100 days later,
 *   if that report has no actual EPS yet (actual, surprise, and Yahoo's final consensus); reports
 *   already scored keep their figures; a quarter with no such report is left out (counted);
 * - the next report, if dated today or later, replaces the company's unreported reports dated
 *   today or later (one upcoming report; Yahoo moves a projected date as the day nears), else is
 *   added. A projected date's time of day means nothing, so it takes the report time of the
 *   company's last report. Unreported reports in the past stay, waiting for their quarter.
 */
export function mergeYahooEarnings(ticker: string, stored: StoredReport[], fetched: YahooEarnings, today: string) {
  const reports = stored.map((report) => ({ ...report }));
  let updated = 0;
  let unmatched = 0;
  for (const quarter of fetched.reported) {
    const report = reports.find((candidate) => candidate.date > quarter.quarterEnd && daysBetween(quarter.quarterEnd, candidate.date) <= QUARTER_TO_REPORT_MAX_DAYS);
    if (!report) {
      unmatched += 1;
      continue;
    }
    if (report.actualEps !== null) continue;
    Object.assign(report, {
      actualEps: quarter.actualEps,
      surprisePercent: quarter.surprisePercent,
      consensusEps: quarter.consensusEps ?? report.consensusEps,
      source: yahooEarningsSource,
    });
    updated += 1;
  }

  const { next } = fetched;
  if (!next || next.date < today) return { reports, updated, unmatched };
  const upcoming = reports.filter((report) => report.actualEps === null && report.date >= today);
  if (upcoming.length === 1 && upcoming[0].date === next.date && upcoming[0].consensusEps === next.consensusEps) return { reports, updated, unmatched };
  const kept = reports.filter((report) => !upcoming.includes(report));
  if (kept.some((report) => report.date === next.date)) return { reports, updated, unmatched };
  kept.push({
    ticker,
    date: next.date,
    announcedAt: next.announcedAt,
    reportTime: next.dateIsEstimate ? (kept.at(-1)?.reportTime ?? next.reportTime) : next.reportTime,
    consensusEps: next.consensusEps,
    actualEps: null,
    surprisePercent: null,
    source: yahooEarningsSource,
  });
  return { reports: kept.sort((a, b) => a.date.localeCompare(b.date)), updated: updated + 1, unmatched };
}

/**
 * One refresh pass over every covered ticker. One ticker's failure never stops the others (each
 * is logged at debug and counted), but a pass stops after five tickers in a row could not reach
 * Yahoo. The changed tickers' predictions are then recomputed walk-forward, the pool being every
 * stored report (the snapshot's and the refreshed ones), and their rows replaced.
 */
export async function refreshEarnings(
  deps: EarningsRefreshDeps,
  options: { client: YahooEarningsClient; signal?: AbortSignal; now?: () => Date },
): Promise<EarningsRefreshResult> {
  const started = performance.now();
  const today = (options.now?.() ?? new Date()).toISOString().slice(0, 10);
  const stored = await readStoredReports(deps);
  const tickers = [...stored.keys()];
  const result: EarningsRefreshResult = { tickers: tickers.length, refreshed: 0, failed: [], updatedReports: 0, unmatchedQuarters: 0, predictions: 0, ms: 0 };
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const changed = new Set<string>();
  let unreachableInARow = 0;

  await mapWithConcurrency(tickers, concurrency, async (ticker) => {
    if (signal.aborted) return;
    try {
      const merged = mergeYahooEarnings(ticker, stored.get(ticker)!, await options.client.fetchEarnings(ticker, signal), today);
      result.refreshed += 1;
      result.updatedReports += merged.updated;
      result.unmatchedQuarters += merged.unmatched;
      unreachableInARow = 0;
      if (merged.updated > 0) {
        stored.set(ticker, merged.reports);
        changed.add(ticker);
      }
    } catch (error) {
      if (signal.aborted) return;
      const message = ((error as Error)?.message ?? String(error)).slice(0, 500);
      result.failed.push({ ticker, error: message });
      deps.logger.debug({ ticker, error: message }, "earnings refresh failed for a ticker");
      unreachableInARow = error instanceof ProviderError && error.retryable ? unreachableInARow + 1 : 0;
      if (unreachableInARow >= unreachableAfter) {
        result.stoppedEarly = `Yahoo unreachable: ${unreachableAfter} tickers in a row failed (${message})`;
        stop.abort(new Error(result.stoppedEarly));
      }
    }
  });
  options.signal?.throwIfAborted();

  if (changed.size > 0) {
    const sources = new Map([...stored.values()].flat().map((report) => [`${report.ticker} ${report.date}`, report.source]));
    const targets = new Map([...changed].map((ticker) => [ticker, stored.get(ticker)!]));
    const prices = await bundledCloses(stored.keys(), options.signal);
    const predictions = walkForward(stored, targets, { sectorOf, prices });
    for (const ticker of changed) {
      const data = predictions
        .filter((prediction) => prediction.report.ticker === ticker)
        .map((prediction) => ({ ...predictionRow(prediction), source: sources.get(`${ticker} ${prediction.report.date}`) }));
      await replaceTickerPredictions(deps.db, ticker, data);
      result.predictions += data.length;
    }
    forgetEarningsReads(deps.db);
    deps.dataEvents?.publish("data:changed", { kind: "earnings", tickers: [...changed] });
  }
  result.ms = Math.round(performance.now() - started);
  const { failed, ...summary } = result;
  if (failed.length === 0) deps.logger.info(summary, "earnings refresh pass");
  else deps.logger.warn({ ...summary, failed: failed.length, firstFailures: failed.slice(0, 3) }, "earnings refresh pass had failures");
  return result;
}

/** Yahoo's base URL is MARKET_DATA_BASE_URL only when the market-data provider is Yahoo too. */
export function createConfiguredEarningsClient(config: EarningsRefreshDeps["config"], overrides: { retries?: number; backoffMs?: number } = {}) {
  const { marketData } = config;
  const baseUrl = marketData.provider === "yahoo" ? marketData.baseUrl : undefined;
  return createYahooEarningsClient({
    baseUrl,
    // A configured base URL (a replay server) hands out the session too.
    sessionUrl: baseUrl ? `${baseUrl}/` : undefined,
    http: {
      timeoutMs: marketData.requestTimeoutMs,
      retries: overrides.retries ?? 3,
      backoffMs: overrides.backoffMs ?? 2000,
      limiter: createLimiter(marketData.requestsPerMinute),
    },
  });
}

/** The pass, exclusive across instances; the PostgreSQL lock is held as long as the pass may take at the configured rate, plus ten minutes. */
export async function runScheduledEarningsRefresh(
  deps: EarningsRefreshDeps,
  options: { client: YahooEarningsClient; signal?: AbortSignal; now?: () => Date },
): Promise<EarningsRefreshResult | SkippedPass> {
  const tickers = await deps.db.prisma.earningsPrediction.findMany({ distinct: ["ticker"], select: { ticker: true } });
  const passMs = (tickers.length / deps.config.marketData.requestsPerMinute) * 60_000;
  return runExclusively(deps.db, EARNINGS_REFRESH_LOCK_ID, () => refreshEarnings(deps, options), { timeoutMs: passMs * 4 + 10 * 60_000 });
}

/**
 * Runs a refresh pass every EARNINGS_REFRESH_HOURS (0 or MARKET_DATA_PROVIDER=none: off), the
 * first shortly after start. Returns stop(): cancels the timer, aborts in-flight requests and
 * resolves when the running pass has finished.
 */
export function scheduleEarningsRefresh(deps: EarningsRefreshDeps, options: { initialDelayMs?: number } = {}): () => Promise<void> {
  const { refreshHours } = deps.config.earnings;
  const { provider } = deps.config.marketData;
  if (refreshHours <= 0 || provider === "none") {
    deps.logger.info({ refreshHours, marketDataProvider: provider }, "scheduled earnings refresh is off");
    return async () => {};
  }
  const client = createConfiguredEarningsClient(deps.config);
  const intervalMs = refreshHours * 3_600_000;
  const controller = new AbortController();
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    current = runScheduledEarningsRefresh(deps, { client, signal: controller.signal })
      .then((result) => {
        if (isSkipped(result)) deps.logger.info({ skipped: result.skipped }, "earnings refresh pass skipped");
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, "earnings refresh pass failed"))
      .finally(() => {
        current = undefined;
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, options.initialDelayMs ?? 60_000);
  timer.unref();
  deps.logger.info({ refreshHours }, "scheduled earnings refresh from Yahoo");

  return async () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort(new Error("earnings refresh stopped"));
    await current;
  };
}
