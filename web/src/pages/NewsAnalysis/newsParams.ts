/** The News Analysis page's choices (spec §2) and how they live in the URL (?ticker=MSFT&timeframe=7d). */
export const NEWS_TICKERS = ["AAPL", "MSFT", "NVDA", "GOOGL", "AMZN", "TSLA", "META", "NFLX", "ORCL"] as const;
export type NewsTicker = (typeof NEWS_TICKERS)[number];

export const TIMEFRAMES = [
  { param: "1h", value: "H1", label: "Last Hour", phrase: "in the last hour" },
  { param: "24h", value: "H24", label: "Last 24 Hours", phrase: "in the last 24 hours" },
  { param: "7d", value: "D7", label: "Last 7 Days", phrase: "in the last 7 days" },
] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export type TimeframeValue = Timeframe["value"];

export const DEFAULT_TICKER: NewsTicker = "AAPL";
export const DEFAULT_TIMEFRAME: Timeframe = TIMEFRAMES[1];

export interface NewsSelection {
  ticker: NewsTicker;
  timeframe: Timeframe;
}

/** Reads the selection from search params; unknown or missing values fall back to AAPL and 24h. */
export function selectionFromParams(params: URLSearchParams): NewsSelection {
  const ticker = params.get("ticker")?.trim().toUpperCase();
  const timeframe = params.get("timeframe")?.trim().toLowerCase();
  return {
    ticker: NEWS_TICKERS.find((candidate) => candidate === ticker) ?? DEFAULT_TICKER,
    timeframe: TIMEFRAMES.find((candidate) => candidate.param === timeframe) ?? DEFAULT_TIMEFRAME,
  };
}

export function selectionToParams({ ticker, timeframe }: NewsSelection): URLSearchParams {
  return new URLSearchParams({ ticker, timeframe: timeframe.param });
}

export function timeframeByValue(value: string): Timeframe {
  return TIMEFRAMES.find((candidate) => candidate.value === value) ?? DEFAULT_TIMEFRAME;
}
