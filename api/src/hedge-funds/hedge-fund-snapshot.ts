// The bundled 13F snapshot (data/sec13f, provenance in data/sec13f/PROVENANCE.md): Berkshire
// Hathaway's information tables for 2020-06-30 → 2024-03-31, loaded once per database at start so a
// fresh machine with no network shows real holdings.
import fs from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import type { AppDeps } from "../context";
import { waitAndRunExclusively } from "../db/run-exclusively";
import { finishedSnapshotLoads, markSnapshotLoaded, snapshotVersion } from "../db/snapshot-loads";
import { storeQuarter } from "./holdings-store";
import { cusipMapPath, parseHoldingsCsv, sec13fDirectory } from "./thirteen-f";

export const snapshotFile = "berkshire_13f_holdings_2020Q2-2024Q1.csv";
/** The filer of the bundled file (EDGAR's name for CIK 0001067983). */
export const snapshotFund = { cik: "0001067983", name: "BERKSHIRE HATHAWAY INC" } as const;

/** pg advisory lock id of the snapshot load ("h13f" in ASCII). */
export const HEDGE_FUND_SNAPSHOT_LOCK_ID = 0x68313366;
const markerName = "sec13f";

export type HedgeFundSnapshotLoadResult = {
  /** Quarters stored now. */
  quarters: number;
  /** Quarters an earlier, interrupted load (or a live import) had already stored. */
  resumedQuarters: number;
  rows: number;
  ms: number;
  skipped?: "disabled" | "already-loaded";
};

/**
 * Stores every quarter of the bundled file, once per database and file version (a snapshot_loads
 * row written after the last quarter). Each quarter is one transaction, so an interrupted load
 * resumes at the first quarter missing; a quarter a live import or import:13f stored is left as it
 * is. On PostgreSQL one instance loads, the others wait for it. `signal` stops between quarters.
 */
export async function loadHedgeFundSnapshot(
  deps: Pick<AppDeps, "config" | "db" | "logger">,
  options: { directory?: string; force?: boolean; signal?: AbortSignal } = {},
): Promise<HedgeFundSnapshotLoadResult> {
  if (!deps.config.hedgeFunds.loadSnapshot && !options.force) return { quarters: 0, resumedQuarters: 0, rows: 0, ms: 0, skipped: "disabled" };
  return waitAndRunExclusively(deps.db, HEDGE_FUND_SNAPSHOT_LOCK_ID, () => loadUnlessFinished(deps, options), {
    logger: deps.logger,
    what: "loading the 13F snapshot",
    signal: options.signal,
  });
}

async function loadUnlessFinished(
  { db, logger }: Pick<AppDeps, "db" | "logger">,
  options: { directory?: string; signal?: AbortSignal },
): Promise<HedgeFundSnapshotLoadResult> {
  const started = performance.now();
  const file = path.join(options.directory ?? sec13fDirectory, snapshotFile);
  const version = snapshotVersion([file, cusipMapPath()]);
  if ((await finishedSnapshotLoads(db)).get(markerName) === version) {
    return { quarters: 0, resumedQuarters: 0, rows: 0, ms: 0, skipped: "already-loaded" };
  }
  const quarters = parseHoldingsCsv(fs.readFileSync(file, "utf8"));
  const stored = await db.prisma.hedgeFundFiling.findMany({ where: { cik: snapshotFund.cik }, select: { quarterEnd: true, source: true, rows: true } });
  const storedQuarters = new Map(stored.map((filing) => [filing.quarterEnd, filing]));
  const result: HedgeFundSnapshotLoadResult = { quarters: 0, resumedQuarters: 0, rows: 0, ms: 0 };
  for (const quarter of quarters) {
    options.signal?.throwIfAborted();
    const known = storedQuarters.get(quarter.quarterEnd);
    if (known && (known.source !== "snapshot" || known.rows === quarter.lines.length)) {
      result.resumedQuarters += 1;
      continue;
    }
    // PGlite runs queries on this thread: yield so a signal (and the log) is handled during the load.
    await setImmediate();
    const filing = {
      cik: snapshotFund.cik,
      fundName: snapshotFund.name,
      quarterEnd: quarter.quarterEnd,
      accessionNumber: null,
      formType: quarter.amendment ? "13F-HR/A" : "13F-HR",
      filedAt: null,
      amendment: quarter.amendment,
      source: "snapshot" as const,
    };
    result.rows += (await storeQuarter(db, filing, quarter.lines, "replace")).rows;
    result.quarters += 1;
  }
  const [{ rows }] = await db.prisma.$queryRaw<{ rows: number }[]>`
    SELECT count(*)::int AS rows FROM hedge_fund_holdings WHERE cik = ${snapshotFund.cik}`;
  await markSnapshotLoaded(db, markerName, version, rows);
  result.ms = Math.round(performance.now() - started);
  logger.info(result, "13F snapshot loaded");
  return result;
}
