// Daily bars as price_data stores them: one row per (ticker, date), under today's ticker in
// dot form (BRK.B), prices split-adjusted as of the ticker's latest stored bar (like Yahoo's
// chart `close`; not dividend-adjusted), with the provider that supplied them as `source`.
import type { Database } from "../db/database";

export type DailyBar = {
  /** YYYY-MM-DD, the exchange's trading day. */
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
};

export type StoredBar = DailyBar & { ticker: string; source: string };

/** A split (or an event a provider adjusts like one) taking effect at the open of `date`: 4 for 4-for-1. */
export type Split = { date: string; ratio: number };

/**
 * Back-adjusts bars for the splits they span: every bar before a split of ratio r gets its
 * prices divided by r and its volume multiplied by r, so the series is continuous in today's
 * shares. `bars` must be sorted by date; the result keeps that order.
 */
export function adjustForSplits<Bar extends DailyBar>(bars: Bar[], splits: Split[]): Bar[] {
  if (splits.length === 0) return bars;
  const laterSplits = [...splits].sort((a, b) => (a.date < b.date ? 1 : -1));
  const adjusted = new Array<Bar>(bars.length);
  let factor = 1;
  let next = 0;
  for (let index = bars.length - 1; index >= 0; index--) {
    const bar = bars[index];
    while (next < laterSplits.length && laterSplits[next].date > bar.date) factor *= laterSplits[next++].ratio;
    adjusted[index] = factor === 1 ? bar : scaleBar(bar, factor);
  }
  return adjusted;
}

/** Prices divided by `factor`, volume multiplied (a split of ratio `factor`, or a chaining factor's inverse). */
export function scaleBar<Bar extends DailyBar>(bar: Bar, factor: number): Bar {
  const price = (value: number | null) => (value === null ? null : value / factor);
  return {
    ...bar,
    open: price(bar.open),
    high: price(bar.high),
    low: price(bar.low),
    close: bar.close / factor,
    volume: bar.volume === null ? null : Math.round(bar.volume * factor),
  };
}

/** price_data.volume is a 32-bit integer; a larger (split-adjusted) volume is stored as unknown rather than wrapped. */
const maxStoredVolume = 2_147_483_647;

/**
 * Inserts or replaces bars in one statement: the rows travel as one jsonb array of short-keyed
 * objects expanded by jsonb_to_recordset. For the 415,080 snapshot rows in 10,000-row batches on
 * PGlite (a busy 2-CPU machine, so noisy): 7.4–9.3 s, against 9.0–9.4 s with full column names as
 * keys and 12.7 s with unnest() over array parameters, which Prisma's driver adapter serialises
 * slowly. Returns the rows written.
 */
export async function storePriceBars(db: Database, bars: StoredBar[]): Promise<number> {
  if (bars.length === 0) return 0;
  const payload = JSON.stringify(
    bars.map((bar) => ({
      t: bar.ticker,
      d: bar.date,
      o: bar.open,
      h: bar.high,
      l: bar.low,
      c: bar.close,
      v: bar.volume !== null && bar.volume <= maxStoredVolume ? Math.round(bar.volume) : null,
      s: bar.source,
    })),
  );
  return db.prisma.$executeRaw`
    INSERT INTO price_data (ticker, date, open, high, low, close, volume, source)
    SELECT t, d, o, h, l, c, v, s
    FROM jsonb_to_recordset(${payload}::jsonb) AS x(t text, d date, o numeric, h numeric, l numeric, c numeric, v int, s text)
    ON CONFLICT (ticker, date) DO UPDATE SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low,
      close = EXCLUDED.close, volume = EXCLUDED.volume, source = EXCLUDED.source`;
}

/** A CSV field: empty for null (COPY's NULL in CSV), quoted when it holds a comma, quote or line break. */
export const csvField = (value: string | number | null) =>
  value === null ? "" : typeof value === "number" ? String(value) : /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * Stores a bundled snapshot's bars. On PGlite by COPY (the 3× price set loads ~25 % faster than
 * through storePriceBars), in one transaction with deleting first the stored bars of `replacing`'s
 * tickers from the same sources (what an interrupted load left of them), as a plain COPY has no ON
 * CONFLICT; the caller guarantees no other stored bar has the same ticker and date (it skips
 * tickers with bars from another source). On PostgreSQL through storePriceBars' upsert. Returns
 * the rows written.
 */
export async function addSnapshotBars(db: Database, bars: StoredBar[], replacing: { tickers: string[]; sources: string[] }): Promise<number> {
  if (!db.copyCsvInTransaction) return storePriceBars(db, bars);
  if (bars.length === 0) return 0;
  const csv = bars
    .map((bar) =>
      [bar.ticker, bar.date, bar.open, bar.high, bar.low, bar.close, bar.volume !== null && bar.volume <= maxStoredVolume ? Math.round(bar.volume) : null, bar.source]
        .map(csvField)
        .join(","),
    )
    .join("\n");
  const before =
    replacing.tickers.length > 0 ? [{ sql: "DELETE FROM price_data WHERE source = ANY($1::text[]) AND ticker = ANY($2::text[])", params: [replacing.sources, replacing.tickers] }] : [];
  return db.copyCsvInTransaction(before, "COPY price_data (ticker, date, open, high, low, close, volume, source) FROM '/dev/blob' WITH (FORMAT csv)", csv);
}

/**
 * Applies splits that took effect after a ticker's stored bars to those bars, so the stored
 * history stays continuous with newly fetched bars that a provider already adjusted.
 */
export async function adjustStoredBarsForSplits(db: Database, ticker: string, splits: Split[], before: string): Promise<void> {
  const factor = splits.filter((split) => split.date > before).reduce((product, split) => product * split.ratio, 1);
  if (factor === 1) return;
  await db.prisma.$executeRaw`
    UPDATE price_data SET open = open / ${factor}, high = high / ${factor}, low = low / ${factor},
      close = close / ${factor},
      volume = CASE WHEN volume * ${factor}::float8 <= ${maxStoredVolume} THEN round(volume * ${factor}::float8)::int END
    WHERE ticker = ${ticker} AND date <= ${before}::date`;
}
