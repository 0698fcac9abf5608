// P/E and next earnings dates from the bundled Yahoo Finance snapshots (data/earnings/, see
// PROVENANCE.md there): a few dozen symbols, read once into memory. Everything is answered as
// of a date, so the 2021 price snapshot gets the figures that were known in April 2021.
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { projectRoot } from "../config/project-root";
import { cleanCompanyName } from "../shared/symbols/clean-company-name";
import { securityInfo, universeTickers } from "./universes";

const earningsDirectory = path.join(projectRoot, "data", "earnings");

/** Days after a quarter's end by which its EPS is surely public: the SEC's 10-K deadline for large filers (10-Qs are due in 40). */
const reportedAfterDays = 60;
const day = 86_400_000;

type QuarterEps = { quarterEnd: string; eps: number; snapshotDate: string };
type EarningsDateSnapshot = { snapshotDate: string; date: string };
type Fundamentals = {
  eps: Map<string, QuarterEps[]>;
  earningsDates: Map<string, EarningsDateSnapshot[]>;
  /** Share classes of one company answer with the symbol the data has (GOOGL → GOOG). */
  dataSymbol: Map<string, string>;
};

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);
/** The end of the quarter after one ending on `date` (a month's last day): 2020-12-31 → 2021-03-31, 2021-01-31 → 2021-04-30. */
function nextQuarterEnd(date: string): string {
  const [year, month] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month + 3, 0)).toISOString().slice(0, 10);
}
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / day);

function readCsv(directory: string, file: string): Record<string, string>[] {
  return parse(fs.readFileSync(path.join(directory, file)), { columns: true, skip_empty_lines: true, trim: true });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

function loadFundamentals(directory: string): Fundamentals {
  const epsRows = readCsv(directory, "yahoo_eps_surprise_history.csv");
  // Prices are in US dollars: a symbol whose EPS is stated in another currency anywhere (BABA in CNY, SPOT in EUR)
  // is left out; the 2021 snapshots state no currency, and US listings reported in dollars.
  const otherCurrency = new Set(epsRows.filter((row) => row.currency && row.currency !== "USD").map((row) => row.symbol));
  const eps = groupBy(
    epsRows
      .filter((row) => !otherCurrency.has(row.symbol) && row.eps_actual !== "")
      .map((row) => ({ symbol: row.symbol, quarterEnd: row.fiscal_quarter_end, eps: Number(row.eps_actual), snapshotDate: row.snapshot_date }))
      .sort((a, b) => (a.quarterEnd < b.quarterEnd ? -1 : 1)),
    (row) => row.symbol,
  );
  const earningsDates = groupBy(
    readCsv(directory, "yahoo_earnings_calendar_snapshots.csv")
      .filter((row) => row.earnings_date_start)
      .map((row) => ({ symbol: row.symbol, snapshotDate: row.snapshot_date, date: row.earnings_date_start })),
    (row) => row.symbol,
  );
  return { eps, earningsDates, dataSymbol: shareClassSymbols(new Set([...eps.keys(), ...earningsDates.keys()])) };
}

/**
 * Every S&P 500 share class of a company the data covers → the class the data has. The index's
 * share classes of one company have the same EPS per share (Alphabet, Fox, News Corp; BRK.A,
 * whose EPS is 1,500 times BRK.B's, is not a member).
 */
function shareClassSymbols(covered: Set<string>): Map<string, string> {
  const byCompany = groupBy(universeTickers("sp500", { includeEtf: false }), (ticker) => cleanCompanyName(securityInfo(ticker)?.name ?? ticker));
  const mapping = new Map([...covered].map((symbol) => [symbol, symbol]));
  for (const classes of byCompany.values()) {
    const symbol = classes.find((ticker) => covered.has(ticker));
    if (symbol) for (const ticker of classes) mapping.set(ticker, symbol);
  }
  return mapping;
}

let fundamentals: Fundamentals | undefined;
const current = () => (fundamentals ??= loadFundamentals(earningsDirectory));

/**
 * Trailing P/E at `asOf`: close ÷ the sum of the last four quarters' EPS, counting only
 * quarters that ended at least 60 days before `asOf` (surely reported by then). Null when
 * those four are not consecutive quarters, when a newer quarter is due but missing from the
 * data, or when their EPS sum is zero or negative.
 */
export function peRatio(ticker: string, close: number, asOf: string): { value: number; source: string } | null {
  const data = current();
  const symbol = data.dataSymbol.get(ticker);
  const reported = (symbol ? data.eps.get(symbol) ?? [] : []).filter((quarter) => addDays(quarter.quarterEnd, reportedAfterDays) <= asOf);
  const trailing = reported.slice(-4);
  if (trailing.length < 4) return null;
  const consecutive = trailing.every((quarter, index) => index === 0 || nextQuarterEnd(trailing[index - 1].quarterEnd) === quarter.quarterEnd);
  const nextDue = addDays(nextQuarterEnd(trailing[3].quarterEnd), reportedAfterDays) <= asOf;
  const sum = trailing.reduce((total, quarter) => total + quarter.eps, 0);
  if (!consecutive || nextDue || sum <= 0) return null;
  const snapshots = [...new Set(trailing.map((quarter) => quarter.snapshotDate))].join(", ");
  return {
    value: close / sum,
    source: `close ÷ trailing 4 quarters EPS, quarters ending ${trailing[0].quarterEnd} to ${trailing[3].quarterEnd} (Yahoo Finance earnings history, snapshot ${snapshots})`,
  };
}

/**
 * The next earnings date after `asOf` as Yahoo showed it in the newest calendar snapshot taken
 * on or before `asOf` (the first day of its window when the date was not confirmed).
 */
export function nextEarnings(ticker: string, asOf: string): { date: string; daysTo: number } | null {
  const data = current();
  const symbol = data.dataSymbol.get(ticker);
  const known = (symbol ? data.earningsDates.get(symbol) ?? [] : []).filter((row) => row.snapshotDate <= asOf);
  const newestSnapshot = known.reduce<string | null>((newest, row) => (newest === null || row.snapshotDate > newest ? row.snapshotDate : newest), null);
  const upcoming = known
    .filter((row) => row.snapshotDate === newestSnapshot && row.date > asOf)
    .sort((a, b) => (a.date < b.date ? -1 : 1))[0];
  return upcoming ? { date: upcoming.date, daysTo: daysBetween(asOf, upcoming.date) } : null;
}

/** How many US-listed tickers the bundled data has EPS history and earnings dates for (share classes counted). */
export function fundamentalsCoverage(): { peTickers: number; earningsTickers: number } {
  const data = current();
  const count = (symbols: Map<string, unknown>) =>
    [...data.dataSymbol].filter(([ticker, symbol]) => symbols.has(symbol) && securityInfo(ticker)?.exchange).length;
  return { peTickers: count(data.eps), earningsTickers: count(data.earningsDates) };
}
