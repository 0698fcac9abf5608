// The bundled daily price snapshot (data/prices/, provenance in data/prices/PROVENANCE.md): Alpha
// Vantage daily bars of the S&P 500 members of April 2021, 2018-01-02 to 2021-04-21. Loaded into
// price_data once per database at start, split-adjusted and under today's tickers, so a fresh
// machine with no network screens real prices.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { projectRoot } from "../config/project-root";
import type { AppDeps } from "../context";
import { cleanCompanyName } from "../news/tagging/company-names";
import { formerTickers } from "../news/tagging/curated-names";
import { adjustForSplits, storePriceBars, type DailyBar, type StoredBar } from "./price-bars";
import { recomputeTechnicals } from "./technicals-store";
import { securityInfo, universeTickers } from "./universes";

export const priceSnapshotDirectory = path.join(projectRoot, "data", "prices");
export const snapshotSource = "alphavantage-snapshot";
const pricesFile = "sp500_daily_2018-2021.csv.gz";
/** The member list the snapshot was built from: the company names of April 2021. */
const membersFile = "sp500_constituents_2021-04.csv";
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
 * Streams the snapshot one ticker at a time (the file is sorted by symbol, then date), skipping
 * companies that are gone and keeping the first of two symbols that map to one ticker today
 * (DISCA over DISCK for WBD). `through` cuts each series at that date before adjusting, which
 * gives the bars as they stood then.
 */
export async function* readPriceSnapshot(options: { directory?: string; through?: string } = {}): AsyncGenerator<SnapshotSeries> {
  const directory = options.directory ?? priceSnapshotDirectory;
  const currentTicker = snapshotTickerResolver(directory);
  const used = new Set<string>();
  const finish = (symbol: string, records: string[][]): SnapshotSeries | null => {
    const ticker = currentTicker(symbol);
    if (!ticker || used.has(ticker) || records.length === 0) return null;
    used.add(ticker);
    const splits = records
      .filter((record) => Number(record[9]) !== 1)
      .map((record) => ({ date: record[1], ratio: Number(record[9]) }));
    return { ticker, snapshotTicker: symbol, bars: adjustForSplits(records.map(toBar), splits) };
  };

  const records = fs.createReadStream(path.join(directory, pricesFile)).pipe(zlib.createGunzip()).pipe(parse());
  let symbol: string | null = null;
  let pending: string[][] = [];
  let header = true;
  for await (const record of records as AsyncIterable<string[]>) {
    if (header) {
      if (record.join(",") !== columns.join(",")) throw new Error(`${pricesFile}: unexpected columns ${record.join(",")}`);
      header = false;
      continue;
    }
    if (record[0] !== symbol) {
      const series = symbol === null ? null : finish(symbol, pending);
      if (series) yield series;
      symbol = record[0];
      pending = [];
    }
    if (!options.through || record[1] <= options.through) pending.push(record);
  }
  const series = symbol === null ? null : finish(symbol, pending);
  if (series) yield series;
}

export type PriceSnapshotLoadResult = {
  /** Bars stored. */
  rows: number;
  tickers: number;
  /** The whole load, technicals included. */
  ms: number;
  technicalsMs: number;
  skipped?: "disabled" | "already-loaded";
};

const batchSize = 10_000;

/**
 * Loads the snapshot into price_data when no snapshot bars are there yet, then computes the
 * loaded tickers' indicators. A ticker that already has bars (a live refresh ran first) is left
 * as it is. Idempotent: bars are unique by (ticker, date).
 */
export async function loadPriceSnapshot(
  deps: Pick<AppDeps, "config" | "db" | "logger">,
  options: { directory?: string; force?: boolean } = {},
): Promise<PriceSnapshotLoadResult> {
  const started = performance.now();
  const result: PriceSnapshotLoadResult = { rows: 0, tickers: 0, ms: 0, technicalsMs: 0 };
  if (!deps.config.marketData.loadSnapshot && !options.force) return { ...result, skipped: "disabled" };
  const { db } = deps;
  const [{ loaded }] = await db.prisma.$queryRaw<{ loaded: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM price_data WHERE source = ${snapshotSource}) AS loaded`;
  if (loaded) return { ...result, skipped: "already-loaded" };
  const priced = new Set(
    (await db.prisma.$queryRaw<{ ticker: string }[]>`SELECT DISTINCT ticker FROM price_data`).map((row) => row.ticker),
  );

  const loadedTickers: string[] = [];
  let batch: StoredBar[] = [];
  for await (const series of readPriceSnapshot({ directory: options.directory })) {
    if (priced.has(series.ticker)) continue;
    loadedTickers.push(series.ticker);
    for (const bar of series.bars) batch.push({ ...bar, ticker: series.ticker, source: snapshotSource });
    if (batch.length >= batchSize) {
      result.rows += await storePriceBars(db, batch);
      batch = [];
    }
  }
  result.rows += await storePriceBars(db, batch);
  result.tickers = loadedTickers.length;
  result.technicalsMs = (await recomputeTechnicals(db, loadedTickers)).ms;
  result.ms = Math.round(performance.now() - started);
  deps.logger.info(
    { rows: result.rows, tickers: result.tickers, ms: result.ms, technicalsMs: result.technicalsMs },
    "price snapshot loaded",
  );
  return result;
}
