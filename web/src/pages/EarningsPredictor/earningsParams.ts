/** The company shown without ?ticker=. */
export const DEFAULT_EARNINGS_TICKER = "AAPL";

/** ?ticker= upper-cased (the API says when it covers no such company), else the default. */
export function earningsTickerOf(params: URLSearchParams): string {
  return (params.get("ticker")?.trim() || DEFAULT_EARNINGS_TICKER).toUpperCase();
}
