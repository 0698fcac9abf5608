// Reads of the stored earnings predictions (earnings_predictions, earnings_model_evaluations), shared
// by Stock.earnings / Query.earningsCoverage (GraphQL) and GET /api/earnings/:ticker (REST).
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import type { EarningsPrediction } from "../generated/prisma/client";
import { findKnownStock, tickerSchema } from "../stocks/symbols";
import { EARNINGS_MODEL_VERSION, METHOD_TEXT, MOMENTUM_DEFINITION, VOLATILITY_DEFINITION } from "./beat-model";
import { earningsSnapshotSource, earningsSnapshotTakenIn, type ReportTime } from "./earnings-files";
import type { EvaluationSummary, ReliabilityBin } from "./evaluation";

export type EarningsReportView = {
  ticker: string;
  /** The announcement's local date, YYYY-MM-DD. */
  date: string;
  announcedAt: Date | null;
  reportTime: ReportTime | null;
  /** Fractions 0–1 (stored in percent). */
  beatProbability: number | null;
  baseRate: number | null;
  consensusEps: number | null;
  actualEps: number | null;
  /** Percent (4.52 = 4.52 %). */
  surprise: number | null;
  /** Reported EPS above consensus; null before the report. */
  beat: boolean | null;
  momentum: string | null;
  volatility: string | null;
  surpriseTrend: number | null;
  surpriseVolatility: number | null;
  priceMomentum: number | null;
  modelVersion: string | null;
  /** Where the report's figures come from: the bundled snapshot, or the live Yahoo refresh. */
  source: string;
};

export type StockEarningsView = {
  ticker: string;
  /** The day the reports are split at (YYYY-MM-DD); null: as of the snapshot (every stored report). */
  asOf: string | null;
  /** The first report dated after asOf (its outcome blanked: unknown on asOf); as of the snapshot, the newest without an actual EPS. */
  next: EarningsReportView | null;
  /** Quarters reported by asOf, newest first. */
  history: EarningsReportView[];
};

/** The stored walk-forward evaluation (evaluation.ts) with the model it scored and how it was made. */
export type EarningsSkillView = EvaluationSummary & { modelVersion: string; computedAt: Date; method: string };

export const earningsSource = { name: earningsSnapshotSource, snapshotTakenIn: earningsSnapshotTakenIn };
export const earningsDefinitions = { momentum: MOMENTUM_DEFINITION, volatility: VOLATILITY_DEFINITION, method: METHOD_TEXT };

const numberOrNull = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());
const fractionOrNull = (percent: { toNumber(): number } | null) => (percent === null ? null : Number((percent.toNumber() / 100).toFixed(4)));

function reportView(row: EarningsPrediction): EarningsReportView {
  const consensusEps = numberOrNull(row.consensusEps);
  const actualEps = numberOrNull(row.actualEps);
  return {
    ticker: row.ticker,
    date: row.earningsDate?.toISOString().slice(0, 10) ?? "",
    announcedAt: row.announcedAt,
    reportTime: row.reportTime as ReportTime | null,
    beatProbability: fractionOrNull(row.beatProbability),
    baseRate: fractionOrNull(row.baseRate),
    consensusEps,
    actualEps,
    surprise: numberOrNull(row.surprise),
    beat: consensusEps === null || actualEps === null ? null : actualEps > consensusEps,
    momentum: row.momentum,
    volatility: row.volatility,
    surpriseTrend: numberOrNull(row.surpriseTrend),
    surpriseVolatility: numberOrNull(row.surpriseVolatility),
    priceMomentum: numberOrNull(row.priceMomentum),
    modelVersion: row.modelVersion,
    source: row.source ?? earningsSnapshotSource,
  };
}

/** A request's ticker, checked: malformed → BAD_USER_INPUT naming `ticker`; renamed tickers answer as today's. */
export function earningsTickerOf(input: unknown): string {
  const parsed = tickerSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Ticker is invalid.";
    throw new AppError("BAD_USER_INPUT", `Invalid input: ticker. ${message}`, { fieldErrors: [{ field: "ticker", message }] });
  }
  return findKnownStock(parsed.data)?.ticker ?? parsed.data;
}

/**
 * The rows change only when a snapshot load stores a new model version or files, at start: reads
 * are kept in memory for a minute per database (PGlite reads took 15–50 ms, over the 20 ms aim).
 */
const CACHE_MS = 60_000;
type ReadCache = { expires: number; tickers: Map<string, Promise<StockEarningsView | null>>; skill?: Promise<EarningsSkillView | null> };
const caches = new WeakMap<Database, ReadCache>();

function cacheOf(db: Database): ReadCache {
  const cached = caches.get(db);
  if (cached && cached.expires > Date.now()) return cached;
  const fresh: ReadCache = { expires: Date.now() + CACHE_MS, tickers: new Map() };
  caches.set(db, fresh);
  return fresh;
}

/** Drops the cached reads (after a load). */
export const forgetEarningsReads = (db: Database) => caches.delete(db);

/** A ticker's stored reports, or null when it has none. */
export function stockEarnings(db: Database, ticker: string): Promise<StockEarningsView | null> {
  const cache = cacheOf(db);
  let read = cache.tickers.get(ticker);
  if (!read) {
    read = readStockEarnings(db, ticker);
    read.catch(() => cache.tickers.delete(ticker));
    cache.tickers.set(ticker, read);
  }
  return read;
}

async function readStockEarnings(db: Database, ticker: string): Promise<StockEarningsView | null> {
  const rows = await db.prisma.earningsPrediction.findMany({ where: { ticker }, orderBy: { earningsDate: "desc" } });
  if (rows.length === 0) return null;
  const views = rows.map(reportView);
  return { ticker, asOf: null, next: views.find((view) => view.actualEps === null) ?? null, history: views.filter((view) => view.actualEps !== null) };
}

/**
 * A company's reports as known on `day`: the next one is the first dated after it (a report on the
 * day itself is out, or about to be), with what it turned out to be left out; the history is the
 * quarters reported on or before it.
 */
export function earningsAsOf(earnings: StockEarningsView, day: string | null): StockEarningsView {
  if (day === null) return earnings;
  const reports = [earnings.next, ...earnings.history].filter((report): report is EarningsReportView => report !== null && report.date !== "");
  const after = reports.filter((report) => report.date > day);
  const next = after.at(-1) ?? null;
  return {
    ticker: earnings.ticker,
    asOf: day,
    next: next && { ...next, actualEps: null, surprise: null, beat: null },
    history: earnings.history.filter((report) => report.date <= day),
  };
}

/** A ticker's reports as known on `day` (see earningsAsOf); NOT_FOUND naming the ticker when it has none. */
export async function requireStockEarnings(db: Database, ticker: string, day: string | null): Promise<StockEarningsView> {
  const earnings = await stockEarnings(db, ticker);
  if (!earnings) throw new AppError("NOT_FOUND", `No earnings data for ${ticker}: it is not among the companies of the earnings snapshot.`);
  return earningsAsOf(earnings, day);
}

/** The current model version's stored walk-forward evaluation, or null before the first load. */
export function earningsSkill(db: Database): Promise<EarningsSkillView | null> {
  const cache = cacheOf(db);
  if (!cache.skill) {
    cache.skill = readEarningsSkill(db);
    cache.skill.catch(() => (cache.skill = undefined));
  }
  return cache.skill;
}

async function readEarningsSkill(db: Database): Promise<EarningsSkillView | null> {
  const row = await db.prisma.earningsModelEvaluation.findUnique({ where: { modelVersion: EARNINGS_MODEL_VERSION } });
  if (!row) return null;
  return { ...row, reliability: row.reliability as ReliabilityBin[], method: METHOD_TEXT };
}

/** The tickers with stored reports, with their company names. */
export async function coveredTickers(db: Database): Promise<{ ticker: string; name: string | null }[]> {
  const rows = await db.prisma.earningsPrediction.findMany({ distinct: ["ticker"], select: { ticker: true }, orderBy: { ticker: "asc" } });
  return rows.map(({ ticker }) => ({ ticker, name: findKnownStock(ticker)?.name ?? null }));
}
