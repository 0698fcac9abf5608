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

/**
 * The one rule for where news windows end. Two index range scans on
 * published_at (newest first), so it stays cheap however many articles are stored.
 */
export async function newsClock(db: Database, now: Date = new Date()): Promise<NewsClock> {
  const [row] = await db.prisma.$queryRaw<{ snapshot_as_of: Date | null; live: boolean }[]>`
    SELECT
      (SELECT published_at FROM news_articles
        WHERE is_snapshot AND published_at <= ${snapshotCutoff}
        ORDER BY published_at DESC LIMIT 1) AS snapshot_as_of,
      EXISTS (SELECT 1 FROM news_articles
        WHERE NOT is_snapshot AND published_at > ${new Date(now.getTime() - liveHorizonMs)}) AS live`;
  const snapshotAsOf = row?.snapshot_as_of ? new Date(row.snapshot_as_of) : null;
  if (row?.live || !snapshotAsOf) return { mode: "live", asOf: now, snapshotAsOf };
  return { mode: "snapshot", asOf: snapshotAsOf, snapshotAsOf };
}
