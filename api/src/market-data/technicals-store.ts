// technical_indicators: one row per ticker with its indicators at its latest bar, recomputed
// from price_data after every load or refresh, and read by the screen through an in-memory
// cache that one cheap query keeps current.
import path from "node:path";
import { endOfDay } from "@shared/as-of";
import type { Database } from "../db/database";
import { Prisma } from "../generated/prisma/client";
import { turnForRequests, turnInLine } from "../shared/turn-for-requests";
import {
  betaReturns,
  computeTechnicals,
  dailyReturns,
  equalWeightedReturns,
  loadIndicatorLibrary,
  type MarketReturns,
  type TechnicalSnapshot,
} from "./technicals";
import { universeTickers } from "./universes";
import { packBars, unpackBars, type PackedBars } from "./packed-bars";
import { packRows, unpackRows, type PackedRows } from "../workers/packed-rows";
import { workerModule } from "../workers/worker-pool";
import type { Transferring } from "../workers/worker-protocol";

export { momentumRule, technicalScoreFormula, type Momentum, type TechnicalSnapshot } from "./technicals";

export type MarketSnapshot = {
  /** The latest bar date over all tickers (YYYY-MM-DD), null with no prices. */
  asOf: string | null;
  /** The data ends more than a week ago: the bundled snapshot, or live data that stopped updating. */
  isSnapshot: boolean;
  /** The providers behind the latest bars, e.g. "Alpha Vantage daily prices (bundled snapshot, 2018-01-02 → 2021-04-21)". */
  sourceLabel: string;
  /** The market series betas were measured against. */
  betaProxy: string | null;
  byTicker: Map<string, TechnicalSnapshot>;
};

export type TechnicalsStore = {
  /** Every ticker's indicators at its latest bar. */
  current(): Promise<MarketSnapshot>;
  /**
   * Every ticker's indicators at its latest bar on or before `date` (YYYY-MM-DD), computed from
   * bars dated ≤ date only (the market proxy too), by the same code as the stored ones. Kept for
   * the last PAST_SNAPSHOTS_KEPT dates asked (plus what `hold` asks), until prices change.
   */
  asOf(date: string): Promise<MarketSnapshot>;
  /** The past day's indicators are in memory, or being computed: asOf(date) computes nothing. */
  isPastDayCached(date: string): boolean;
  /**
   * Keeps `dates`' indicators in memory until the returned function is called (a backtest's
   * rebalance days, for the whole run), and from then on keeps as many past days besides the last
   * PAST_SNAPSHOTS_KEPT asked, so the same job run again finds every one of them.
   */
  hold(dates: readonly string[]): () => void;
  /** Past days answered from memory (`hits`) and computed, and how many are kept now: for tests and benchmarks. */
  pastDayCounts(): { hits: number; computed: number; kept: number };
  /** Every stored bar, read once per version of the data (the backtest's prices, and the source of `asOf`). */
  bars(): Promise<BarHistory>;
  /** The stored indicators' version (newest computed_at and row count): it changes after every load or refresh. */
  version(): Promise<string>;
};

/** One ticker's stored bars with a close, oldest first. */
export type TickerBars = { dates: string[]; closes: number[]; volumes: (number | null)[]; sources: string[] };

/** price_data in memory: each ticker's bars, the trading days (dates with any bar) and each source's date range. */
export type BarHistory = {
  byTicker: Map<string, TickerBars>;
  tradingDays: string[];
  sourceRanges: SourceRange[];
};

type SourceRange = { source: string; first: string; last: string };

/** Calendar days of bars read per ticker: SMA 50 and RSI warm-up plus a year of crossover search. */
export const indicatorWindowDays = 420;
/** Calendar days of bars read for the market proxy: comfortably more than 61 trading days. */
export const marketProxyWindowDays = 100;
const staleAfterDays = 7;
/**
 * Past dates whose indicators are kept in memory for anyone's views (each about as large as the
 * latest's, ~0.2 MB on the bundled 467 tickers). A job that holds its days (a backtest) adds room
 * for as many as the largest one held, up to MAX_HELD_DAYS: its days never evict each other, and
 * a repeated run finds them all (a 40-month backtest plus its screen's own day needs 41).
 */
export const PAST_SNAPSHOTS_KEPT = 40;
/** The most days of held jobs kept besides PAST_SNAPSHOTS_KEPT once they end: 20 years of monthly rebalances. */
export const MAX_HELD_DAYS = 240;

/** The ETF whose returns stand for the market when price_data has its bars (the live refresh fetches it). */
export const marketProxyTicker = "SPY";

export type WindowRow = { ticker: string; dates: string[]; closes: number[]; volumes: (number | null)[]; source: string };

/** Each ticker's bars in the `days` calendar days up to its own latest bar, oldest first, as arrays (one row per ticker). */
async function readWindows(db: Database, days: number, tickers?: string[]): Promise<WindowRow[]> {
  const only = tickers ? Prisma.sql`WHERE ticker = ANY(${tickers}::text[])` : Prisma.empty;
  return db.prisma.$queryRaw<WindowRow[]>`
    WITH latest AS (SELECT ticker, max(date) AS last_date FROM price_data ${only} GROUP BY ticker)
    SELECT p.ticker,
      array_agg(to_char(p.date, 'YYYY-MM-DD') ORDER BY p.date) AS dates,
      array_agg(p.close::float8 ORDER BY p.date) AS closes,
      array_agg(p.volume::float8 ORDER BY p.date) AS volumes,
      (array_agg(p.source ORDER BY p.date DESC))[1] AS source
    FROM price_data p JOIN latest l ON l.ticker = p.ticker
    WHERE p.date > l.last_date - ${days}::int AND p.date <= l.last_date AND p.close IS NOT NULL
    GROUP BY p.ticker`;
}

/** Tickers per query of readBarHistory: about 120 ms of PGlite each on a 2-core machine. */
const HISTORY_TICKERS_PER_READ = 25;
/** Tickers per COPY on PGlite: about 50 ms each (of the request thread) on a 2-core machine with 2013–2021 bars. */
const HISTORY_TICKERS_PER_COPY = 12;

type HistoryRow = { ticker: string; dates: string[]; closes: number[]; volumes: (number | null)[]; sources: string[] };

/**
 * Every bar with a close; dates and sources are shared strings, so the arrays cost little. Read
 * in groups of tickers with a turn of the event loop between them: PGlite answers on this thread,
 * and one query over every bar held it for seconds (requests waited, /healthz included). Each
 * ticker's bars come from one statement; a refresh landing between two groups changes the stored
 * version, so the next reader reads again.
 */
async function readBarHistory(db: Database): Promise<BarHistory> {
  const tickers = await storedTickers(db);
  const history = barHistoryBuilder();
  const perRead = db.copyOut ? HISTORY_TICKERS_PER_COPY : HISTORY_TICKERS_PER_READ;
  for (let start = 0; start < tickers.length; start += perRead) {
    await turnForRequests();
    const group = tickers.slice(start, start + perRead);
    history.add(db.copyOut ? await copyHistoryRows(db.copyOut, group) : await queryHistoryRows(db, group));
  }
  return history.finish();
}

/**
 * Every ticker with bars, in order, by a skip scan of the (ticker, date) index: one probe per
 * ticker (about 15 ms), where SELECT DISTINCT read every bar and held PGlite's thread for 260 ms.
 */
async function storedTickers(db: Database): Promise<string[]> {
  const rows = await db.prisma.$queryRaw<{ ticker: string }[]>`
    WITH RECURSIVE tickers AS (
      SELECT min(ticker) AS ticker FROM price_data
      UNION ALL
      SELECT (SELECT min(ticker) FROM price_data WHERE ticker > tickers.ticker) FROM tickers WHERE tickers.ticker IS NOT NULL
    )
    SELECT ticker FROM tickers WHERE ticker IS NOT NULL`;
  return rows.map((row) => row.ticker);
}

async function queryHistoryRows(db: Database, tickers: string[]): Promise<HistoryRow[]> {
  return db.prisma.$queryRaw<HistoryRow[]>`
    SELECT ticker,
      array_agg(to_char(date, 'YYYY-MM-DD') ORDER BY date) AS dates,
      array_agg(close::float8 ORDER BY date) AS closes,
      array_agg(volume::float8 ORDER BY date) AS volumes,
      array_agg(source ORDER BY date) AS sources
    FROM price_data
    WHERE close IS NOT NULL AND ticker = ANY(${tickers}::text[])
    GROUP BY ticker`;
}

/**
 * The same rows through COPY … TO on PGlite: its CSV of plain columns came out in 2.2–3 s for the
 * 1.1 M bars where the array_agg query took 6.5 s (and 7–9 s through Prisma). COPY takes no
 * parameters, so the tickers (read from the table) go in as quoted literals. Tickers and sources
 * hold no comma or quote, so a line splits on commas; an empty volume is NULL.
 */
async function copyHistoryRows(copyOut: NonNullable<Database["copyOut"]>, tickers: string[]): Promise<HistoryRow[]> {
  const list = tickers.map((ticker) => `'${ticker.replace(/'/g, "''")}'`).join(",");
  const csv = await copyOut(
    `COPY (SELECT ticker, date, close, volume, source FROM price_data WHERE close IS NOT NULL AND ticker IN (${list}) ORDER BY ticker, date) TO '/dev/blob' WITH (FORMAT csv)`,
  );
  const rows: HistoryRow[] = [];
  let row: HistoryRow | undefined;
  for (const line of csv.split("\n")) {
    if (line === "") continue;
    const [ticker, date, close, volume, source] = line.split(",");
    if (row?.ticker !== ticker) rows.push((row = { ticker, dates: [], closes: [], volumes: [], sources: [] }));
    row.dates.push(date);
    row.closes.push(Number(close));
    row.volumes.push(volume === "" ? null : Number(volume));
    row.sources.push(source);
  }
  return rows;
}

/**
 * Builds a BarHistory group by group (each group's rows added as they are read, so no single step
 * walks every bar on the request thread); dates and sources become shared strings.
 */
function barHistoryBuilder() {
  const sharedDates = new Map<string, string>();
  const sharedSources = new Map<string, string>();
  const share = (shared: Map<string, string>) => (text: string) => {
    const known = shared.get(text);
    if (known !== undefined) return known;
    shared.set(text, text);
    return text;
  };
  const byTicker = new Map<string, TickerBars>();
  const ranges = new Map<string, SourceRange>();
  return {
    add(rows: HistoryRow[]) {
      for (const row of rows) {
        const dates = row.dates.map(share(sharedDates));
        const sources = row.sources.map(share(sharedSources));
        for (let index = 0; index < dates.length; index++) {
          const range = ranges.get(sources[index]);
          if (!range) ranges.set(sources[index], { source: sources[index], first: dates[index], last: dates[index] });
          else {
            if (dates[index] < range.first) range.first = dates[index];
            if (dates[index] > range.last) range.last = dates[index];
          }
        }
        byTicker.set(row.ticker, { dates, closes: row.closes, volumes: row.volumes, sources });
      }
    },
    finish(): BarHistory {
      const tradingDays = [...sharedDates.keys()].sort();
      return { byTicker, tradingDays, sourceRanges: [...ranges.values()] };
    },
  };
}

/** The index of the last date on or before `date` in ascending `dates` (−1: none). */
export function lastIndexOnOrBefore(dates: string[], date: string): number {
  let [low, high] = [0, dates.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (dates[middle] <= date) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}

/** YYYY-MM-DD `days` calendar days before `date`. */
function calendarDaysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * In memory, the windows readWindows would read from a database last updated on `through`:
 * each ticker's bars in the `days` calendar days up to its latest bar on or before `through`.
 */
function windowsThrough(history: BarHistory, days: number, tickers: Iterable<string>, through: string): WindowRow[] {
  const windows: WindowRow[] = [];
  for (const ticker of tickers) {
    const bars = history.byTicker.get(ticker);
    const end = bars ? lastIndexOnOrBefore(bars.dates, through) : -1;
    if (!bars || end < 0) continue;
    const start = lastIndexOnOrBefore(bars.dates, calendarDaysBefore(bars.dates[end], days)) + 1;
    windows.push({
      ticker,
      dates: bars.dates.slice(start, end + 1),
      closes: bars.closes.slice(start, end + 1),
      volumes: bars.volumes.slice(start, end + 1),
      source: bars.sources[end],
    });
  }
  return windows;
}

/**
 * The market's daily returns for beta: SPY's when price_data has enough SPY bars; otherwise
 * the equal-weighted average return of the S&P 500 members it has, named as such, as long as
 * they are at least half the index (fewer would not stand for the market: with one member, every
 * beta against it would be 1). Null when neither is there. `read` gives the tickers' windows of
 * marketProxyWindowDays (from the database, or from memory as of a past day).
 */
export async function marketReturns(read: (tickers: string[]) => Promise<WindowRow[]> | WindowRow[]): Promise<MarketReturns | null> {
  const [spy] = await read([marketProxyTicker]);
  if (spy && spy.closes.length > betaReturns) {
    return { name: "SPY (SPDR S&P 500 ETF Trust) daily returns", byDate: new Map(dailyReturns(spy).map((r) => [r.date, r.value])) };
  }
  const index = universeTickers("sp500", { includeEtf: false });
  const members = (await read(index)).filter((series) => series.closes.length > 1);
  if (members.length < index.length / 2) return null;
  return {
    name: `Equal-weighted average of ${members.length} S&P 500 members (SPY not in the data)`,
    byDate: equalWeightedReturns(members),
  };
}

/**
 * Recomputes the indicators of `tickers` (default: every ticker with prices) from their last
 * 420 days of bars and stores them, replacing the previous rows. Two or three queries to read,
 * one insert per 2,000 tickers to write.
 */
export async function recomputeTechnicals(db: Database, tickers?: string[]): Promise<{ tickers: number; ms: number }> {
  const started = performance.now();
  const rows = await computeAllTechnicals(db, tickers);
  for (let start = 0; start < rows.length; start += 2000) await storeTechnicals(db, rows.slice(start, start + 2000));
  return { tickers: rows.length, ms: Math.round(performance.now() - started) };
}

/** The indicators of `tickers` (default: all) at their latest bar. */
async function computeAllTechnicals(db: Database, tickers?: string[]): Promise<TechnicalSnapshot[]> {
  const library = await loadIndicatorLibrary();
  const [market, windows] = await Promise.all([
    marketReturns((proxyTickers) => readWindows(db, marketProxyWindowDays, proxyTickers)),
    readWindows(db, indicatorWindowDays, tickers),
  ]);
  return windows.map((window) => ({ ticker: window.ticker, source: window.source, ...computeTechnicals(window, market, library) }));
}

/**
 * Every ticker's indicators at its latest bar on or before `date`, from the bars in memory:
 * the same windows and the same indicator code as the stored rows, so a past day's screen
 * reads no rows (about a second per day when each day's windows were read from the database).
 */
export async function technicalsThrough(history: BarHistory, date: string): Promise<TechnicalSnapshot[]> {
  const library = await loadIndicatorLibrary();
  const market = await marketReturns((tickers) => windowsThrough(history, marketProxyWindowDays, tickers, date));
  return windowsThrough(history, indicatorWindowDays, history.byTicker.keys(), date).map((window) => ({
    ticker: window.ticker,
    source: window.source,
    ...computeTechnicals(window, market, library),
  }));
}

let unpacked: { id: number; history: BarHistory } | undefined;

/**
 * technicalsThrough in a worker thread: the bars arrive packed (in shared memory), and are unpacked
 * once per set of bars; the rows go back packed as columns (unpackRows).
 */
export async function packedTechnicalsThrough(bars: PackedBars, date: string): Promise<Transferring<PackedRows>> {
  if (unpacked?.id !== bars.id) unpacked = { id: bars.id, history: unpackBars(bars) };
  return packRows(await technicalsThrough(unpacked.history, date));
}

const technicalsWorker = workerModule<{ packedTechnicalsThrough: typeof packedTechnicalsThrough }>(path.join(__dirname, "technicals-store.ts"));

/**
 * A past day's indicators, computed in a worker thread (a few hundred ms of CPU over the bundled
 * bars): requests keep being served meanwhile. The request loop only shares the bars and unpacks
 * the rows, well under a millisecond each.
 */
async function technicalsThroughInWorker(history: BarHistory, date: string): Promise<TechnicalSnapshot[]> {
  const packed = await technicalsWorker.run("packedTechnicalsThrough", [await packBars(history), date]);
  // Replies that arrive together are delivered together: unpack each in its own turn of the loop.
  await turnInLine();
  return unpackRows<TechnicalSnapshot>(packed);
}

async function storeTechnicals(db: Database, rows: TechnicalSnapshot[]): Promise<void> {
  await db.prisma.$executeRaw`
    INSERT INTO technical_indicators (ticker, as_of, source, close, volume, sma5, sma20, sma50, rsi14, avg_volume_20,
      ma_condition, ma_spread_pct, last_cross_up_date, beta_60, beta_proxy, momentum, technical_score, return_1m,
      bar_count, twentieth_bar_date, computed_at)
    SELECT ticker, "asOf", source, close, volume, sma5, sma20, sma50, rsi14, "avgVolume20", "maCondition", "maSpreadPct",
      "lastCrossUpDate", beta60, "betaProxy", momentum, "technicalScore", "return1m", "barCount", "twentiethBarDate", now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(ticker text, "asOf" date, source text, close float8,
      volume float8, sma5 float8, sma20 float8, sma50 float8, rsi14 float8, "avgVolume20" float8, "maCondition" boolean,
      "maSpreadPct" float8, "lastCrossUpDate" date, beta60 float8, "betaProxy" text, momentum text,
      "technicalScore" float8, "return1m" float8, "barCount" int, "twentiethBarDate" date)
    ON CONFLICT (ticker) DO UPDATE SET as_of = EXCLUDED.as_of, source = EXCLUDED.source, close = EXCLUDED.close,
      volume = EXCLUDED.volume, sma5 = EXCLUDED.sma5, sma20 = EXCLUDED.sma20, sma50 = EXCLUDED.sma50,
      rsi14 = EXCLUDED.rsi14, avg_volume_20 = EXCLUDED.avg_volume_20, ma_condition = EXCLUDED.ma_condition,
      ma_spread_pct = EXCLUDED.ma_spread_pct, last_cross_up_date = EXCLUDED.last_cross_up_date,
      beta_60 = EXCLUDED.beta_60, beta_proxy = EXCLUDED.beta_proxy, momentum = EXCLUDED.momentum,
      technical_score = EXCLUDED.technical_score, return_1m = EXCLUDED.return_1m, bar_count = EXCLUDED.bar_count,
      twentieth_bar_date = EXCLUDED.twentieth_bar_date, computed_at = EXCLUDED.computed_at`;
}

const providerNames: Record<string, string> = {
  "alphavantage-snapshot": "Alpha Vantage daily prices (bundled snapshot)",
  "iex-snapshot": "IEX daily prices, split-adjusted (bundled Kaggle \"S&P 500 stock data\" file)",
  "quandl-snapshot": "Quandl WIKI daily prices, split- and dividend-adjusted (bundled, members that left by 2018)",
  yahoo: "Yahoo Finance chart API",
  alphavantage: "Alpha Vantage TIME_SERIES_DAILY_ADJUSTED",
};

/** A price_data source key as users read it. */
export function providerName(source: string): string {
  return providerNames[source] ?? source;
}

/** What each source key stands for, with the date range its bars cover. */
export function sourceLabel(source: string, first: string, last: string): string {
  // A bundled file's name ends in its parenthesis, which takes the date range.
  if (source.endsWith("-snapshot")) return `${providerName(source).replace(/\)$/, "")}, ${first} → ${last})`;
  return `${providerName(source)} (daily, to ${last})`;
}

/** More than a week between the latest bar and now: not live data. */
export function isStale(asOf: string | null, now: Date = new Date()): boolean {
  if (asOf === null) return true;
  return now.getTime() - endOfDay(asOf).getTime() > staleAfterDays * 86_400_000;
}

/**
 * The day time windows (lookback, news, days to earnings) end on: the latest bar's date for
 * snapshot data, so the bundled snapshot screens like a live day; today for live data.
 */
export function marketDate(snapshot: Pick<MarketSnapshot, "asOf" | "isSnapshot">, now: Date = new Date()): string {
  return snapshot.isSnapshot && snapshot.asOf ? snapshot.asOf : now.toISOString().slice(0, 10);
}

type IndicatorRow = Omit<TechnicalSnapshot, "momentum"> & { momentum: string };

/** A snapshot marked as snapshot data when its latest bar is older than a week (isStale). */
export function withStaleness(snapshot: Omit<MarketSnapshot, "isSnapshot">, now?: Date): MarketSnapshot {
  return { ...snapshot, isSnapshot: isStale(snapshot.asOf, now) };
}

async function readSnapshot(db: Database): Promise<Omit<MarketSnapshot, "isSnapshot">> {
  // A skip scan of the (source, date) index: one probe per source, where a GROUP BY read every bar.
  const ranges = await db.prisma.$queryRaw<SourceRange[]>`
    WITH RECURSIVE sources AS (
      SELECT min(source) AS source FROM price_data
      UNION ALL
      SELECT (SELECT min(source) FROM price_data WHERE source > sources.source) FROM sources WHERE sources.source IS NOT NULL
    )
    SELECT source,
      (SELECT to_char(min(date), 'YYYY-MM-DD') FROM price_data p WHERE p.source = sources.source) AS first,
      (SELECT to_char(max(date), 'YYYY-MM-DD') FROM price_data p WHERE p.source = sources.source) AS last
    FROM sources WHERE source IS NOT NULL`;
  const rows = await db.prisma.$queryRaw<IndicatorRow[]>`
    SELECT ticker, to_char(as_of, 'YYYY-MM-DD') AS "asOf", source, close, volume, sma5, sma20, sma50, rsi14,
      avg_volume_20 AS "avgVolume20", ma_condition AS "maCondition", ma_spread_pct AS "maSpreadPct",
      to_char(last_cross_up_date, 'YYYY-MM-DD') AS "lastCrossUpDate", beta_60 AS beta60, beta_proxy AS "betaProxy",
      momentum, technical_score AS "technicalScore", return_1m AS "return1m", bar_count AS "barCount",
      to_char(twentieth_bar_date, 'YYYY-MM-DD') AS "twentiethBarDate"
    FROM technical_indicators`;
  return snapshotOf(rows, ranges);
}

/** The label of the sources the indicators' latest bars come from (one entry a ticker), the most used first. */
export function sourcesLabel(latestBarSources: Iterable<string>, ranges: SourceRange[]): string {
  const uses = new Map<string, number>();
  for (const source of latestBarSources) uses.set(source, (uses.get(source) ?? 0) + 1);
  const labels = ranges
    .filter((range) => uses.has(range.source))
    .sort((a, b) => uses.get(b.source)! - uses.get(a.source)!)
    .map((range) => sourceLabel(range.source, range.first, range.last));
  return labels.join("; ") || "No price data";
}

/** The market snapshot of these indicator rows: their latest date, the sources behind them (with `ranges`, each source's dates) and the beta proxy. */
function snapshotOf(rows: IndicatorRow[], ranges: SourceRange[]): Omit<MarketSnapshot, "isSnapshot"> {
  const byTicker = new Map(rows.map((row) => [row.ticker, row as TechnicalSnapshot]));
  const asOf = rows.reduce<string | null>((latest, row) => (latest === null || row.asOf > latest ? row.asOf : latest), null);
  const betaProxies = new Set(rows.map((row) => row.betaProxy).filter((proxy) => proxy !== null));
  return {
    asOf,
    sourceLabel: sourcesLabel(
      rows.map((row) => row.source),
      ranges,
    ),
    betaProxy: betaProxies.size > 0 ? [...betaProxies].join("; ") : null,
    byTicker,
  };
}

type PastSnapshot = Promise<Omit<MarketSnapshot, "isSnapshot">>;

/**
 * Past days' snapshots by date, least recently used first, for one version of the stored data at a
 * time (a refresh makes them anew). Days a running job holds are never evicted; once it ends they
 * stay, in room sized to the largest job held (see PAST_SNAPSHOTS_KEPT).
 */
function createPastDays() {
  const days = new Map<string, { version: string; snapshot: PastSnapshot }>();
  const holds = new Map<string, number>();
  let version: string | undefined;
  let roomForHeld = 0;
  let [hits, computed] = [0, 0];
  const evict = () => {
    const capacity = PAST_SNAPSHOTS_KEPT + roomForHeld;
    for (const date of days.keys()) {
      if (days.size <= capacity) return;
      if (!holds.has(date)) days.delete(date);
    }
  };
  return {
    /** The day's snapshot for this version of the data, computed by `compute` when it is not kept. */
    get(currentVersion: string, date: string, compute: () => PastSnapshot): PastSnapshot {
      if (currentVersion !== version) {
        version = currentVersion;
        for (const [day, entry] of days) if (entry.version !== version) days.delete(day);
      }
      const kept = days.get(date);
      days.delete(date);
      if (kept?.version === currentVersion) {
        hits++;
        days.set(date, kept);
        return kept.snapshot;
      }
      computed++;
      const entry = { version: currentVersion, snapshot: compute() };
      days.set(date, entry);
      evict();
      // A failed computation is not kept: the next call tries again.
      entry.snapshot.catch(() => {
        if (days.get(date) === entry) days.delete(date);
      });
      return entry.snapshot;
    },
    has: (date: string) => version !== undefined && days.get(date)?.version === version,
    hold(dates: readonly string[]): () => void {
      const unique = [...new Set(dates)];
      for (const date of unique) holds.set(date, (holds.get(date) ?? 0) + 1);
      roomForHeld = Math.min(MAX_HELD_DAYS, Math.max(roomForHeld, unique.length));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const date of unique) {
          const count = holds.get(date)! - 1;
          if (count > 0) holds.set(date, count);
          else holds.delete(date);
        }
        evict();
      };
    },
    counts: () => ({ hits, computed, kept: days.size }),
  };
}

/**
 * The indicators of every ticker, cached in memory. Each call asks the database one cheap
 * question (the newest computed_at and the row count, answered from the index) and reloads
 * only when the answer changed, so a screen over thousands of tickers reads no indicator rows.
 * Calls made while that question is being answered share its answer: under a hundred
 * concurrent screens the embedded database's one connection answers it once, not a hundred times.
 */
export function createTechnicalsStore(db: Database, options: { now?: () => Date } = {}): TechnicalsStore {
  let cached: { version: string; snapshot: Promise<Omit<MarketSnapshot, "isSnapshot">> } | undefined;
  let versionInFlight: Promise<string> | undefined;
  const readVersion = async () => {
    const [{ computedAt, rowCount }] = await db.prisma.$queryRaw<{ computedAt: Date | null; rowCount: number }[]>`
      SELECT max(computed_at) AS "computedAt", count(*)::int AS "rowCount" FROM technical_indicators`;
    return `${computedAt?.toISOString()}|${rowCount}`;
  };
  const sharedVersion = () =>
    (versionInFlight ??= readVersion().finally(() => {
      versionInFlight = undefined;
    }));
  // Every bar, for the version of the data it was read at: read once, and again after a refresh.
  let history: { version: string; bars: Promise<BarHistory> } | undefined;
  const barsOf = (version: string) => {
    if (history?.version !== version) {
      const entry = { version, bars: readBarHistory(db) };
      history = entry;
      entry.bars.catch(() => {
        if (history === entry) history = undefined;
      });
    }
    return history.bars;
  };
  const past = createPastDays();
  return {
    version: sharedVersion,
    async bars() {
      return barsOf(await sharedVersion());
    },
    async asOf(date) {
      const version = await sharedVersion();
      const snapshot = past.get(version, date, () =>
        barsOf(version).then(async (bars) => snapshotOf(await technicalsThroughInWorker(bars, date), bars.sourceRanges)),
      );
      return withStaleness(await snapshot, options.now?.());
    },
    isPastDayCached: (date) => past.has(date),
    hold: (dates) => past.hold(dates),
    pastDayCounts: () => past.counts(),
    async current() {
      const version = await sharedVersion();
      if (cached?.version !== version) {
        const entry = { version, snapshot: readSnapshot(db) };
        cached = entry;
        // A failed read is not kept: the next call tries again.
        entry.snapshot.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return withStaleness(await cached.snapshot, options.now?.());
    },
  };
}
