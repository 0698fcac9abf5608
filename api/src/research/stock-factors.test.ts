/** @db */
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";
import { forgetStoredPicks } from "../ai-picks/ai-picks";
import { computeAiPicks } from "../ai-picks/ai-picks-pass";
import { loadEarningsSnapshot } from "../earnings/earnings-snapshot";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { loadSnapshotPrices } from "../../test/market-data";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { knownFromOf } from "../hedge-funds/hedge-funds";
import { factorsOn, nextReportAfter } from "./stock-factors";

describe("the pure rules", () => {
  const reports = [
    { date: "2021-01-27", beatProbability: 0.8, baseRate: 0.7, consensusEps: 1.4 },
    { date: "2021-04-28", beatProbability: 0.87, baseRate: 0.72, consensusEps: 0.99 },
  ];

  it("nextReportAfter: the first report strictly after the day (one on the day is already out), with the days to it", () => {
    expect(nextReportAfter(reports, "2021-01-26")).toEqual({ ...reports[0], daysTo: 1 });
    expect(nextReportAfter(reports, "2021-01-27")).toEqual({ ...reports[1], daysTo: 91 });
    expect(nextReportAfter(reports, "2021-04-28")).toBeNull();
    expect(nextReportAfter(undefined, "2021-01-01")).toBeNull();
    // More than a quarter before the first stored report, the report after the day is unknown (not the first stored one).
    expect(nextReportAfter(reports, "2020-06-01")).toBeNull();
    expect(nextReportAfter(reports, "2020-11-01")).toEqual({ ...reports[0], daysTo: 87 });
  });
});

// 30 real S&P 500 series from the bundled snapshot: enough for the AI model's first fit in mid-2019.
const tickers = ["AAPL", "MSFT", "AMZN", "NVDA", "JPM", "KO", "XOM", "PFE", "INTC", "CSCO", "T", "VZ", "WMT", "HD", "DIS", "BA", "MCD", "NKE", "IBM", "ORCL", "CVX", "MRK", "PG", "JNJ", "UNH", "GS", "CAT", "MMM", "HON", "AMGN"];

describe("factorsOn over the bundled snapshots", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let deps: AppDeps;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.reset();
    deps = createTestDeps(db);
    await loadSnapshotPrices(db, tickers, { withMarket: false });
    await loadEarningsSnapshot(deps, { force: true });
    await loadHedgeFundSnapshot(deps, { force: true });
    forgetStoredPicks();
  }, 240_000);
  afterAll(() => db.close());

  it("refuses an as-of outside the stored prices by name", async () => {
    const error = await factorsOn(deps, "2030-01-01").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fieldErrors).toEqual([{ field: "asOf", message: expect.stringMatching(/^asOf must be a date from 2018-01-02 to 2021-04-21/) }]);
  });

  it("before the AI picks pass: no AI figures, yet earnings and 13F positions as of the day asked", async () => {
    const factors = await factorsOn(deps, "2021-04-21");
    expect(factors.day).toBe("2021-04-21");
    expect(factors.sources).toMatchObject({ aiPicksDate: null, aiPicksStatus: "COMPUTING" });
    const aapl = factors.byTicker.get("AAPL")!;
    expect(aapl.ai).toBeNull();
    expect(aapl.earningsCovered).toBe(true);
    expect(aapl.nextReport).toMatchObject({ date: "2021-04-28", daysTo: 7 });
    expect(aapl.nextReport!.beatProbability).toBeGreaterThan(0);
    expect(aapl.nextReport!.beatProbability).toBeLessThan(1);
  });

  it("takes each fund's latest quarter known by the day: a quarter counts from its filing date, not before", async () => {
    // A filing inside the price range, with its quarter before it.
    const filings = await db.prisma.hedgeFundFiling.findMany({ orderBy: [{ cik: "asc" }, { quarterEnd: "asc" }] });
    const quarters = filings.map((filing) => ({ cik: filing.cik, quarterEnd: String(filing.quarterEnd), knownFrom: knownFromOf({ filedAt: filing.filedAt ? filing.filedAt.toISOString().slice(0, 10) : null, quarterEnd: String(filing.quarterEnd) }) }));
    const target = quarters.find((quarter, index) => index > 0 && quarters[index - 1].cik === quarter.cik && quarter.knownFrom > "2019-01-01" && quarter.knownFrom <= "2021-04-21");
    expect(target).toBeDefined();
    const dayBefore = new Date(Date.parse(`${target!.knownFrom}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await factorsOn(deps, dayBefore);
    const on = await factorsOn(deps, target!.knownFrom);
    const fundOn = (day: typeof on) => day.sources.funds.find((fund) => fund.cik === target!.cik)!;
    expect(fundOn(on)).toMatchObject({ quarterEnd: target!.quarterEnd, knownFrom: target!.knownFrom });
    expect(fundOn(before).quarterEnd! < target!.quarterEnd).toBe(true);
    // Every position carries its quarter and when it became known, never after the day.
    for (const factors of on.byTicker.values()) {
      for (const position of factors.fundPositions) {
        expect(position.knownFrom <= target!.knownFrom).toBe(true);
        expect(position.source).toEqual(expect.any(String));
        expect(position.filingUrl).toMatch(/^https?:\/\//);
      }
    }
  });

  it("after the pass: each scored ticker's rank, AI score, returns and 60-day volatility on the scored day", async () => {
    await computeAiPicks(deps);
    forgetStoredPicks();
    const factors = await factorsOn(deps, "2021-04-21");
    expect(factors.sources.aiPicksStatus).toBe("READY");
    expect(factors.day).toBe(factors.sources.aiPicksDate);
    const scored = [...factors.byTicker.values()].filter((entry) => entry.ai !== null);
    expect(scored.length).toBeGreaterThan(20);
    const ranks = scored.map((entry) => entry.ai!.rank).sort((a, b) => a - b);
    expect(ranks[0]).toBe(1);
    for (const entry of scored) {
      expect(entry.ai!.rankedOf).toBe(scored.length);
      expect(entry.ai!.aiScore).toBeGreaterThanOrEqual(0);
      expect(entry.ai!.aiScore).toBeLessThanOrEqual(1);
      expect(entry.ai!.volatility60).toBeGreaterThan(0);
    }
    // A year of prices before the day: the 12-month return is there.
    expect(factors.byTicker.get("AAPL")!.ai!.returns12m).not.toBeNull();
  }, 180_000);
});
