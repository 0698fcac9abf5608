// Fundamentals of a security as of a day, from what was known then: the bundled 2012–2016 10-K
// figures (annual-reports.ts, each known 90 days after its fiscal year's end) joined to the
// security's key through the security master, valued at the day's stored close. Where the file
// has nothing known by then, each field is null with the reason; a screen counts those.
import { LRUCache } from "lru-cache";
import { peRatio } from "../market-data/fundamentals";
import { securityMaster } from "../market-data/security-master";
import { annualReportAsOf, annualReportTickers, type AnnualReport } from "./annual-reports";
import { fundamentalFields, type FundamentalFields, type FundamentalValue } from "./valuation";

export type FundamentalsAsOf = FundamentalFields & {
  /** Where the figures come from, with the fiscal year and the day they count from; null when none is known. */
  source: string | null;
  fiscalYearEnd: string | null;
  knownFrom: string | null;
};

export const fundamentalFieldNames = [
  "marketCap",
  "peRatio",
  "earningsYield",
  "priceToBook",
  "priceToSales",
  "revenueGrowth",
  "netMargin",
  "returnOnEquity",
  "debtToEquity",
] as const satisfies readonly (keyof FundamentalFields)[];

let reportTickerByKey: Map<string, { ticker: string; scale: number }> | undefined;

/**
 * The file's ticker for a security key and the chaining scale of its 2013–2018 prices: the file
 * names companies by their early-2017 tickers (PCLN for today's BKNG), which are the 2013–2018
 * price files' symbols.
 */
export function reportTickerOf(key: string): { ticker: string; scale: number } | null {
  if (!reportTickerByKey) {
    const reportTickers = new Set(annualReportTickers());
    reportTickerByKey = new Map();
    for (const row of securityMaster().rows) {
      if (row.file !== "alphavantage" && reportTickers.has(row.symbol) && !reportTickerByKey.has(row.key)) {
        reportTickerByKey.set(row.key, { ticker: row.symbol, scale: row.scale });
      }
    }
  }
  return reportTickerByKey.get(key) ?? null;
}

const unknownFields = (reason: string): FundamentalsAsOf => ({
  ...(Object.fromEntries(fundamentalFieldNames.map((name) => [name, { value: null, reason, isEstimate: false }])) as Record<
    (typeof fundamentalFieldNames)[number],
    FundamentalValue
  >),
  source: null,
  fiscalYearEnd: null,
  knownFrom: null,
});

/**
 * Answers kept by security, day and close: they depend on the bundled file alone, and an S&P 500
 * screen asks for 500 of them, the same ones again for every request of that day (under 100
 * connections they took an eighth of the request thread). About 40 days of the whole market.
 */
const answers = new LRUCache<string, FundamentalsAsOf>({ max: 25_000 });

/**
 * `key`'s fundamentals on `day` at `close` (the stored, split-adjusted close of that day). Market
 * cap is close × the fiscal year's implied share count, brought to the stored prices' basis by
 * the security's chaining scale (the 2013–2018 files are split-adjusted as of Feb 2018, the stored
 * prices as of the security's last bar): an estimate, and so is everything built on it.
 */
export function fundamentalsAsOf(key: string, close: number, day: string): FundamentalsAsOf {
  const cacheKey = `${key}|${day}|${close}`;
  let answer = answers.get(cacheKey);
  if (!answer) answers.set(cacheKey, (answer = computeFundamentalsAsOf(key, close, day)));
  return answer;
}

function computeFundamentalsAsOf(key: string, close: number, day: string): FundamentalsAsOf {
  const joined = reportTickerOf(key);
  if (!joined) return unknownFields("no 10-K figures for this company in the bundled 2012–2016 file");
  const known = annualReportAsOf(joined.ticker, day);
  if (!known.latest) return unknownFields(known.reason);
  const report: AnnualReport = known.latest;
  return {
    ...fundamentalFields({
      close,
      sharesOnPriceBasis: report.impliedShares === null ? null : report.impliedShares / joined.scale,
      report,
      priorReport: known.prior,
    }),
    source: `10-K for the fiscal year ended ${report.periodEnd} (bundled 2012–2016 annual file; counted from ${report.knownFrom}, 90 days after the year's end)`,
    fiscalYearEnd: report.periodEnd,
    knownFrom: report.knownFrom,
  };
}

/**
 * The one trailing P/E every view shows for a ticker on a day: the last known 10-K's (market cap ÷
 * net income to common) when there is one, else close ÷ the last four quarters' EPS from the
 * bundled Yahoo Finance history; null when neither is known.
 */
export function trailingPe(fundamentals: FundamentalsAsOf, ticker: string, close: number, day: string): { value: number; source: string } | null {
  if (fundamentals.peRatio.value !== null) return { value: fundamentals.peRatio.value, source: `market cap ÷ net income to common, ${fundamentals.source}` };
  return peRatio(ticker, close, day);
}
