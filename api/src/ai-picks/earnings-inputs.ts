// The model's earnings inputs: each company's reported surprises (earnings_predictions, the
// earnings page's data), known at a day's close when reported before it (before the open or during
// the market that day) and from the next trading day when reported after the close or at an
// unknown time.
import type { Database } from "../db/database";
import { SURPRISE_CLIP } from "../earnings/beat-model";

/** A report older than this says nothing about the quarter being traded. */
export const SURPRISE_STALE_DAYS = 120;

export type EarningsRow = { ticker: string; date: string; reportTime: string | null; surprise: number };
export type EarningsAt = { surprise: number | null; surpriseTrend: number | null };
export type EarningsIndex = { at(ticker: string, day: string): EarningsAt; reports: number };

const dayMs = 86_400_000;
const knownOn = (row: EarningsRow, day: string) => row.date < day || (row.date === day && (row.reportTime === "before_open" || row.reportTime === "during_market"));
const clipped = (surprise: number) => Math.max(-SURPRISE_CLIP, Math.min(SURPRISE_CLIP, surprise));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Builds the index from rows in any order. */
export function earningsIndexOf(rows: EarningsRow[]): EarningsIndex {
  const byTicker = new Map<string, EarningsRow[]>();
  for (const row of rows) byTicker.set(row.ticker, [...(byTicker.get(row.ticker) ?? []), row]);
  for (const reports of byTicker.values()) reports.sort((a, b) => a.date.localeCompare(b.date));
  return {
    reports: rows.length,
    at(ticker, day) {
      const known = (byTicker.get(ticker) ?? []).filter((row) => knownOn(row, day));
      const latest = known.at(-1);
      if (!latest || Date.parse(day) - Date.parse(latest.date) > SURPRISE_STALE_DAYS * dayMs) return { surprise: null, surpriseTrend: null };
      const lastFour = known.slice(-4).map((row) => clipped(row.surprise));
      return {
        surprise: clipped(latest.surprise),
        surpriseTrend: lastFour.length === 4 ? mean(lastFour.slice(2)) - mean(lastFour.slice(0, 2)) : null,
      };
    },
  };
}

/** Every reported quarter with a surprise. */
export async function readEarningsRows(db: Database): Promise<EarningsRow[]> {
  return db.prisma.$queryRaw<EarningsRow[]>`
    SELECT ticker, to_char(earnings_date, 'YYYY-MM-DD') AS date, report_time AS "reportTime", surprise::float8 AS surprise
    FROM earnings_predictions WHERE earnings_date IS NOT NULL AND surprise IS NOT NULL AND actual_eps IS NOT NULL
    ORDER BY ticker, earnings_date`;
}
