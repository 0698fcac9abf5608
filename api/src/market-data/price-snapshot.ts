// The bundled daily prices (data/prices/, provenance in data/prices/PROVENANCE.md): Alpha Vantage
// daily bars of the S&P 500 members of April 2021, 2018-01-02 to 2021-04-21, and before them the
// 2013–2018 files (history-files.ts), chained per security (security-master.ts). Loaded into
// price_data once per database at start, split-adjusted and under each security's key (today's
// ticker where it still trades), so a fresh machine with no network screens real prices.
import fs from "node:fs";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { projectRoot } from "../config/project-root";
import { snapshotVersion } from "../db/snapshot-loads";
import { defineSnapshot, type LoadControl, type SnapshotDeps } from "../startup/define-snapshot";
import { addSnapshotBars, adjustForSplits, type DailyBar, type Split, type StoredBar } from "./price-bars";
import { recomputeTechnicals } from "./technicals-store";
import { historyFiles, historySources, readPriceHistory, type SourcedBar } from "./history-files";
import { masterFile, securitiesDirectory, securityMaster } from "./security-master";

export const priceSnapshotDirectory = path.join(projectRoot, "data", "prices");
export const snapshotSource = "alphavantage-snapshot";
/** Every source the bundled price load writes: the 2018–2021 snapshot's and the 2013–2018 files'. */
export const bundledPriceSources = [snapshotSource, ...Object.values(historySources)];
const pricesFile = "sp500_daily_2018-2021.csv.gz";
/** The member list the snapshot was built from: the company names of April 2021. */
export const membersFile = "sp500_constituents_2021-04.csv";
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
 * Reads the snapshot one symbol at a time (the file is sorted by symbol, then date), each series
 * split-adjusted as of its last bar read. `through` cuts each series at that date before
 * adjusting, which gives the bars as they stood then; `symbols` reads only those.
 *
 * The file is a machine-written numeric CSV (no quotes, no embedded commas; checked), so it is
 * split by hand: csv-parse's stream took 2.8 s for the 384,000 bars (quiet 2-core machine), this
 * 1.4 s, and with `symbols` only those companies' lines are split (the earnings load asks for
 * its 80 companies). A file with a quote is refused rather than misread.
 */
export async function* readSnapshotFile(
  options: { directory?: string; through?: string; symbols?: ReadonlySet<string>; onRead?: (fraction: number) => void } = {},
): AsyncGenerator<{ symbol: string; bars: DailyBar[] }> {
  const directory = options.directory ?? priceSnapshotDirectory;
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
    if (!options.symbols || options.symbols.has(symbol)) {
      const records = lines.slice(line, end).map(splitRecord).filter((record) => !options.through || record[1] <= options.through);
      if (records.length > 0) {
        const splits = records.filter((record) => Number(record[9]) !== 1).map((record) => ({ date: record[1], ratio: Number(record[9]) }));
        yield { symbol, bars: adjustForSplits(records.map(toBar), splits) };
      }
    }
    line = end;
    options.onRead?.(line / lines.length);
    // Every 50 companies, a turn of the event loop: a start serves requests while it reads.
    if (++seriesRead % 50 === 0) await setImmediate();
  }
}

/**
 * The snapshot's series under their securities' keys (security-master.ts: today's ticker, or a
 * former member's own). `tickers` reads only those keys' series.
 */
export async function* readPriceSnapshot(
  options: { directory?: string; through?: string; tickers?: Iterable<string>; onRead?: (fraction: number) => void } = {},
): AsyncGenerator<SnapshotSeries> {
  const master = securityMaster();
  const symbols = options.tickers ? new Set([...options.tickers].flatMap((key) => master.symbolsOf("alphavantage", key))) : undefined;
  for await (const { symbol, bars } of readSnapshotFile({ ...options, symbols })) {
    yield { ticker: master.keyOf("alphavantage", symbol) ?? symbol, snapshotTicker: symbol, bars };
  }
}

let snapshotSplitsRead: Promise<Map<string, Split[]>> | undefined;

/**
 * Each security's splits in the 2018–2021 snapshot (its split_coefficient column: the events the
 * stored prices are adjusted for), by key, oldest first; read once.
 */
export function snapshotSplits(directory = priceSnapshotDirectory): Promise<Map<string, Split[]>> {
  snapshotSplitsRead ??= (async () => {
    const text = (await gunzip(await fs.promises.readFile(path.join(directory, pricesFile)))).toString("utf8");
    const master = securityMaster();
    const splits = new Map<string, Split[]>();
    for (const line of text.split("\n").slice(1)) {
      const coefficient = line.slice(line.lastIndexOf(",") + 1).trim();
      if (coefficient === "" || Number(coefficient) === 1) continue;
      const [symbol, date] = line.split(",", 2);
      const key = master.keyOf("alphavantage", symbol) ?? symbol;
      splits.set(key, [...(splits.get(key) ?? []), { date, ratio: Number(coefficient) }]);
    }
    return splits;
  })();
  snapshotSplitsRead.catch(() => (snapshotSplitsRead = undefined));
  return snapshotSplitsRead;
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
    const historyFilesHere = Object.values(historyFiles).map((file) => path.join(folder, file.name)).filter((file) => fs.existsSync(file));
    return snapshotVersion([path.join(folder, pricesFile), path.join(folder, membersFile), ...historyFilesHere, path.join(securitiesDirectory, masterFile)]);
  },
  load: loadBars,
  markerRows: async ({ db }) => {
    const [{ bars }] = await db.prisma.$queryRaw<{ bars: number }[]>`
      SELECT count(*)::int AS bars FROM price_data WHERE source = ANY(${bundledPriceSources})`;
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
        SELECT ticker, count(*)::int AS bars FROM price_data WHERE source = ANY(${bundledPriceSources}) GROUP BY ticker`
    ).map((row) => [row.ticker, row.bars]),
  );
  const otherSourceTickers = new Set(
    (await db.prisma.$queryRaw<{ ticker: string }[]>`SELECT DISTINCT ticker FROM price_data WHERE source <> ALL(${bundledPriceSources})`).map(
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
    result.rows += await addSnapshotBars(db, batch, { tickers: replacing, sources: bundledPriceSources });
    // The bars are stored by then; the indicators come last (about a tenth of the load).
    options.onProgress?.(0.9 * fractionRead);
    batch = [];
    replacing = [];
    logger.debug({ rows: result.rows }, "price snapshot batch stored");
  };
  // The 2013–2018 files' bars by security, checked and chained (history-files.ts): each goes in
  // with its security's 2018–2021 series, or on its own for a company that left the index earlier.
  const history = await readPriceHistory(directory);
  const repaired = history.findings.filter((finding) => finding.action !== "flagged");
  if (history.findings.length > 0) {
    logger.info(
      { repaired: repaired.map((finding) => `${finding.symbol} ${finding.date} ${finding.kind}`), flagged: history.findings.length - repaired.length },
      "price history checked (data/securities/price_validation.csv lists every finding)",
    );
  }
  const addSeries = async (ticker: string, bars: SourcedBar[]) => {
    options.signal?.throwIfAborted();
    if (otherSourceTickers.has(ticker)) return;
    snapshotTickers.push(ticker);
    if (storedBars.get(ticker) === bars.length) return;
    storedNow.add(ticker);
    if (storedBars.has(ticker)) replacing.push(ticker);
    for (const bar of bars) batch.push({ ...bar, ticker });
    if (batch.length >= batchSize) await storeBatch();
  };
  for await (const series of readPriceSnapshot({ directory, onRead: (fraction) => (fractionRead = fraction) })) {
    const earlier = history.byKey.get(series.ticker) ?? [];
    history.byKey.delete(series.ticker);
    await addSeries(series.ticker, [...earlier, ...series.bars.map((bar) => ({ ...bar, source: snapshotSource }))]);
  }
  for (const [ticker, bars] of history.byKey) await addSeries(ticker, bars);
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
