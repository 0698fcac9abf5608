import type { Database } from "../src/db/database";
import { storePriceBars, type StoredBar } from "../src/market-data/price-bars";
import { snapshotSource } from "../src/market-data/price-snapshot";
import { marketProxyWindowDays, recomputeTechnicals } from "../src/market-data/technicals-store";
import { universeTickers } from "../src/market-data/universes";
import { snapshotSeries } from "./price-fixture";

/**
 * Loads the bundled snapshot's bars of `tickers` (today's tickers: META, not FB) into
 * price_data, as the first start would, and computes their indicators: 3–4 s for five tickers,
 * so a test file can call it in beforeAll instead of loading all 375,000 bars.
 *
 * Beta needs the market proxy, which without SPY is the equal-weighted average of the S&P 500
 * members in price_data: every other member's last 100 days of bars are loaded too (no
 * indicator rows of their own), so betas and the proxy's name match a full load. Pass
 * `withMarket: false` to leave them out, and `through` to stop every series at that date
 * (split-adjusted as it stood then, as a database last refreshed that day would hold it).
 */
export async function loadSnapshotPrices(
  db: Database,
  tickers: string[],
  options: { through?: string; withMarket?: boolean } = {},
): Promise<void> {
  const wanted = new Set(tickers);
  const members = new Set(options.withMarket === false ? [] : universeTickers("sp500", { includeEtf: false }));
  const bars: StoredBar[] = [];
  // The snapshot as readPriceSnapshot yields it, parsed once per run (price-fixture.ts).
  for (const series of await snapshotSeries({ through: options.through })) {
    if (!wanted.has(series.ticker) && !members.has(series.ticker)) continue;
    const lastDate = series.bars[series.bars.length - 1].date;
    const marketStart = new Date(Date.parse(`${lastDate}T00:00:00Z`) - marketProxyWindowDays * 86_400_000).toISOString().slice(0, 10);
    for (const bar of series.bars) {
      if (wanted.has(series.ticker) || bar.date > marketStart) bars.push({ ...bar, ticker: series.ticker, source: snapshotSource });
    }
  }
  for (let start = 0; start < bars.length; start += 10_000) await storePriceBars(db, bars.slice(start, start + 10_000));
  await recomputeTechnicals(db, tickers);
}
