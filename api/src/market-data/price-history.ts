// A ticker's daily bars for a chart, with SMA 5/20/50 computed over the series.
import type { Database } from "../db/database";
import { Prisma } from "../generated/prisma/client";
import type { DailyBar, StoredBar } from "./price-bars";
import { turnInLine } from "../shared/turn-for-requests";
import { loadIndicatorLibrary, smaSeries } from "./technicals";
import { sourceLabel } from "./technicals-store";

export type PriceBarPoint = DailyBar & { sma5: number | null; sma20: number | null; sma50: number | null };

export type PriceHistory = { source: string; asOf: string | null; bars: PriceBarPoint[] };

/** Ten years at most: more than the bundled snapshot (2018 to 2021) plus years of daily refreshes. */
export const priceHistoryDays = { min: 30, max: 3650, default: 365 };
/** Calendar days read before the window so SMA 50 is known from its first bar (49 trading days ≈ 71 calendar days). */
const warmUpDays = 80;

type BarRow = Omit<StoredBar, "ticker">;

/**
 * The bars of the last `days` calendar days up to the ticker's latest bar (its latest on or
 * before `through` when given: nothing later is read, so the moving averages are as of then too), oldest first.
 */
export async function readPriceHistory(db: Database, ticker: string, days: number, through: string | null = null): Promise<PriceHistory> {
  // Up to ten years of bars read and averaged on the request loop (PGlite answers there): a query
  // with many aliased histories lets other requests in between them, not only after the last.
  await turnInLine();
  const until = through === null ? Prisma.empty : Prisma.sql`AND date <= ${through}::date`;
  const rows = await db.prisma.$queryRaw<BarRow[]>`
    SELECT to_char(date, 'YYYY-MM-DD') AS date, open::float8 AS open, high::float8 AS high, low::float8 AS low,
      close::float8 AS close, volume::float8 AS volume, source
    FROM price_data
    WHERE ticker = ${ticker} AND close IS NOT NULL ${until}
      AND date > (SELECT max(date) FROM price_data WHERE ticker = ${ticker} ${until}) - ${days + warmUpDays}::int
    ORDER BY date`;
  if (rows.length === 0) return { source: "No price data", asOf: null, bars: [] };
  const library = await loadIndicatorLibrary();
  const closes = rows.map((row) => row.close);
  const [sma5, sma20, sma50] = [5, 20, 50].map((period) => smaSeries(closes, period, library));
  const asOf = rows[rows.length - 1].date;
  const windowStart = new Date(Date.parse(`${asOf}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const bars = rows
    .map(({ source: _source, ...row }, index) => ({ ...row, sma5: sma5[index], sma20: sma20[index], sma50: sma50[index] }))
    .filter((bar) => bar.date > windowStart);
  const inWindow = rows.filter((row) => row.date > windowStart);
  const sources = [...new Set(inWindow.map((row) => row.source))].map((source) => {
    const dates = inWindow.filter((row) => row.source === source).map((row) => row.date);
    return sourceLabel(source, dates[0], dates[dates.length - 1]);
  });
  return { source: sources.join("; "), asOf, bars };
}
