// The bundled daily price snapshot (data/prices/, provenance in data/prices/PROVENANCE.md): Alpha
// Vantage daily bars of the S&P 500 members of April 2021, 2018-01-02 to 2021-04-21. Loaded into
// price_data once per database at start, split-adjusted and under today's tickers, so a fresh
// machine with no network screens real prices.
import fs from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { parse as parseSync } from "csv-parse/sync";
import { projectRoot } from "../config/project-root";
import { snapshotVersion } from "../db/snapshot-loads";
import { defineSnapshot, type LoadControl, type SnapshotDeps } from "../startup/define-snapshot";
import { cleanCompanyName } from "../shared/symbols/clean-company-name";
import { formerTickers } from "../shared/symbols/former-tickers";
import { addSnapshotBars, adjustForSplits, type DailyBar, type StoredBar } from "./price-bars";
import { recomputeTechnicals } from "./technicals-store";
import { securityInfo, universeTickers } from "./universes";

export const priceSnapshotDirectory = path.join(projectRoot, "data", "prices");
export const snapshotSource = "alphavantage-snapshot";
const pricesFile = "sp500_daily_2018-2021.csv.gz";
/** The member list the snapshot was built from: the company names of April 2021. */
const membersFile = "sp500_constituents_2021-04.csv";
const gunzip = promisify(zlib.gunzip);
const columns = ["symbol", "date", "open", "high", "low", "close", "adjusted_close", "volume", "dividend_amount", "split_coefficient"];

export type SnapshotSeries = {
  /** Today's ticker, under which the bars are stored. */
  ticker: string;
  /** The ticker in the file (FB for META). */
  snapshotTicker: string;
  /** Oldest first, split-adjusted as of the last bar read. */
  bars: DailyBar[];
};

/** Three letters are enough to tell "IHS Markit" from the ETF that trades as INFO today, and keep "Campbell Soup" = "The Campbell's Company". */
const nameKey = (name: string) => cleanCompanyName(name).toLowerCase().replace(/[^a-z]/g, "").slice(0, 3);

/**
 * Today's ticker for a symbol of the snapshot, or null when its company is gone: renamed tickers
 * map to today's (FB → META); a symbol still in the S&P 500 is the same company; one that left
 * the index counts only while it is still listed under a name like its 2021 name (INFO and LB
 * now trade as an ETF and as another company, and ATVI or TWTR are not listed at all).
 */
export function snapshotTickerResolver(directory = priceSnapshotDirectory): (symbol: string) => string | null {
  const names2021 = new Map(
    (parseSync(fs.readFileSync(path.join(directory, membersFile)), { columns: true }) as { Symbol: string; Name: string }[]).map(
      (row) => [row.Symbol, row.Name],
    ),
  );
  const sp500 = new Set(universeTickers("sp500", { includeEtf: false }));
  return (symbol) => {
    const ticker = formerTickers[symbol] ?? symbol;
    if (sp500.has(ticker)) return ticker;
    const listed = securityInfo(ticker);
    const name2021 = names2021.get(symbol);
    return listed?.exchange && name2021 && nameKey(listed.name) === nameKey(name2021) ? ticker : null;
  };
}

function toBar(record: string[]): DailyBar {
  const number = (text: string) => (text === "" ? null : Number(text));
  return {
    date: record[1],
    open: number(record[2]),
    high: number(record[3]),
    low: number(record[4]),
    close: Number(record[5]),
    volume: number(record[7]),
  };
}

/**
 * Reads the snapshot one ticker at a time (the file is sorted by symbol, then date), skipping
 * companies that are gone and keeping the first of two symbols that map to one ticker today
 * (DISCA over DISCK for WBD). `through` cuts each series at that date before adjusting, which
 * gives the bars as they stood then; `tickers` reads only those (today's tickers).
 *
 * The file is a machine-written numeric CSV (no quotes, no embedded commas; checked), so it is
 * split by hand: csv-parse's stream took 2.8 s for the 384,000 bars (quiet 2-core machine), this
 * 1.4 s, and with `tickers` only those companies' lines are split (the earnings load asks for
 * its 80 companies). A file with a quote is refused rather than misread.
 */
export async function* readPriceSnapshot(
  options: { directory?: string; through?: string; tickers?: Iterable<string>; onRead?: (fraction: number) => void } = {},
): AsyncGenerator<SnapshotSeries> {
  const directory = options.directory ?? priceSnapshotDirectory;
  const currentTicker = snapshotTickerResolver(directory);
  const wanted = options.tickers ? new Set(options.tickers) : null;
  const used = new Set<string>();
  const text = (await gunzip(await fs.promises.readFile(path.join(directory, pricesFile)))).toString("utf8");
  if (text.includes('"')) throw new Error(`${pricesFile}: quoted fields are not expected in the price snapshot`);
  const lines = text.split("\n");
  if (lines[0].trimEnd() !== columns.join(",")) throw new Error(`${pricesFile}: unexpected columns ${lines[0]}`);

  let line = 1;
  let seriesRead = 0;
  while (line < lines.length) {
    const symbol = lines[line].slice(0, lines[line].indexOf(","));
    if (symbol === "") {
      line += 1;
      continue;
    }
    let end = line;
    while (end < lines.length && lines[end].startsWith(`${symbol},`)) end += 1;
    const ticker = currentTicker(symbol);
    if (ticker && !used.has(ticker) && (!wanted || wanted.has(ticker))) {
      const records = lines.slice(line, end).map(splitRecord).filter((record) => !options.through || record[1] <= options.through);
      if (records.length > 0) {
        used.add(ticker);
        const splits = records.filter((record) => Number(record[9]) !== 1).map((record) => ({ date: record[1], ratio: Number(record[9]) }));
        yield { ticker, snapshotTicker: symbol, bars: adjustForSplits(records.map(toBar), splits) };
      }
    }
    line = end;
    options.onRead?.(line / lines.length);
    // Every 50 companies, a turn of the event loop: a start serves requests while it reads.
    if (++seriesRead % 50 === 0) await setImmediate();
  }
}

function splitRecord(line: string): string[] {
  const record = line.trimEnd().split(",");
  if (record.length !== columns.length) throw new Error(`${pricesFile}: expected ${columns.length} fields, got ${record.length} in "${line}"`);
  return record;
}

export type PriceSnapshotLoadResult = {
  /** Bars stored. */
  rows: number;
  /** Tickers whose bars were stored. */
  tickers: number;
  /** Tickers an earlier, interrupted load had already stored in full. */
  resumedTickers: number;
  /** The whole load, technicals included. */
  ms: number;
  technicalsMs: number;
};

/**
 * The bundled prices into price_data, with the loaded tickers' indicators, once per database and
 * snapshot version. Resumes an interrupted load: tickers whose bars are all stored are skipped,
 * and missing indicators are computed. A ticker that has bars from another source (a live refresh
 * ran first) is left as it is. Bars are unique by (ticker, date), so nothing is stored twice.
 * `signal` stops the load between two batches.
 */
export const priceSnapshot = defineSnapshot({
  name: "prices",
  title: "daily prices",
  // "prsn" in ASCII
  lockId: 0x7072736e,
  weight: 30,
  enabled: (config) => config.marketData.loadSnapshot,
  version: ({ directory }: { directory?: string }, config) => {
    const folder = directory ?? config.marketData.snapshotDirectory ?? priceSnapshotDirectory;
    return snapshotVersion([path.join(folder, pricesFile), path.join(folder, membersFile)]);
  },
  load: loadBars,
  markerRows: async ({ db }) => {
    const [{ bars }] = await db.prisma.$queryRaw<{ bars: number }[]>`
      SELECT count(*)::int AS bars FROM price_data WHERE source = ${snapshotSource}`;
    return bars;
  },
  nothingLoaded: { tickers: 0, resumedTickers: 0, ms: 0, technicalsMs: 0 },
});

export const loadPriceSnapshot = (deps: SnapshotDeps, options: { directory?: string; force?: boolean } & LoadControl = {}) =>
  priceSnapshot.run(deps, options);

const batchSize = 10_000;

async function loadBars(deps: SnapshotDeps, options: { directory?: string } & LoadControl): Promise<PriceSnapshotLoadResult> {
  const started = performance.now();
  const result: PriceSnapshotLoadResult = { rows: 0, tickers: 0, resumedTickers: 0, ms: 0, technicalsMs: 0 };
  const { db, logger } = deps;
  const directory = options.directory ?? deps.config.marketData.snapshotDirectory ?? priceSnapshotDirectory;

  const storedBars = new Map(
    (
      await db.prisma.$queryRaw<{ ticker: string; bars: number }[]>`
        SELECT ticker, count(*)::int AS bars FROM price_data WHERE source = ${snapshotSource} GROUP BY ticker`
    ).map((row) => [row.ticker, row.bars]),
  );
  const otherSourceTickers = new Set(
    (await db.prisma.$queryRaw<{ ticker: string }[]>`SELECT DISTINCT ticker FROM price_data WHERE source <> ${snapshotSource}`).map(
      (row) => row.ticker,
    ),
  );
  if (storedBars.size > 0) logger.info({ storedTickers: storedBars.size }, "resuming the price snapshot load");
  else logger.info("loading the price snapshot");

  const snapshotTickers: string[] = [];
  const storedNow = new Set<string>();
  let batch: StoredBar[] = [];
  // Tickers of this batch that an interrupted load stored in part: their stored bars are replaced
  // (a ticker's bars all go into one batch).
  let replacing: string[] = [];
  let fractionRead = 0;
  const storeBatch = async () => {
    // PGlite runs queries on this thread without yielding to the event loop: yield between batches,
    // so that a signal (and the log) is handled during the load.
    await setImmediate();
    result.rows += await addSnapshotBars(db, batch, { tickers: replacing, source: snapshotSource });
    // The bars are stored by then; the indicators come last (about a tenth of the load).
    options.onProgress?.(0.9 * fractionRead);
    batch = [];
    replacing = [];
    logger.debug({ rows: result.rows }, "price snapshot batch stored");
  };
  for await (const series of readPriceSnapshot({ directory, onRead: (fraction) => (fractionRead = fraction) })) {
    options.signal?.throwIfAborted();
    if (otherSourceTickers.has(series.ticker)) continue;
    snapshotTickers.push(series.ticker);
    if (storedBars.get(series.ticker) === series.bars.length) continue;
    storedNow.add(series.ticker);
    if (storedBars.has(series.ticker)) replacing.push(series.ticker);
    for (const bar of series.bars) batch.push({ ...bar, ticker: series.ticker, source: snapshotSource });
    if (batch.length >= batchSize) await storeBatch();
  }
  await storeBatch();
  result.tickers = storedNow.size;
  result.resumedTickers = snapshotTickers.length - storedNow.size;

  // Indicators of the tickers stored now, and of those an interrupted load stored but did not get to.
  const withIndicators = new Set(
    (await db.prisma.technicalIndicator.findMany({ where: { ticker: { in: snapshotTickers } }, select: { ticker: true } })).map(
      (row) => row.ticker,
    ),
  );
  const needIndicators = snapshotTickers.filter((ticker) => storedNow.has(ticker) || !withIndicators.has(ticker));
  if (needIndicators.length > 0) result.technicalsMs = (await recomputeTechnicals(db, needIndicators)).ms;

  result.ms = Math.round(performance.now() - started);
  logger.info(
    { rows: result.rows, tickers: result.tickers, resumedTickers: result.resumedTickers, ms: result.ms, technicalsMs: result.technicalsMs },
    "price snapshot loaded",
  );
  return result;
}
