// Alpha Vantage TIME_SERIES_DAILY_ADJUSTED as CSV (needs MARKET_DATA_API_KEY; a premium
// endpoint on Alpha Vantage's current plans). Its open/high/low/close are raw and each row
// carries a split coefficient, exactly like the bundled snapshot: bars are split-adjusted here
// the same way (adjusted_close, which also takes out dividends, is not used).
import { parse } from "csv-parse/sync";
import { adjustForSplits, type DailyBar } from "../price-bars";
import { getText, ProviderError, type HttpSettings } from "./http";
import type { FetchedDaily, PriceProvider } from "./price-provider";

const alphaVantageBaseUrl = "https://www.alphavantage.co";

/** `outputsize=compact` answers the latest 100 trading days: enough when `from` is within about 140 calendar days. */
const compactCalendarDays = 140;

type Row = { timestamp: string; open: string; high: string; low: string; close: string; volume: string; split_coefficient: string };

/**
 * Alpha Vantage answers errors and rate limits with HTTP 200 and a JSON message
 * ("Error Message" for a bad symbol, "Note" or "Information" for call frequency or plan limits).
 */
function messageError(body: string): ProviderError {
  let message: Record<string, string> = {};
  try {
    message = JSON.parse(body) as Record<string, string>;
  } catch {
    // not JSON either
  }
  const text = message["Error Message"] ?? message.Note ?? message.Information ?? body.slice(0, 200);
  return new ProviderError(`Alpha Vantage: ${text}`, /frequency|rate limit|per minute|per second/i.test(text));
}

/** Bars in [from, to] from the CSV (newest first there), split-adjusted as of the last one. */
function parseDailyAdjustedCsv(body: string, from: string, to: string): FetchedDaily {
  if (!body.startsWith("timestamp,")) throw messageError(body);
  const rows = (parse(body, { columns: true, skip_empty_lines: true, trim: true }) as Row[])
    .filter((row) => row.timestamp >= from && row.timestamp <= to)
    .sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1));
  const number = (text: string) => (text === "" ? null : Number(text));
  const bars: DailyBar[] = rows.map((row) => ({
    date: row.timestamp,
    open: number(row.open),
    high: number(row.high),
    low: number(row.low),
    close: Number(row.close),
    volume: number(row.volume),
  }));
  const splits = rows
    .filter((row) => Number(row.split_coefficient) !== 1)
    .map((row) => ({ date: row.timestamp, ratio: Number(row.split_coefficient) }));
  return { bars: adjustForSplits(bars, splits), splits };
}

export function createAlphaVantageProvider(options: { baseUrl?: string; apiKey: string; http: HttpSettings }): PriceProvider {
  const baseUrl = options.baseUrl ?? alphaVantageBaseUrl;
  return {
    name: "alphavantage",
    async fetchDaily(ticker, from, to, signal) {
      const calendarDays = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      const query = new URLSearchParams({
        function: "TIME_SERIES_DAILY_ADJUSTED",
        symbol: ticker,
        outputsize: calendarDays <= compactCalendarDays ? "compact" : "full",
        datatype: "csv",
        apikey: options.apiKey,
      });
      const { status, body } = await getText(`${baseUrl}/query?${query}`, options.http, signal);
      if (status !== 200) throw new ProviderError(`Alpha Vantage: HTTP ${status}`, false);
      return parseDailyAdjustedCsv(body, from, to);
    },
  };
}
