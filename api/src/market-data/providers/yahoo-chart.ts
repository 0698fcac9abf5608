// Yahoo Finance's chart endpoint (no key): GET /v8/finance/chart/{symbol}. Its daily `open`,
// `high`, `low`, `close` and `volume` are adjusted for every split up to today (not for
// dividends), which is how price_data stores bars.
import type { DailyBar, Split } from "../price-bars";
import { getText, ProviderError, type HttpSettings } from "./http";
import type { FetchedDaily, PriceProvider } from "./price-provider";

const yahooBaseUrl = "https://query2.finance.yahoo.com";

type Nullable<T> = (T | null)[];
type ChartResult = {
  meta: { exchangeTimezoneName?: string; currentTradingPeriod?: { regular?: { start: number; end: number } } };
  timestamp?: number[];
  events?: { splits?: Record<string, { date: number; numerator: number; denominator: number }> };
  indicators: {
    quote: { open: Nullable<number>; high: Nullable<number>; low: Nullable<number>; close: Nullable<number>; volume: Nullable<number> }[];
  };
};
type ChartBody = { chart: { result: ChartResult[] | null; error: { code: string; description: string } | null } };

/** Yahoo writes share classes with a dash: BRK.B → BRK-B. */
const yahooSymbol = (ticker: string) => ticker.replace(".", "-");

const unixSeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar date of an instant in the exchange's time zone (bars are stamped at the session's open). */
function exchangeDate(seconds: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormats.set(timeZone, format);
  }
  return format.format(new Date(seconds * 1000));
}

/**
 * Bars and splits from a chart response. Days without a close (Yahoo sends nulls for halted
 * days) are left out, and so is today's bar while the session is still open: its volume and
 * close are not final.
 */
export function parseChart(body: ChartBody, now: Date = new Date()): FetchedDaily {
  const result = body.chart.result?.[0];
  if (!result) {
    const error = body.chart.error;
    throw new ProviderError(error ? `Yahoo: ${error.code}: ${error.description}` : "Yahoo: empty chart response", false);
  }
  const timeZone = result.meta.exchangeTimezoneName ?? "America/New_York";
  const session = result.meta.currentTradingPeriod?.regular;
  const quote = result.indicators.quote[0];
  const bars: DailyBar[] = [];
  for (const [index, seconds] of (result.timestamp ?? []).entries()) {
    const close = quote.close[index];
    if (close === null || close === undefined) continue;
    if (session && seconds >= session.start && now.getTime() / 1000 < session.end) continue;
    bars.push({
      date: exchangeDate(seconds, timeZone),
      open: quote.open[index] ?? null,
      high: quote.high[index] ?? null,
      low: quote.low[index] ?? null,
      close,
      volume: quote.volume[index] ?? null,
    });
  }
  const splits: Split[] = Object.values(result.events?.splits ?? {}).map((split) => ({
    date: exchangeDate(split.date, timeZone),
    ratio: split.numerator / split.denominator,
  }));
  return { bars, splits };
}

export function createYahooChartProvider(options: { baseUrl?: string; http: HttpSettings }): PriceProvider {
  const baseUrl = options.baseUrl ?? yahooBaseUrl;
  return {
    name: "yahoo",
    async fetchDaily(ticker, from, to, signal) {
      const query = `period1=${unixSeconds(from)}&period2=${unixSeconds(to) + 86_400}&interval=1d&events=split%7Cdiv`;
      const url = `${baseUrl}/v8/finance/chart/${encodeURIComponent(yahooSymbol(ticker))}?${query}`;
      const { status, body } = await getText(url, options.http, signal);
      let parsed: ChartBody;
      try {
        parsed = JSON.parse(body) as ChartBody;
      } catch {
        throw new ProviderError(`Yahoo: HTTP ${status}, not a chart response`, false);
      }
      if (!parsed?.chart) throw new ProviderError(`Yahoo: HTTP ${status}, not a chart response`, false);
      const fetched = parseChart(parsed);
      return {
        bars: fetched.bars.filter((bar) => bar.date >= from && bar.date <= to),
        splits: fetched.splits.filter((split) => split.date >= from && split.date <= to),
      };
    },
  };
}
