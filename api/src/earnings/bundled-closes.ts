// Closes from the bundled price snapshot (data/prices/, 2018-01-02 → 2021-04-21) for the price
// momentum input: read from the files, not price_data, so the stored predictions and
// `npm run eval:earnings` see the same prices whatever a live refresh stored since.
import { readPriceSnapshot } from "../market-data/price-snapshot";
import type { DailyClose, PriceLookup } from "./beat-model";

/** `directory`: the price snapshot's folder (default data/prices/). */
export async function bundledCloses(tickers: Iterable<string>, signal?: AbortSignal, directory?: string): Promise<PriceLookup> {
  const wanted = new Set(tickers);
  const closes = new Map<string, DailyClose[]>();
  for await (const series of readPriceSnapshot({ directory, tickers: wanted })) {
    signal?.throwIfAborted();
    closes.set(series.ticker, series.bars.map((bar) => ({ date: bar.date, close: bar.close })));
  }
  return (ticker) => closes.get(ticker);
}
