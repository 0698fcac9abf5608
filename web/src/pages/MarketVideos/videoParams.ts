import type { VideoFilters } from "../../components/MarketVideos/MarketVideoList";

const TICKER = /^[A-Z][A-Z0-9.-]{0,9}$/;

/** A well-formed ticker symbol, upper case (AAPL, BRK.B). */
export const isTickerSymbol = (symbol: string) => TICKER.test(symbol);

/** The filters kept in the URL: ?ticker= (a well-formed symbol, else ignored), ?channel=, ?q= (title words). */
export function videoFiltersOf(params: URLSearchParams): VideoFilters {
  const ticker = params.get("ticker")?.trim().toUpperCase() || null;
  return {
    ticker: ticker && isTickerSymbol(ticker) ? ticker : null,
    channel: params.get("channel")?.trim() || null,
    search: params.get("q")?.trim() || null,
  };
}
