/** @db */
// The loader's rules on a slice of the bundled file (the companies these tests name, every bar of
// theirs); the whole file's load (384,336 bars, 467 tickers) is checked by the fault suite's
// interrupted first start and by every e2e start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { adjustForSplits } from "./price-bars";
import { loadPriceSnapshot, priceSnapshotDirectory, snapshotTickerResolver } from "./price-snapshot";

type RawRow = { symbol: string; date: string; close: string; volume: string; split_coefficient: string };
const rawRows: RawRow[] = parse(zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, "sp500_daily_2018-2021.csv.gz"))), {
  columns: true,
});
const raw = (symbol: string, date: string) => rawRows.find((row) => row.symbol === symbol && row.date === date)!;

/** Stored (FB as META, DISCA as WBD), and left out (DISCK: WBD twice; INFO, LB: other securities today; TWTR: gone). */
const storedSymbols = ["AAL", "AAPL", "DISCA", "FB", "JPM", "MSFT"];
const sliceSymbols = [...storedSymbols, "DISCK", "INFO", "LB", "TWTR"];
const sliceDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-price-slice-"));
{
  const lines = zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, "sp500_daily_2018-2021.csv.gz"))).toString("utf8").trimEnd().split("\n");
  const kept = lines.slice(1).filter((line) => sliceSymbols.includes(line.slice(0, line.indexOf(","))));
  fs.writeFileSync(path.join(sliceDirectory, "sp500_daily_2018-2021.csv.gz"), zlib.gzipSync(`${[lines[0], ...kept].join("\n")}\n`));
  fs.copyFileSync(path.join(priceSnapshotDirectory, "sp500_constituents_2021-04.csv"), path.join(sliceDirectory, "sp500_constituents_2021-04.csv"));
}
const sliceBars = rawRows.filter((row) => storedSymbols.includes(row.symbol)).length;
const load = (options: Parameters<typeof loadPriceSnapshot>[1] = {}, loadDeps = deps) => loadPriceSnapshot(loadDeps, { directory: sliceDirectory, ...options });

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: ReturnType<typeof createTestDeps>;
let fullLoad: Awaited<ReturnType<typeof loadPriceSnapshot>>;

beforeAll(async () => {
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

  it("loads every bar of the companies still listed, once, and computes their indicators", async () => {
    fullLoad = await load();
    expect(fullLoad.rows).toBe(sliceBars);
    expect(fullLoad.tickers).toBe(storedSymbols.length);
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

  it("stores renamed companies under today's ticker and leaves out tickers that now name something else", async () => {
    expect(Number((await storedBar("META", "2021-04-21")).close)).toBe(Number(raw("FB", "2021-04-21").close));
    expect(await db.prisma.priceBar.count({ where: { ticker: "FB" } })).toBe(0);
    // DISCA and DISCK both became WBD: the first (Series A) is kept.
    expect(Number((await storedBar("WBD", "2021-04-21")).close)).toBe(Number(raw("DISCA", "2021-04-21").close));
    // INFO (IHS Markit) is an ETF's symbol today and LB (L Brands) another company's.
    expect(await db.prisma.priceBar.count({ where: { ticker: { in: ["INFO", "LB"] } } })).toBe(0);
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

describe("snapshot tickers", () => {
  const resolve = snapshotTickerResolver();

  it("maps renamed tickers, keeps former members still listed under their name, drops the gone", () => {
    expect(resolve("FB")).toBe("META");
    expect(resolve("AAPL")).toBe("AAPL");
    expect(resolve("AAL")).toBe("AAL"); // left the index, still American Airlines
    expect(resolve("INFO")).toBeNull();
    expect(resolve("LB")).toBeNull();
    expect(resolve("TWTR")).toBeNull(); // not listed any more
  });
});
