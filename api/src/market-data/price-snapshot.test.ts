/** @db */
// The loader's rules on a slice of the bundled files (the companies these tests name, every bar of
// theirs); the whole files' load is checked by the fault suite's interrupted first start and by
// every e2e start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { historyFiles, readPriceHistory } from "./history-files";
import { adjustForSplits } from "./price-bars";
import { loadPriceSnapshot, priceSnapshotDirectory } from "./price-snapshot";
import { securityMaster } from "./security-master";

type RawRow = { symbol: string; date: string; close: string; volume: string; split_coefficient: string };
const rawRows: RawRow[] = parse(zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, "sp500_daily_2018-2021.csv.gz"))), {
  columns: true,
});
const raw = (symbol: string, date: string) => rawRows.find((row) => row.symbol === symbol && row.date === date)!;

/**
 * 2018–2021: renamed (FB → META, DISCA → WBD), former members (AAL still listed; DISCK, TWTR
 * gone; INFO and LB, whose tickers name other securities today), and IR and TT. 2013–2018: Kaggle
 * series that chain to them (AAPL across its 2014 split, DISCA with its unadjusted 2014 share
 * dividend, IR = Ingersoll-Rand plc = TT, not today's IR), and Quandl's YHOO and EMC.
 */
const sliceSymbols = ["AAL", "AAPL", "DISCA", "DISCK", "FB", "INFO", "IR", "JPM", "LB", "MSFT", "TT", "TWTR"];
const historySymbols = { kaggle: ["AAPL", "DISCA", "IR", "MSFT"], quandl: ["EMC", "YHOO"] };
const sliceDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-price-slice-"));
function writeSlice(file: string, keep: (line: string) => boolean) {
  const lines = zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, file))).toString("utf8").trimEnd().split("\n");
  fs.writeFileSync(path.join(sliceDirectory, file), zlib.gzipSync(`${[lines[0], ...lines.slice(1).filter(keep)].join("\n")}\n`));
}
writeSlice("sp500_daily_2018-2021.csv.gz", (line) => sliceSymbols.includes(line.slice(0, line.indexOf(","))));
writeSlice(historyFiles.kaggle.name, (line) => historySymbols.kaggle.includes(line.slice(line.lastIndexOf(",") + 1)));
writeSlice(historyFiles.quandl.name, (line) => historySymbols.quandl.includes(line.slice(0, line.indexOf(","))));
fs.copyFileSync(path.join(priceSnapshotDirectory, "sp500_constituents_2021-04.csv"), path.join(sliceDirectory, "sp500_constituents_2021-04.csv"));
const sliceTickers = new Set([...sliceSymbols.map((symbol) => securityMaster().keyOf("alphavantage", symbol)), "YHOO", "EMC-201609"]);
let sliceBars: number;
const load = (options: Parameters<typeof loadPriceSnapshot>[1] = {}, loadDeps = deps) => loadPriceSnapshot(loadDeps, { directory: sliceDirectory, ...options });

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof createTestDeps>;
let fullLoad: Awaited<ReturnType<typeof loadPriceSnapshot>>;

beforeAll(async () => {
  const history = await readPriceHistory(sliceDirectory);
  sliceBars = rawRows.filter((row) => sliceSymbols.includes(row.symbol)).length + [...history.byKey.values()].reduce((sum, bars) => sum + bars.length, 0);
  db = await createTestDatabase();
  await db.reset();
  deps = createTestDeps(db);
});
afterAll(async () => {
  await db.close();
  fs.rmSync(sliceDirectory, { recursive: true, force: true });
});

const storedBar = (ticker: string, date: string) =>
  db.prisma.priceBar.findUniqueOrThrow({ where: { ticker_date: { ticker, date: new Date(`${date}T00:00:00Z`) } } });

describe("split adjustment", () => {
  it("divides prices and multiplies volume of every bar before a split, like Yahoo's chart close", () => {
    const bars = [
      { date: "2020-08-28", open: 504.05, high: 505.77, low: 498.31, close: 499.23, volume: 46_907_479 },
      { date: "2020-08-31", open: 127.58, high: 131, low: 126, close: 129.04, volume: 223_505_733 },
    ];
    const [before, after] = adjustForSplits(bars, [{ date: "2020-08-31", ratio: 4 }]);
    expect(before).toEqual({ date: "2020-08-28", open: 126.0125, high: 126.4425, low: 124.5775, close: 124.8075, volume: 187_629_916 });
    expect(after).toBe(bars[1]);
  });
});

describe("the bundled price snapshot", () => {
  it("skips the load when MARKET_DATA_LOAD_SNAPSHOT=false", async () => {
    const off = createTestDeps(db, { MARKET_DATA_LOAD_SNAPSHOT: "false" });
    expect(await load({}, off)).toMatchObject({ rows: 0, skipped: "disabled" });
    expect(await db.prisma.priceBar.count()).toBe(0);
  });

  it("loads every bar of every security, once, and computes their indicators", async () => {
    fullLoad = await load();
    expect(fullLoad.rows).toBe(sliceBars);
    expect(fullLoad.tickers).toBe(sliceTickers.size);
    expect(fullLoad.resumedTickers).toBe(0);
    expect(await db.prisma.priceBar.count()).toBe(fullLoad.rows);
    expect(await db.prisma.technicalIndicator.count()).toBe(fullLoad.tickers);
    expect(await db.prisma.snapshotLoad.findUniqueOrThrow({ where: { name: "prices" } })).toMatchObject({ rows: fullLoad.rows });
    expect(await load()).toMatchObject({ rows: 0, skipped: "already-loaded" });
  });

  it("stores split-adjusted, not dividend-adjusted, prices", async () => {
    // AAPL split 4:1 on 2020-08-31: the day before traded at 499.23, stored as 124.81.
    expect(Number((await storedBar("AAPL", "2020-08-28")).close)).toBe(124.81);
    expect((await storedBar("AAPL", "2020-08-28")).volume).toBe(Number(raw("AAPL", "2020-08-28").volume) * 4);
    expect(Number((await storedBar("AAPL", "2020-08-31")).close)).toBe(Number(raw("AAPL", "2020-08-31").close));
    // MSFT paid dividends but never split in the window: its closes are the traded ones.
    expect(Number((await storedBar("MSFT", "2018-01-02")).close)).toBe(Number(raw("MSFT", "2018-01-02").close));
    expect((await storedBar("AAPL", "2021-04-21")).source).toBe("alphavantage-snapshot");
  });

  it("stores renamed companies under today's ticker, and former members under their own", async () => {
    expect(Number((await storedBar("META", "2021-04-21")).close)).toBe(Number(raw("FB", "2021-04-21").close));
    expect(await db.prisma.priceBar.count({ where: { ticker: "FB" } })).toBe(0);
    // DISCA and DISCK both became WBD: Series A is WBD, Series C keeps its ticker.
    expect(Number((await storedBar("WBD", "2021-04-21")).close)).toBe(Number(raw("DISCA", "2021-04-21").close));
    expect(Number((await storedBar("DISCK", "2021-04-21")).close)).toBe(Number(raw("DISCK", "2021-04-21").close));
    expect(Number((await storedBar("TWTR", "2021-04-21")).close)).toBe(Number(raw("TWTR", "2021-04-21").close));
    // INFO (IHS Markit) is an ETF's symbol today and LB (L Brands) another company's: keys carry their last month.
    expect(Number((await storedBar("INFO-202104", "2021-04-21")).close)).toBe(Number(raw("INFO", "2021-04-21").close));
    expect(await db.prisma.priceBar.count({ where: { ticker: { in: ["INFO", "LB"] } } })).toBe(0);
  });

  it("chains the 2013–2018 bars to each security's later ones, and tells a reused ticker apart", async () => {
    const stored = async (ticker: string, date: string) => Number((await storedBar(ticker, date)).close);
    // AAPL: the Kaggle file is split-adjusted as of Feb 2018 (92.22 on 2014-06-06, before the 7:1
    // split); chained to the 2018–2021 series, which is also adjusted for the 4:1 split of 2020.
    expect(await stored("AAPL", "2014-06-06")).toBeCloseTo(92.22 / 4, 1);
    // Ingersoll-Rand plc traded as IR until 2020 and is TT today; today's IR (Gardner Denver) has no 2013 bars.
    expect(await stored("TT", "2015-06-01")).toBeGreaterThan(0);
    expect(await db.prisma.priceBar.count({ where: { ticker: "IR", date: { lt: new Date("2018-01-01") } } })).toBe(0);
    // DISCA's unadjusted 2:1 share dividend of 2014-08-07 is repaired: no halving overnight.
    expect((await stored("WBD", "2014-08-07")) / (await stored("WBD", "2014-08-06"))).toBeGreaterThan(0.9);
    // Companies gone before 2018 have their Quandl history (EMC's ticker names an ETF today).
    expect(await db.prisma.priceBar.count({ where: { ticker: "YHOO" } })).toBeGreaterThan(500);
    expect(await db.prisma.priceBar.count({ where: { ticker: "EMC-201609" } })).toBeGreaterThan(500);
  });

  it("stops between two tickers when its signal is aborted, and stores nothing more", async () => {
    await db.prisma.snapshotLoad.delete({ where: { name: "prices" } });
    await db.prisma.priceBar.deleteMany({ where: { ticker: "AAPL" } });
    await expect(load({ signal: AbortSignal.abort() })).rejects.toThrow(/aborted/);
    expect(await db.prisma.priceBar.count({ where: { ticker: "AAPL" } })).toBe(0);
    expect(await db.prisma.snapshotLoad.count()).toBe(0);
  });

  it("resumes an interrupted load: stores the missing bars and indicators once, then marks the load finished", async () => {
    // What an earlier load left when it stopped: AAPL not stored (the test before), MSFT's bars
    // stored up to 2019, and no indicators for MSFT and JPM.
    await db.prisma.priceBar.deleteMany({ where: { ticker: "MSFT", date: { gte: new Date("2020-01-01") } } });
    await db.prisma.technicalIndicator.deleteMany({ where: { ticker: { in: ["MSFT", "JPM"] } } });
    const left = await db.prisma.priceBar.count();
    const leftOfMicrosoft = await db.prisma.priceBar.count({ where: { ticker: "MSFT" } });

    const result = await load();
    // A ticker stored in part is stored again in full (the same bars, by (ticker, date)).
    expect(result).toMatchObject({ tickers: 2, resumedTickers: fullLoad.tickers - 2, rows: fullLoad.rows - left + leftOfMicrosoft });
    expect(await db.prisma.priceBar.count()).toBe(fullLoad.rows);
    expect(await db.prisma.technicalIndicator.count()).toBe(fullLoad.tickers);
    expect(await db.prisma.technicalIndicator.findUnique({ where: { ticker: "JPM" } })).not.toBeNull();
    expect(await db.prisma.snapshotLoad.findUniqueOrThrow({ where: { name: "prices" } })).toMatchObject({ rows: fullLoad.rows });
    expect(Number((await storedBar("AAPL", "2020-08-28")).close)).toBe(124.81);
    expect(await load()).toMatchObject({ rows: 0, skipped: "already-loaded" });
  });
});
