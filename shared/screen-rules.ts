// Spec §5 rules of a screening request, written once for the web form and the server (which
// applies them again, api/src/screening/screen-request.ts): the ticker rule, manual and CSV ticker
// lists, and every number's bound and default. csv-parse/sync needs Node's Buffer; the web build
// aliases its browser build (web/vite.config.ts).
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
  /** Deprecated: the data has no options open interest; accepted from older clients, never applied (a warning says so). */
  minOptionsOi: { min: 0, integer: true, default: 0 },
  minBeta: { min: -10, max: 10, integer: false, default: -10 },
  maxBeta: { min: -10, max: 10, integer: false, default: 10 },
  maxEarnDays: { min: 0, integer: true, default: 0 },
  minPrice: { min: 0, integer: false, default: 3 },
  minVolume: { min: 0, integer: true, default: 100_000 },
  /** 0 means every symbol of the universe. */
  maxSymbols: { min: 0, integer: true, default: 4000 },
  /** Deprecated: indicators are precomputed for every symbol, so it changes nothing; accepted from older clients (a warning says so). */
  batchSize: { min: 50, max: 300, integer: true, default: null },
  minRsi: { min: 0, max: 100, integer: false, default: null },
  maxRsi: { min: 0, max: 100, integer: false, default: null },
  minSentiment: { min: -1, max: 1, integer: false, default: null },
  /** Market cap at least, in billions of USD; rows whose market cap is unknown on the day fail (a warning counts them). */
  minMarketCapBillions: { min: 0, integer: false, default: null },
  /** Trailing P/E at most; rows with a loss or an unknown P/E fail (a warning counts them). */
  maxPeRatio: { min: 0, integer: false, default: null },
} as const satisfies Record<string, NumberRule>;
export type ScreenNumberField = keyof typeof SCREEN_NUMBER_RULES;

export const SCREEN_FLAG_DEFAULTS = {
  /** Deprecated, off: the data has no options, so it cannot be applied (a warning says so when a client sets it). */
  requireOptions: false,
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

// ---- Pro screen: the advanced filters (on top of every Basic field above) ----

/** GICS sectors (the S&P 500 list's; other symbols have no sector in the bundled lists). */
export const GICS_SECTORS = [
  "Communication Services",
  "Consumer Discretionary",
  "Consumer Staples",
  "Energy",
  "Financials",
  "Health Care",
  "Industrials",
  "Information Technology",
  "Materials",
  "Real Estate",
  "Utilities",
] as const;
export type GicsSector = (typeof GICS_SECTORS)[number];

/**
 * A tracked fund's latest 13F change for the fund filter: `any` is any position still held in the
 * fund's latest quarter filed by the day (new, added, reduced or unchanged); `sold_out` is a
 * position the fund held the quarter before and no longer holds.
 */
export const FUND_CHANGE_FILTERS = ["any", "new", "added", "reduced", "sold_out", "unchanged"] as const;
export type FundChangeFilter = (typeof FUND_CHANGE_FILTERS)[number];

/**
 * The Pro filters' bounds. Every one defaults to null (no filter). Units are the API's: the AI
 * score, beat probability, returns and volatility are fractions (0.1 = 10 %), as the AI picks and
 * the earnings predictor serve them.
 */
export const PRO_NUMBER_RULES = {
  minAiScore: { min: 0, max: 1, integer: false, default: null },
  maxAiScore: { min: 0, max: 1, integer: false, default: null },
  /** 1 = the day's best AI pick. */
  maxAiRank: { min: 1, max: 10_000, integer: true, default: null },
  minBeatProbability: { min: 0, max: 1, integer: false, default: null },
  maxBeatProbability: { min: 0, max: 1, integer: false, default: null },
  /** Calendar days from the screen's day to the next report: 0 < days ≤ this. */
  maxDaysToReport: { min: 1, max: 365, integer: true, default: null },
  minReturn1m: { min: -1, max: 10, integer: false, default: null },
  maxReturn1m: { min: -1, max: 10, integer: false, default: null },
  minReturn3m: { min: -1, max: 10, integer: false, default: null },
  maxReturn3m: { min: -1, max: 10, integer: false, default: null },
  minReturn12m: { min: -1, max: 10, integer: false, default: null },
  maxReturn12m: { min: -1, max: 10, integer: false, default: null },
  /** Annualised 60-day volatility of daily log returns. */
  minVolatility: { min: 0, max: 5, integer: false, default: null },
  maxVolatility: { min: 0, max: 5, integer: false, default: null },
  /** With the Basic minSentiment: the news sentiment range (−1..1). */
  maxSentiment: { min: -1, max: 1, integer: false, default: null },
  /** Articles in the news window from the chosen sources. */
  minArticles: { min: 0, max: 10_000, integer: true, default: null },
  minUpgrades: { min: 0, max: 1_000, integer: true, default: null },
  maxDowngrades: { min: 0, max: 1_000, integer: true, default: null },
  /** Upgrades − downgrades in the news window. */
  minNetUpgrades: { min: -1_000, max: 1_000, integer: true, default: null },
  // Fundamentals of the screen's day (PRO_FUNDAMENTAL_FILTERS); fractions where the figure is a share.
  minEarningsYield: { min: -10, max: 10, integer: false, default: null },
  maxPriceToBook: { min: 0, max: 1_000, integer: false, default: null },
  maxPriceToSales: { min: 0, max: 1_000, integer: false, default: null },
  minRevenueGrowth: { min: -1, max: 100, integer: false, default: null },
  minNetMargin: { min: -100, max: 1, integer: false, default: null },
  minReturnOnEquity: { min: -100, max: 100, integer: false, default: null },
  maxDebtToEquity: { min: 0, max: 1_000, integer: false, default: null },
} as const satisfies Record<string, NumberRule>;
export type ProNumberField = keyof typeof PRO_NUMBER_RULES;

/** A figure of the stock page's fundamentals (GraphQL StockFundamentals). */
export type FundamentalFigureName =
  | "marketCap"
  | "peRatio"
  | "earningsYield"
  | "priceToBook"
  | "priceToSales"
  | "revenueGrowth"
  | "netMargin"
  | "returnOnEquity"
  | "debtToEquity";

/**
 * The Pro filters on the fundamentals known on the screen's day: each a bound on one figure. A row
 * whose figure is unknown that day fails a set filter and is counted in a FUNDAMENTAL_UNKNOWN warning
 * (as the Basic minMarketCapBillions and maxPeRatio).
 */
export const PRO_FUNDAMENTAL_FILTERS = {
  minEarningsYield: { figure: "earningsYield", bound: "min", name: "earnings yield", meaning: "net income ÷ market cap; 0.05 = 5 %" },
  maxPriceToBook: { figure: "priceToBook", bound: "max", name: "price / book", meaning: "market cap ÷ total equity" },
  maxPriceToSales: { figure: "priceToSales", bound: "max", name: "price / sales", meaning: "market cap ÷ revenue" },
  minRevenueGrowth: { figure: "revenueGrowth", bound: "min", name: "revenue growth", meaning: "over the fiscal year; 0.1 = 10 %" },
  minNetMargin: { figure: "netMargin", bound: "min", name: "net margin", meaning: "net income ÷ revenue" },
  minReturnOnEquity: { figure: "returnOnEquity", bound: "min", name: "return on equity", meaning: "net income ÷ total equity" },
  maxDebtToEquity: { figure: "debtToEquity", bound: "max", name: "debt / equity", meaning: "unknown for banks and insurers" },
} as const satisfies Partial<Record<ProNumberField, { figure: FundamentalFigureName; bound: "min" | "max"; name: string; meaning: string }>>;
export type ProFundamentalField = keyof typeof PRO_FUNDAMENTAL_FILTERS;

/** min/max pairs of the Pro filters (and the Basic sentiment floor with the Pro ceiling): min must not exceed max. */
export const PRO_RANGE_PAIRS: readonly (readonly [string, string])[] = [
  ["minAiScore", "maxAiScore"],
  ["minBeatProbability", "maxBeatProbability"],
  ["minReturn1m", "maxReturn1m"],
  ["minReturn3m", "maxReturn3m"],
  ["minReturn12m", "maxReturn12m"],
  ["minVolatility", "maxVolatility"],
] as const;

/** The longest fund id (an SEC CIK is 10 digits). */
export const FUND_CIK_PATTERN = /^\d{1,10}$/;

export type NumberRuleProblem = { field: string; message: string };

/**
 * The message for a number field against its rule, as the server words it (the form shows the
 * same words before sending): null when it is fine or empty and optional.
 */
export function numberRuleProblem(field: string, rule: NumberRule, value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "number" || Number.isNaN(value)) return `${field} must be a number`;
  const range = rule.max === undefined ? `${field} must be at least ${rule.min}` : `${field} must be between ${rule.min} and ${rule.max}`;
  if (value < rule.min || (rule.max !== undefined && value > rule.max)) return range;
  if (rule.integer && !Number.isInteger(value)) return `${field} must be a whole number`;
  return null;
}

/** The Pro filters as the form and the API hold them (null: no filter). */
export type ProFilters = { [F in ProNumberField]: number | null } & {
  /** GICS sectors to keep; empty: no sector filter. */
  sectors: GicsSector[];
  /** The fund change filter; null: no fund filter. */
  fundChange: FundChangeFilter | null;
  /** One tracked fund's CIK; null: any tracked fund (only with fundChange). */
  fundCik: string | null;
};

export const EMPTY_PRO_FILTERS: ProFilters = {
  ...(Object.fromEntries(Object.keys(PRO_NUMBER_RULES).map((field) => [field, null])) as { [F in ProNumberField]: null }),
  sectors: [],
  fundChange: null,
  fundCik: null,
};

/**
 * Every problem of a set of Pro filters, named by field, in the server's words: each number's
 * bound, each min ≤ max pair, the sectors list and the fund choice. The API applies the same
 * rules (screen-request.ts) and the form shows them before sending.
 */
export function proFilterProblems(filters: Partial<ProFilters>, basic: { minSentiment?: number | null } = {}): NumberRuleProblem[] {
  const problems: NumberRuleProblem[] = [];
  for (const [field, rule] of Object.entries(PRO_NUMBER_RULES) as [ProNumberField, NumberRule][]) {
    const message = numberRuleProblem(field, rule, filters[field]);
    if (message) problems.push({ field, message });
  }
  const failed = new Set(problems.map((problem) => problem.field));
  const pairs = [...PRO_RANGE_PAIRS, ["minSentiment", "maxSentiment"] as const];
  for (const [low, high] of pairs) {
    const lowValue = low === "minSentiment" ? basic.minSentiment : filters[low as ProNumberField];
    const highValue = filters[high as ProNumberField];
    if (failed.has(low) || failed.has(high) || typeof lowValue !== "number" || typeof highValue !== "number") continue;
    if (lowValue > highValue) problems.push({ field: low, message: `${low} must be at most ${high}` });
  }
  for (const sector of filters.sectors ?? []) {
    if (!(GICS_SECTORS as readonly string[]).includes(sector)) {
      problems.push({ field: "sectors", message: `sectors must be GICS sectors (${GICS_SECTORS.join(", ")}); got "${sector}"` });
      break;
    }
  }
  if (filters.fundChange != null && !(FUND_CHANGE_FILTERS as readonly string[]).includes(filters.fundChange)) {
    problems.push({ field: "fundChange", message: `fundChange must be one of ${FUND_CHANGE_FILTERS.join(", ")}` });
  }
  if (filters.fundCik != null && !FUND_CIK_PATTERN.test(filters.fundCik)) {
    problems.push({ field: "fundCik", message: "fundCik must be an SEC CIK (1 to 10 digits)" });
  } else if (filters.fundCik != null && filters.fundChange == null) {
    problems.push({ field: "fundChange", message: "fundChange must be set when fundCik is (any, new, added, reduced, sold_out or unchanged)" });
  }
  return problems;
}
