import type { Database } from "../db/database";
import { snapshotCutoff } from "./snapshot/news-snapshot";

export type NewsClock = {
  /**
   * live: some ingested (non-snapshot) article is less than 7 days old, so windows end now.
   * snapshot: otherwise (e.g. offline); windows end at the bundled snapshot's as-of time.
   */
  mode: "snapshot" | "live";
  /** Where every time window (1h, 24h, 7d) ends. */
  asOf: Date;
  /** The newest snapshot article not after 2021-04-21T23:59:59Z (null when no snapshot is loaded). */
  snapshotAsOf: Date | null;
};

const liveHorizonMs = 7 * 24 * 3_600_000;

type ClockRow = { snapshot_as_of: Date | null; live: boolean };

/** Clock reads in flight, per database and second: concurrent requests share one. */
const inFlight = new WeakMap<Database, Map<number, Promise<ClockRow | undefined>>>();

/**
 * The one rule for where news windows end. Two index range scans on
 * published_at (newest first), so it stays cheap however many articles are stored;
 * calls within the same second while one is being answered share its answer (on the
 * embedded database's single connection, a hundred concurrent screens ask once).
 */
export async function newsClock(db: Database, now: Date = new Date()): Promise<NewsClock> {
  const second = Math.floor(now.getTime() / 1000);
  let reads = inFlight.get(db);
  if (!reads) inFlight.set(db, (reads = new Map()));
  let read = reads.get(second);
  if (!read) {
    read = readClock(db, now).finally(() => reads.delete(second));
    reads.set(second, read);
  }
  const row = await read;
  const snapshotAsOf = row?.snapshot_as_of ? new Date(row.snapshot_as_of) : null;
  if (row?.live || !snapshotAsOf) return { mode: "live", asOf: now, snapshotAsOf };
  return { mode: "snapshot", asOf: snapshotAsOf, snapshotAsOf };
}

async function readClock(db: Database, now: Date): Promise<ClockRow | undefined> {
  const [row] = await db.prisma.$queryRaw<ClockRow[]>`
    SELECT
      (SELECT published_at FROM news_articles
        WHERE is_snapshot AND published_at <= ${snapshotCutoff}
        ORDER BY published_at DESC LIMIT 1) AS snapshot_as_of,
      EXISTS (SELECT 1 FROM news_articles
        WHERE NOT is_snapshot AND published_at > ${new Date(now.getTime() - liveHorizonMs)}) AS live`;
  return row;
}
