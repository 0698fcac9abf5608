import { runScreen, type BasicScreenOutcome, type ScreenDeps } from "./screen";

/**
 * Given tickers screened at a day (the latest without one) with every filter off, so each one with
 * prices shows its figures: close, moving averages, RSI, 7-day sentiment and articles, analyst
 * actions and days to the next report, with the screen's sources and as-of day. Not stored as
 * anyone's run; a ticker without prices that day is named in the warnings. What a watchlist shows
 * and what alerts are evaluated on.
 */
export function screenTickersAtDay(deps: ScreenDeps, tickers: readonly string[], asOf: string | null | undefined): Promise<BasicScreenOutcome> {
  const request = { universe: "manual", tickers, minPrice: 0, minVolume: 0, includeEtf: true, maxSymbols: 0, ...(asOf ? { asOf } : {}) };
  return runScreen(deps, null, request, "basic", { store: false });
}
