// Spec §5 rules of a screening request, written once for the web form and the server (which
// applies them again): the ticker rule, manual and CSV ticker lists, and every number's bound
// and default. The web app imports this file as is, so it must stay free of server-only code.
import { CsvError, parse } from "csv-parse/sync";

/** A screening ticker: 1 to 5 letters after trimming and upper-casing (spec §5). */
export const SCREEN_TICKER_PATTERN = /^[A-Z]{1,5}$/;

/** Most tickers an upload or manual list may hold (the largest universe has about 7,000 symbols). */
export const MAX_LISTED_TICKERS = 10_000;

/** Universes whose symbols the caller sends in `tickers` (spec §3: the others are named lists). */
export const TICKER_LIST_UNIVERSES = ["upload", "manual"] as const;

export const NEWS_SOURCE_KEYS = ["wsj", "yahoo", "reuters", "cnbc", "ft"] as const;
export type NewsSourceKey = (typeof NEWS_SOURCE_KEYS)[number];
export const DEFAULT_NEWS_SOURCES: Readonly<Record<NewsSourceKey, boolean>> = { wsj: true, yahoo: true, reuters: true, cnbc: false, ft: false };

export const SECTOR_KEYWORD_MAX_LENGTH = 100;

export interface NumberRule {
  min: number;
  /** Absent: no upper bound. */
  max?: number;
  integer: boolean;
  /** Used when the field is omitted; null means "no filter". */
  default: number | null;
}

/** Spec §5 bounds and defaults; the RSI, sentiment filters are the presets' extras (no filter by default). */
export const SCREEN_NUMBER_RULES = {
  lookbackDays: { min: 45, max: 365, integer: true, default: 120 },
  newsWindowDays: { min: 1, max: 14, integer: true, default: 7 },
  minOptionsOi: { min: 0, integer: true, default: 0 },
  minBeta: { min: -10, max: 10, integer: false, default: -10 },
  maxBeta: { min: -10, max: 10, integer: false, default: 10 },
  maxEarnDays: { min: 0, integer: true, default: 0 },
  minPrice: { min: 0, integer: false, default: 3 },
  minVolume: { min: 0, integer: true, default: 100_000 },
  /** 0 means every symbol of the universe. */
  maxSymbols: { min: 0, integer: true, default: 4000 },
  /** Spec §9: fixed at the default in the form. */
  batchSize: { min: 50, max: 300, integer: true, default: 150 },
  minRsi: { min: 0, max: 100, integer: false, default: null },
  maxRsi: { min: 0, max: 100, integer: false, default: null },
  minSentiment: { min: -1, max: 1, integer: false, default: null },
} as const satisfies Record<string, NumberRule>;
export type ScreenNumberField = keyof typeof SCREEN_NUMBER_RULES;

export const SCREEN_FLAG_DEFAULTS = {
  requireOptions: true,
  includeEtf: false,
  requireMaCondition: false,
  requireCrossover: false,
} as const;

export type ParsedTickers = {
  /** Valid tickers, upper-cased, de-duplicated, in first-seen order. */
  tickers: string[];
  /** Non-empty entries that were not valid tickers, as typed (trimmed). */
  dropped: string[];
};

function collect(entries: Iterable<string>): ParsedTickers {
  const tickers = new Set<string>();
  const dropped: string[] = [];
  for (const entry of entries) {
    const value = entry.trim();
    if (!value) continue;
    const ticker = value.toUpperCase();
    if (SCREEN_TICKER_PATTERN.test(ticker)) tickers.add(ticker);
    else dropped.push(value);
  }
  return { tickers: [...tickers], dropped };
}

/** Manual tickers: comma-separated (new lines count as commas), trimmed, upper-cased, invalid dropped. */
export function parseTickerList(text: string): ParsedTickers {
  return collect(text.split(/[,\n\r]+/));
}

/** Tickers sent as a list (API callers): the same rules entry by entry. */
export function cleanTickerList(values: readonly string[]): ParsedTickers {
  return collect(values);
}

/** A CSV file that cannot be read as CSV; the message says where, for the person who uploaded it. */
export class TickerCsvError extends Error {
  override name = "TickerCsvError";
}

/** The column holding the tickers: the first whose name contains "ticker" or "symbol", otherwise the first. */
export function tickerColumnIndex(header: readonly string[]): number {
  const named = header.findIndex((name) => /ticker|symbol/i.test(name));
  return named === -1 ? 0 : named;
}

/**
 * CSV upload (spec §5): the first line is the header; the ticker column's cells are upper-cased
 * and kept if they are 1 to 5 letters; duplicates are dropped. Quoted cells may hold commas
 * ("Apple, Inc."), a byte-order mark is ignored, rows may have fewer or more cells than the header.
 */
export function parseTickerCsv(text: string): ParsedTickers & { column: string | null } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, trim: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // What the relaxations above still reject is an unbalanced quote.
    const where = typeof error.lines === "number" ? ` on line ${error.lines}` : "";
    throw new TickerCsvError(`check the quotes${where}`);
  }
  const [header = [], ...rows] = records;
  const columnIndex = tickerColumnIndex(header);
  const parsed = collect(rows.map((row) => row[columnIndex] ?? ""));
  return { ...parsed, column: header[columnIndex] || null };
}
