/** @db */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestDatabase } from "../../test/test-database";
import { storePriceBars } from "./price-bars";
import { priceSnapshotDirectory } from "./price-snapshot";
import { createTechnicalsStore, isStale, marketDate, PAST_SNAPSHOTS_KEPT, recomputeTechnicals } from "./technicals-store";

type RawRow = { symbol: string; date: string; close: string; volume: string };
const rawRows: RawRow[] = parse(zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, "sp500_daily_2018-2021.csv.gz"))), {
  columns: true,
});
/** A ticker's rows of the CSV up to `through`, oldest first. */
const csv = (symbol: string, through: string) => rawRows.filter((row) => row.symbol === symbol && row.date <= through);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** price_data keeps prices to the cent (numeric(10,2)); a few CSV closes have four decimals. */
const cents = (value: number) => Math.round(value * 100) / 100;
const lastCloses = (rows: RawRow[], count: number) => rows.slice(-count).map((row) => cents(Number(row.close)));

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe("indicators from the bundled snapshot, checked against the CSV by hand", () => {
  beforeAll(async () => {
    await db.reset();
    await loadSnapshotPrices(db, ["AAPL", "MSFT", "META"]);
  }, 60_000);

  it("AAPL on 2021-04-21: SMAs, average volume and 1-month return are the CSV's closes and volumes", async () => {
    const aapl = (await createTechnicalsStore(db).current()).byTicker.get("AAPL")!;
    const rows = csv("AAPL", "2021-04-21");
    expect(aapl.asOf).toBe("2021-04-21");
    expect(aapl.close).toBe(133.5);
    expect(aapl.sma5).toBeCloseTo(mean(lastCloses(rows, 5)), 9); // (134.5 + 134.16 + 134.84 + 133.11 + 133.5) / 5
    expect(aapl.sma20).toBeCloseTo(mean(lastCloses(rows, 20)), 9);
    expect(aapl.sma50).toBeCloseTo(mean(lastCloses(rows, 50)), 9);
    expect(aapl.avgVolume20).toBeCloseTo(mean(rows.slice(-20).map((row) => Number(row.volume))), 6);
    expect(aapl.return1m).toBeCloseTo(133.5 / cents(Number(rows[rows.length - 22].close)) - 1, 9);
    expect(aapl.maCondition).toBe(aapl.sma5! > aapl.sma20!);
    expect(aapl.maSpreadPct).toBeCloseTo((aapl.sma5! - aapl.sma20!) / aapl.sma20!, 12);
    expect(aapl.twentiethBarDate).toBe(rows[rows.length - 20].date);
  });

  it("names the market proxy: the equal-weighted S&P 500 members, since the data has no SPY", async () => {
    const market = await createTechnicalsStore(db).current();
    expect(market).toMatchObject({
      asOf: "2021-04-21",
      isSnapshot: true,
      sourceLabel: "Alpha Vantage daily prices (bundled snapshot, 2018-01-02 → 2021-04-21)",
      betaProxy: "Equal-weighted average of 421 S&P 500 members (SPY not in the data)",
    });
    expect(market.byTicker.get("AAPL")!.beta60).toBeGreaterThan(0);
    expect([...market.byTicker.keys()].sort()).toEqual(["AAPL", "META", "MSFT"]);
  });

  it("answers from memory while nothing changed, checking with one query, and reloads after a recompute", async () => {
    const store = createTechnicalsStore(db);
    const first = await store.current();
    const queries = jest.spyOn(db.prisma, "$queryRaw");
    const second = await store.current();
    expect(queries).toHaveBeenCalledTimes(1);
    expect(second.byTicker).toBe(first.byTicker);
    queries.mockRestore();
    await recomputeTechnicals(db, ["MSFT"]);
    expect((await store.current()).byTicker).not.toBe(first.byTicker);
  });

  it("uses SPY's returns for beta once SPY bars are stored", async () => {
    // Stand-in SPY bars (test data only): AAPL's last 70 closes, so AAPL's beta against them is exactly 1.
    const aaplBars = csv("AAPL", "2021-04-21").slice(-70);
    await storePriceBars(
      db,
      aaplBars.map((row) => ({ ticker: "SPY", date: row.date, open: null, high: null, low: null, close: Number(row.close), volume: null, source: "test" })),
    );
    await recomputeTechnicals(db, ["AAPL"]);
    const aapl = (await createTechnicalsStore(db).current()).byTicker.get("AAPL")!;
    expect(aapl.betaProxy).toBe("SPY (SPDR S&P 500 ETF Trust) daily returns");
    expect(aapl.beta60).toBeCloseTo(1, 9);
  });
});

describe("indicators across a split", () => {
  beforeAll(async () => {
    await db.reset();
    await loadSnapshotPrices(db, ["AAPL"], { through: "2020-09-02", withMarket: false });
  }, 60_000);

  it("AAPL's SMA 5 on 2020-09-02 mixes pre-split closes divided by 4 (stored to the cent) with post-split ones", async () => {
    const aapl = (await createTechnicalsStore(db).current()).byTicker.get("AAPL")!;
    expect(aapl.asOf).toBe("2020-09-02");
    expect(aapl.sma5).toBeCloseTo(mean([cents(500.04 / 4), cents(499.23 / 4), 129.04, 134.18, 131.4]), 9);
    // One S&P 500 member is no market: beta stays unknown rather than 1 against itself.
    expect(aapl.beta60).toBeNull();
  });
});

describe("indicators as of a past day, computed from the bars in memory", () => {
  const day = "2021-03-15";
  beforeAll(async () => {
    await db.reset();
    await loadSnapshotPrices(db, ["AAPL", "MSFT"]);
  }, 60_000);

  it("are exactly the stored indicators of a database whose bars end that day, market proxy and betas included", async () => {
    const store = createTechnicalsStore(db);
    const past = await store.asOf(day);
    expect(past.byTicker.get("AAPL")!.asOf).toBe(day);
    expect(past.betaProxy).toMatch(/^Equal-weighted average of \d+ S&P 500 members/);
    // The bars after the day gone and every ticker recomputed: the stored rows are what the day looked like.
    await db.prisma.$executeRaw`DELETE FROM price_data WHERE date > ${day}::date`;
    await recomputeTechnicals(db);
    const stored = await createTechnicalsStore(db).current();
    expect(past.byTicker.size).toBe(stored.byTicker.size);
    for (const [ticker, { beta60, ...row }] of stored.byTicker) {
      const { beta60: pastBeta, ...pastRow } = past.byTicker.get(ticker)!;
      expect(pastRow).toEqual(row);
      // The market's mean return sums the members in another order: equal to the last few bits.
      if (beta60 === null) expect(pastBeta).toBeNull();
      else expect(pastBeta).toBeCloseTo(beta60, 12);
    }
  });
});

describe("past days kept in memory", () => {
  beforeAll(async () => {
    await db.reset();
    await loadSnapshotPrices(db, ["AAPL"], { withMarket: false });
  }, 60_000);

  /** `count` distinct trading days, every fifth from 2018-06-01 on (`skip`: after that many). */
  const tradingDays = async (store: ReturnType<typeof createTechnicalsStore>, count: number, skip = 0) =>
    (await store.bars()).tradingDays.filter((day) => day >= "2018-06-01").filter((_, index) => index % 5 === 0).slice(skip, skip + count);

  it("the last PAST_SNAPSHOTS_KEPT asked: a sequence one longer, asked again, is computed again", async () => {
    const store = createTechnicalsStore(db);
    const days = await tradingDays(store, PAST_SNAPSHOTS_KEPT + 1);
    for (const day of days) await store.asOf(day);
    for (const day of days) await store.asOf(day);
    expect(store.pastDayCounts()).toEqual({ hits: 0, computed: 2 * days.length, kept: PAST_SNAPSHOTS_KEPT });
  });

  it("a held job's days, through the job whatever else is asked, and after it besides the views' own room", async () => {
    const store = createTechnicalsStore(db);
    const job = await tradingDays(store, PAST_SNAPSHOTS_KEPT + 5);
    // More than the room there is: the views' and the job's.
    const others = await tradingDays(store, PAST_SNAPSHOTS_KEPT + job.length + 10, job.length);
    const release = store.hold(job);
    for (const [index, day] of job.entries()) {
      await store.asOf(day);
      // Someone else's views between two of the job's days.
      if (index === 10) for (const other of others) await store.asOf(other);
    }
    expect(job.every((day) => store.isPastDayCached(day))).toBe(true);
    expect(store.pastDayCounts()).toEqual({ hits: 0, computed: job.length + others.length, kept: PAST_SNAPSHOTS_KEPT + job.length });
    release();
    // The same job again: every day from memory.
    for (const day of job) await store.asOf(day);
    expect(store.pastDayCounts()).toMatchObject({ computed: job.length + others.length, hits: job.length });
    expect(store.isPastDayCached(others[0])).toBe(false);
  });
});

describe("the market clock", () => {
  it("is the latest bar's day for snapshot data and today for live data", () => {
    const now = new Date("2026-11-23T15:00:00Z");
    expect(isStale("2021-04-21", now)).toBe(true);
    expect(isStale("2026-11-20", now)).toBe(false);
    expect(marketDate({ asOf: "2021-04-21", isSnapshot: true }, now)).toBe("2021-04-21");
    expect(marketDate({ asOf: "2026-11-20", isSnapshot: false }, now)).toBe("2026-11-23");
  });
});
