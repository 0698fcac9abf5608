import type { Params } from "react-router-dom";

/** Calendar days of daily bars behind the chart: the API's maximum, so its "All" range is all stored history. */
export const CHART_DAYS = 3650;

/** The ticker as typed in the URL, upper-cased; the server validates it and names renamed tickers by today's symbol. */
export function stockTickerOf(params: Params<string>): string {
  return (params.ticker ?? "").trim().toUpperCase();
}
