// Live daily prices: the interface every provider implements, and the one the configuration picks.
import type { AppConfig } from "../../config/config";
import type { DailyBar, Split } from "../price-bars";
import { createAlphaVantageProvider } from "./alpha-vantage";
import { createLimiter, type HttpSettings } from "./http";
import { createYahooChartProvider } from "./yahoo-chart";

export type FetchedDaily = {
  /** Oldest first, split-adjusted as of the latest split the response knows of. */
  bars: DailyBar[];
  /** Splits inside the requested range: bars stored before them must be adjusted too. */
  splits: Split[];
};

export interface PriceProvider {
  /** Stored as price_data.source: "yahoo" or "alphavantage". */
  name: string;
  /** Daily bars of `ticker` (dot form, BRK.B) from `from` to `to` (YYYY-MM-DD, both included). */
  fetchDaily(ticker: string, from: string, to: string, signal?: AbortSignal): Promise<FetchedDaily>;
}

/** The configured provider, or null when MARKET_DATA_PROVIDER=none. */
export function createPriceProvider(
  config: AppConfig["marketData"],
  overrides: Partial<Pick<HttpSettings, "retries" | "backoffMs">> = {},
): PriceProvider | null {
  if (config.provider === "none") return null;
  const http: HttpSettings = {
    timeoutMs: config.requestTimeoutMs,
    retries: overrides.retries ?? 3,
    backoffMs: overrides.backoffMs ?? 2000,
    limiter: createLimiter(config.requestsPerMinute),
  };
  if (config.provider === "alphavantage") {
    return createAlphaVantageProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey!, http });
  }
  return createYahooChartProvider({ baseUrl: config.baseUrl, http });
}
