// The bundled 13F snapshot (data/sec13f, provenance in data/sec13f/PROVENANCE.md): Berkshire
// Hathaway's information tables for 2020-06-30 → 2024-03-31, loaded once per database at start so a
// fresh machine with no network shows real holdings.
import fs from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { snapshotVersion } from "../db/snapshot-loads";
import { defineSnapshot, type LoadControl, type SnapshotDeps } from "../startup/define-snapshot";
import { storeQuarter } from "./holdings-store";
import { cusipMapPath, parseHoldingsCsv, sec13fDirectory } from "./thirteen-f";

export const snapshotFile = "berkshire_13f_holdings_2020Q2-2024Q1.csv";
/** The filer of the bundled file (EDGAR's name for CIK 0001067983). */
export const snapshotFund = { cik: "0001067983", name: "BERKSHIRE HATHAWAY INC" } as const;

export type HedgeFundSnapshotLoadResult = {
  /** Quarters stored now. */
  quarters: number;
  /** Quarters an earlier, interrupted load (or a live import) had already stored. */
  resumedQuarters: number;
  rows: number;
  ms: number;
};

const snapshotPath = (directory = sec13fDirectory) => path.join(directory, snapshotFile);

/**
 * Every quarter of the bundled file, once per database and file version. Each quarter is one
 * transaction, so an interrupted load resumes at the first quarter missing; a quarter a live import
 * or import:13f stored is left as it is. `signal` stops between quarters.
 */
export const hedgeFundSnapshot = defineSnapshot({
  name: "sec13f",
  title: "13F holdings",
  // "h13f" in ASCII
  lockId: 0x68313366,
  weight: 1,
  enabled: (config) => config.hedgeFunds.loadSnapshot,
  version: ({ directory }: { directory?: string }) => snapshotVersion([snapshotPath(directory), cusipMapPath()]),
  load: loadQuarters,
  // Every bundled quarter's rows, those a resumed load skipped included.
  markerRows: async ({ db }) => {
    const [{ rows }] = await db.prisma.$queryRaw<{ rows: number }[]>`
      SELECT count(*)::int AS rows FROM hedge_fund_holdings WHERE cik = ${snapshotFund.cik}`;
    return rows;
  },
  nothingLoaded: { quarters: 0, resumedQuarters: 0, ms: 0 },
});

export const loadHedgeFundSnapshot = (deps: SnapshotDeps, options: { directory?: string; force?: boolean } & LoadControl = {}) =>
  hedgeFundSnapshot.run(deps, options);

async function loadQuarters({ db, logger }: SnapshotDeps, options: { directory?: string } & LoadControl): Promise<HedgeFundSnapshotLoadResult> {
  const started = performance.now();
  const file = snapshotPath(options.directory);
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
  result.ms = Math.round(performance.now() - started);
  logger.info(result, "13F snapshot loaded");
  return result;
}
