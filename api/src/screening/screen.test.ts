/** @db */
import type { Viewer } from "../auth/viewer";
import type { AppDeps } from "../context";
import type { Database } from "../db/database";
import type { PrismaClient, User } from "../generated/prisma/client";
import { universeTickers } from "../market-data/universes";
import { enrichArticle, storeArticles } from "../news/articles";
import { newsClock } from "../news/news-clock";
import { loadNewsSnapshot, snapshotFiles } from "../news/snapshot/news-snapshot";
import { loadSnapshotPrices } from "../../test/market-data";
import { createUser } from "../../test/sign-in";
import { createTestDeps } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { combinedScoreOf, gradeOf, methodology, runScreen, type BasicScreenRow } from "./screen";
import { fitNumeric, flushScreenRuns, latestRun, RUNS_KEPT_PER_USER } from "./screen-runs";

const defaultTickers = ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"];
/** Real bundled prices for these (the five defaults and a few more S&P 500 members). */
const pricedTickers = [...defaultTickers, "KO", "XOM", "PFE", "TSLA", "GOOGL", "META", "BAC"];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let deps: AppDeps;
let user: User;
let viewer: Viewer;

/** A Database whose every Prisma call (raw SQL included) is counted. */
function countingDatabase(base: Database) {
  const counter = { queries: 0 };
  const prisma = base.prisma.$extends({
    query: {
      $allOperations: ({ args, query }) => {
        counter.queries += 1;
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return { db: { ...base, prisma }, counter };
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  deps = createTestDeps(db);
  await loadSnapshotPrices(db, pricedTickers);
  // The snapshot's news around the price data's last day (stocknewsapi, Yahoo rating changes).
  await loadNewsSnapshot(deps, { files: snapshotFiles.filter((file) => ["stocknewsapi", "yahoo-ratings"].includes(file.source)), force: true });
  user = await createUser(db);
  viewer = { user, authMethod: "session" };
}, 120_000);
afterAll(async () => {
  await flushScreenRuns();
  await db.close();
});

describe("runScreen: the default Basic screen on manual tickers", () => {
  it("returns the five rows from real data, each field filled or named in a warning", async () => {
    const outcome = await runScreen(deps, viewer, { universe: "manual", tickers: defaultTickers }, "basic");
    expect(outcome.rows.map((row) => row.ticker).sort()).toEqual([...defaultTickers].sort());
    expect(outcome).toMatchObject({ asOf: "2021-04-21", isSnapshot: true, kind: "basic" });
    expect(outcome.source).toMatch(/Alpha Vantage daily prices \(bundled snapshot/);
    expect(outcome.newsAsOf).toEqual((await newsClock(db)).asOf);
    expect(outcome.stats).toEqual({ universeSize: 5, withPriceData: 5, maPassCount: expect.any(Number), matched: 5 });

    const codes = outcome.warnings.map((warning) => warning.code);
    // Fields the data may lack must be explained by a warning naming them.
    const explainedBy: Partial<Record<keyof BasicScreenRow, string>> = {
      peRatio: "FUNDAMENTALS_PARTIAL",
      marketCap: "FUNDAMENTALS_PARTIAL",
      earningsYield: "FUNDAMENTALS_PARTIAL",
      priceToBook: "FUNDAMENTALS_PARTIAL",
      priceToSales: "FUNDAMENTALS_PARTIAL",
      revenueGrowth: "FUNDAMENTALS_PARTIAL",
      netMargin: "FUNDAMENTALS_PARTIAL",
      returnOnEquity: "FUNDAMENTALS_PARTIAL",
      debtToEquity: "FUNDAMENTALS_PARTIAL",
      daysToEarnings: "EARNINGS_DATES_PARTIAL",
      sentimentScore: "NEWS",
    };
    for (const row of outcome.rows) {
      for (const [field, value] of Object.entries(row)) {
        if (value !== null) continue;
        const code = explainedBy[field as keyof BasicScreenRow];
        if (code === "NEWS") expect(row.newsCount).toBe(0);
        else expect({ field, codes }).toEqual({ field, codes: expect.arrayContaining([code]) });
      }
      expect(row.name).toBeTruthy();
      expect(row.sector).toBeTruthy();
    }
    // No options data and no batches: the default request asks for neither, so no caveat is needed.
    expect(codes).not.toContain("OPTIONS_DATA_UNAVAILABLE");
    expect(codes).not.toContain("BATCH_SIZE_IGNORED");
    // No SPY in the bundled prices: the proxy is named.
    expect(outcome.betaProxy).toMatch(/Equal-weighted average of \d+ S&P 500 members/);
    expect(codes).toContain("BETA_PROXY");
  });

  it("takes every number from the indicators, sorted by technical score", async () => {
    const market = await deps.technicals.current();
    const outcome = await runScreen(deps, viewer, { universe: "manual", tickers: defaultTickers }, "basic");
    for (const row of outcome.rows) {
      const technicals = market.byTicker.get(row.ticker)!;
      expect(row).toMatchObject({
        price: technicals.close,
        volume: technicals.volume,
        technicalScore: technicals.technicalScore,
        momentum: technicals.momentum,
        maCondition: technicals.maCondition,
        asOf: technicals.asOf,
      });
      // Rounded past what anyone reads.
      expect(row.sma5).toBeCloseTo(technicals.sma5!, 4);
      expect(row.sma20).toBeCloseTo(technicals.sma20!, 4);
      expect(row.sma50).toBeCloseTo(technicals.sma50!, 4);
      expect(row.rsi).toBeCloseTo(technicals.rsi14!, 2);
      expect(row.avgVolume20).toBeCloseTo(technicals.avgVolume20!, 0);
      expect(row.beta).toBeCloseTo(technicals.beta60!, 3);
      expect(row.maSpreadPct).toBeCloseTo(technicals.maSpreadPct!, 5);
      // The default lookback: 120 days up to the data's last day.
      const windowStart = new Date(Date.parse(`${outcome.asOf}T00:00:00Z`) - 120 * 86_400_000).toISOString().slice(0, 10);
      expect(row.crossover).toBe(technicals.lastCrossUpDate !== null && technicals.lastCrossUpDate >= windowStart);
    }
    const scores = outcome.rows.map((row) => row.technicalScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(outcome.stats.maPassCount).toBe(defaultTickers.filter((ticker) => market.byTicker.get(ticker)!.maCondition).length);
  });

  it("counts news and analyst actions from the snapshot in the news window", async () => {
    const outcome = await runScreen(deps, viewer, { universe: "manual", tickers: ["AAPL"], newsWindowDays: 14 }, "basic");
    const [apple] = outcome.rows;
    const { asOf } = await newsClock(db);
    const from = new Date(asOf.getTime() - 14 * 86_400_000);
    const articles = await db.prisma.newsArticle.findMany({
      where: { tickers: { has: "AAPL" }, isSocial: false, publishedAt: { gt: from, lte: asOf } },
    });
    // Default sources: wsj, yahoo, reuters: Yahoo's rating records and stocknewsapi rows published by Reuters or Yahoo Finance.
    const chosen = articles.filter((article) => article.source === "yahoo-ratings" || /^(reuters|yahoo)/i.test(article.publisher ?? ""));
    expect(chosen.length).toBeGreaterThan(0);
    expect(apple.newsCount).toBe(chosen.length);
    const mean = chosen.reduce((sum, article) => sum + Number(article.score), 0) / chosen.length;
    expect(apple.sentimentScore).toBeCloseTo(mean, 3);
    const actions = (kind: string) => chosen.filter((article) => (article.analystAction as { action?: string } | null)?.action === kind).length;
    expect([apple.analystUpgrades, apple.analystDowngrades]).toEqual([actions("upgrade"), actions("downgrade")]);
  });
});

describe("runScreen: universes and stats", () => {
  it("screens all_market with stats that add up, naming the symbols without prices", async () => {
    const outcome = await runScreen(deps, null, { universe: "all_market", maxSymbols: 0, minVolume: 0, minPrice: 0 }, "basic");
    const { universeSize, withPriceData, maPassCount, matched } = outcome.stats;
    expect(universeSize).toBe(universeTickers("all_market", { includeEtf: false }).length);
    expect(universeSize).toBeGreaterThan(4000);
    expect(withPriceData).toBe(pricedTickers.length);
    expect(maPassCount).toBeLessThanOrEqual(withPriceData);
    expect(matched).toBe(outcome.rows.length);
    expect(matched).toBeLessThanOrEqual(withPriceData);
    expect(outcome.warnings).toContainEqual(expect.objectContaining({ code: "NO_PRICE_DATA", field: "universe" }));
  });

  it("keeps the most liquid symbols when maxSymbols cuts the universe, and says so", async () => {
    const outcome = await runScreen(deps, null, { universe: "all_market", maxSymbols: 3, minVolume: 0 }, "basic");
    expect(outcome.stats.universeSize).toBe(3);
    const market = await deps.technicals.current();
    const liquidity = (ticker: string) => market.byTicker.get(ticker)!.avgVolume20! * market.byTicker.get(ticker)!.close;
    const mostLiquid = [...pricedTickers].sort((a, b) => liquidity(b) - liquidity(a)).slice(0, 3);
    expect(outcome.rows.map((row) => row.ticker).sort()).toEqual(mostLiquid.sort());
    expect(outcome.warnings).toContainEqual(expect.objectContaining({ code: "UNIVERSE_TRUNCATED", field: "maxSymbols" }));
  });

  it("warns about unknown and dropped tickers and reports ones without prices", async () => {
    const outcome = await runScreen(deps, null, { universe: "upload", tickers: ["aapl", "AAPL", "ZZZZZ", "12345", "MMM"] }, "basic");
    expect(outcome.request.tickers).toEqual(["AAPL", "ZZZZZ", "MMM"]);
    expect(outcome.rows.map((row) => row.ticker)).toEqual(["AAPL"]);
    expect(outcome.stats).toMatchObject({ universeSize: 3, withPriceData: 1 });
    const byCode = Object.fromEntries(outcome.warnings.map((warning) => [warning.code, warning]));
    expect(byCode.INVALID_TICKERS_DROPPED.message).toContain("12345");
    expect(byCode.UNKNOWN_TICKERS.message).toContain("ZZZZZ");
    expect(byCode.NO_PRICE_DATA.message).toMatch(/2 of 3 symbols .*ZZZZZ, MMM/);
  });
});

describe("runScreen: filters", () => {
  const screen = (extra: Record<string, unknown>) =>
    runScreen(deps, null, { universe: "manual", tickers: pricedTickers, minVolume: 0, ...extra }, "basic");

  it("applies price, volume, RSI and moving-average filters to the indicators", async () => {
    const market = await deps.technicals.current();
    const all = await screen({});
    expect(all.rows).toHaveLength(pricedTickers.length);
    const oversold = await screen({ maxRsi: 50, requireMaCondition: true, minPrice: 20 });
    const expected = pricedTickers.filter((ticker) => {
      const row = market.byTicker.get(ticker)!;
      return row.rsi14 !== null && row.rsi14 <= 50 && row.maCondition && row.close >= 20;
    });
    expect(oversold.rows.map((row) => row.ticker).sort()).toEqual(expected.sort());
    const crossed = await screen({ requireCrossover: true, lookbackDays: 45 });
    for (const row of crossed.rows) expect(row.crossover).toBe(true);
  });

  it("matches the sector keyword on GICS sector and sub-industry, case-insensitively", async () => {
    const banks = await screen({ sectorKeyword: " banks " });
    expect(banks.rows.map((row) => row.ticker).sort()).toEqual(["BAC", "JPM"]);
    const tech = await screen({ sectorKeyword: "information TECHNOLOGY" });
    expect(tech.rows.map((row) => row.ticker).sort()).toEqual(["AAPL", "MSFT", "NVDA"]);
  });

  it("leaves out symbols without a sector when a sector keyword is given, and counts them", async () => {
    // A stock outside the S&P 500 (no GICS sector in the bundled lists), with KO's indicators.
    const { ticker: _ticker, computedAt: _computedAt, ...indicators } = await db.prisma.technicalIndicator.findUniqueOrThrow({ where: { ticker: "KO" } });
    await db.prisma.technicalIndicator.create({ data: { ...indicators, ticker: "ROKU" } });
    try {
      const outcome = await runScreen(deps, null, { universe: "manual", tickers: ["KO", "ROKU"], sectorKeyword: "staples" }, "basic");
      expect(outcome.rows.map((row) => row.ticker)).toEqual(["KO"]);
      expect(outcome.warnings).toContainEqual(
        expect.objectContaining({ code: "SECTOR_PARTIAL", field: "sectorKeyword", message: expect.stringMatching(/^1 symbol has no sector/) }),
      );
    } finally {
      await db.prisma.technicalIndicator.delete({ where: { ticker: "ROKU" } });
    }
  });

  it("leaves out stocks reporting within maxEarnDays, keeping those with unknown dates and saying how many", async () => {
    const all = await screen({});
    const known = all.rows.filter((row) => row.daysToEarnings !== null);
    expect(known.length).toBeGreaterThan(0);
    const soonest = Math.min(...known.map((row) => row.daysToEarnings!));
    const outcome = await screen({ maxEarnDays: soonest });
    expect(outcome.rows.map((row) => row.ticker).sort()).toEqual(
      all.rows.filter((row) => row.daysToEarnings === null || row.daysToEarnings > soonest).map((row) => row.ticker).sort(),
    );
    const unknown = all.rows.length - known.length;
    expect(outcome.warnings).toContainEqual(
      expect.objectContaining({ code: "EARNINGS_DATES_PARTIAL", field: "maxEarnDays", message: expect.stringMatching(new RegExp(`^${unknown} symbols have no next earnings date in the bundled Yahoo Finance earnings calendar`)) }),
    );
  });

  it("reports filters the data cannot answer instead of faking them", async () => {
    const outcome = await screen({ requireOptions: false, minOptionsOi: 500 });
    expect(outcome.rows).toHaveLength(pricedTickers.length);
    expect(outcome.warnings).toContainEqual(
      expect.objectContaining({ code: "OPTIONS_DATA_UNAVAILABLE", field: "minOptionsOi", message: expect.stringContaining("minOptionsOi") }),
    );
  });

  it("still accepts older clients' requireOptions and batchSize, applies neither, and says so", async () => {
    const plain = await screen({});
    const older = await screen({ requireOptions: true, batchSize: 150 });
    expect(older.rows.map((row) => row.ticker)).toEqual(plain.rows.map((row) => row.ticker));
    expect(older.warnings).toEqual(
      expect.arrayContaining([
        { code: "OPTIONS_DATA_UNAVAILABLE", field: "requireOptions", message: "The app has no options data, so requireOptions and minOptionsOi were not applied (no row was filtered by them)." },
        { code: "BATCH_SIZE_IGNORED", field: "batchSize", message: "batchSize was not applied: indicators are precomputed for every symbol, so it changes nothing." },
      ]),
    );
  });

  it("keeps rows without beta unless the beta range is narrowed, then leaves them out with a warning", async () => {
    // A new computed_at tells the indicator cache to reload.
    const { beta60 } = await db.prisma.technicalIndicator.update({ where: { ticker: "KO" }, data: { computedAt: new Date() } });
    await db.prisma.technicalIndicator.update({ where: { ticker: "KO" }, data: { beta60: null, computedAt: new Date(Date.now() + 1) } });
    try {
      expect((await screen({})).rows.map((row) => row.ticker)).toContain("KO");
      const narrowed = await screen({ minBeta: -5, maxBeta: 5 });
      expect(narrowed.rows.map((row) => row.ticker)).not.toContain("KO");
      expect(narrowed.warnings).toContainEqual(expect.objectContaining({ code: "BETA_UNKNOWN", field: "minBeta" }));
    } finally {
      await db.prisma.technicalIndicator.update({ where: { ticker: "KO" }, data: { beta60, computedAt: new Date(Date.now() + 2) } });
    }
  });
});

describe("runScreen: news sources", () => {
  it("counts only the chosen sources, an aggregator's article by its publisher", async () => {
    const only = (sources: Record<string, boolean>) =>
      runScreen(deps, null, { universe: "manual", tickers: ["XOM"], newsSources: { wsj: false, yahoo: false, reuters: false, ...sources } }, "combined");
    // The snapshot has no WSJ article in the window: said plainly.
    expect((await only({ wsj: true })).warnings).toContainEqual(expect.objectContaining({ code: "NEWS_SOURCES_EMPTY", field: "newsSources" }));
    expect((await only({})).warnings).toContainEqual(
      expect.objectContaining({ code: "NEWS_SOURCES_EMPTY", message: "No news source is selected, so every row has no news." }),
    );

    const { asOf } = await newsClock(db);
    const at = (hoursBefore: number) => new Date(asOf.getTime() - hoursBefore * 3_600_000);
    await storeArticles(db, [
      enrichArticle({ source: "wsj", guid: "wsj-xom-1", title: "Exxon Mobil profit surges to a record, beating estimates", publishedAt: at(5), feedTicker: "XOM" }),
      enrichArticle({ source: "ft", guid: "ft-xom-1", title: "Exxon Mobil shares plunge after lawsuit and weak outlook", publishedAt: at(3), feedTicker: "XOM" }),
      enrichArticle({ source: "stocknewsapi", publisher: "Financial Times", guid: "sna-xom-1", title: "Exxon Mobil faces losses and fears of a slump", publishedAt: at(1), feedTicker: "XOM" }),
    ]);
    const stored = await db.prisma.newsArticle.findMany({ where: { guid: { in: ["wsj-xom-1", "ft-xom-1", "sna-xom-1"] } } });
    const score = (guid: string) => Number(stored.find((article) => article.guid === guid)!.score);
    expect(score("wsj-xom-1")).toBeGreaterThan(0);
    expect(score("ft-xom-1")).toBeLessThan(0);

    const wsj = (await only({ wsj: true })).rows[0];
    expect(wsj).toMatchObject({ newsCount: 1, sentimentScore: score("wsj-xom-1"), latestHeadline: "Exxon Mobil profit surges to a record, beating estimates", recencyHours: 5 });
    const ft = (await only({ ft: true })).rows[0];
    expect(ft).toMatchObject({ newsCount: 2, latestHeadline: "Exxon Mobil faces losses and fears of a slump", recencyHours: 1 });
    expect(ft.sentimentScore).toBeCloseTo((score("ft-xom-1") + score("sna-xom-1")) / 2, 2);
    expect((await only({ wsj: true, ft: true })).rows[0].newsCount).toBe(3);
    expect((await only({ reuters: true })).rows[0]).toMatchObject({ newsCount: 0, sentimentScore: null, latestHeadline: null, recencyHours: null });
  });
});

describe("runScreen: Combined", () => {
  it("grades rows by 60% technical + 40% sentiment, best first, a stock without news counting as neutral", async () => {
    const outcome = await runScreen(deps, viewer, { universe: "manual", tickers: pricedTickers, minVolume: 0 }, "combined");
    expect(outcome.rows).toHaveLength(pricedTickers.length);
    for (const row of outcome.rows) {
      expect(row.combinedScore).toBeCloseTo(0.6 * row.technicalScore + 0.4 * (row.sentimentScore === null ? 50 : (row.sentimentScore + 1) * 50), 2);
      expect(row.grade).toBe(gradeOf(row.combinedScore));
    }
    const scores = outcome.rows.map((row) => row.combinedScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect([gradeOf(75), gradeOf(74.99), gradeOf(60), gradeOf(45), gradeOf(44.99)]).toEqual(["A", "B", "B", "C", "D"]);
    expect(combinedScoreOf(80, null)).toBe(68);
    expect(methodology.gradeThresholds).toBe("A: combined score ≥ 75; B: combined score ≥ 60; C: combined score ≥ 45; D: below 45.");
  });
});

describe("stored runs", () => {
  it("stores each run with its rows in screening_results and loads the latest per kind", async () => {
    const outcome = await runScreen(deps, viewer, { universe: "manual", tickers: defaultTickers }, "basic");
    await flushScreenRuns();
    const run = await db.prisma.screeningRun.findUniqueOrThrow({ where: { id: outcome.runId }, include: { results: { orderBy: { position: "asc" } } } });
    expect(run).toMatchObject({ userId: user.id, kind: "basic", rowCount: 5, source: outcome.source });
    expect(run.results.map((result) => result.ticker)).toEqual(outcome.rows.map((row) => row.ticker));
    const [first] = run.results;
    const row = outcome.rows[0];
    expect(Number(first.lastClose)).toBeCloseTo(row.price, 2);
    expect(Number(first.sma5)).toBeCloseTo(row.sma5!, 2);
    expect(Number(first.sma20)).toBeCloseTo(row.sma20!, 2);
    expect(first.maCondition).toBe(row.maCondition);
    expect(Number(first.maSpreadPct)).toBeCloseTo(row.maSpreadPct!, 3);
    expect(Number(first.beta60)).toBeCloseTo(row.beta!, 3);
    expect(first.optionsOi).toBeNull();
    expect(first.newsCount).toBe(row.newsCount);
    expect(Number(first.finalScore)).toBeCloseTo(row.technicalScore / 100, 3);
    expect(first.row).toEqual(row);

    const latest = await latestRun(deps, viewer, "basic");
    expect(latest).toEqual(JSON.parse(JSON.stringify(outcome), (key, value) => (key === "createdAt" || key === "newsAsOf" ? new Date(value) : value)));
    expect(await latestRun(deps, null, "basic")).toBeNull();
  });

  it("fits numbers to the spec columns' precision, leaving out what cannot fit rather than clamping it", () => {
    expect(fitNumeric(0.047247, 5, 4)).toBe(0.0472);
    expect(fitNumeric(12.5, 5, 4)).toBeNull(); // numeric(5,4) holds less than 10
    expect(fitNumeric(250.5, 5, 3)).toBeNull(); // a beta numeric(5,3) cannot hold
    expect(fitNumeric(Number.NaN, 10, 2)).toBeNull();
    expect(fitNumeric(null, 3, 2)).toBeNull();
  });

  it(`keeps each user's last ${RUNS_KEPT_PER_USER} runs of a kind and purges anonymous runs after a day`, async () => {
    const other = await createUser(db);
    const otherViewer: Viewer = { user: other, authMethod: "session" };
    const old = await db.prisma.screeningRun.create({
      data: { kind: "basic", request: {}, stats: {}, source: "test", asOf: new Date("2021-04-21"), warnings: [], rowCount: 0, createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    const combined = await runScreen(deps, otherViewer, { universe: "manual", tickers: ["AAPL"] }, "combined");
    for (let run = 0; run < RUNS_KEPT_PER_USER + 2; run += 1) await runScreen(deps, otherViewer, { universe: "manual", tickers: ["AAPL"] }, "basic");
    await flushScreenRuns();
    expect(await db.prisma.screeningRun.count({ where: { userId: other.id, kind: "basic" } })).toBe(RUNS_KEPT_PER_USER);
    expect(await db.prisma.screeningRun.findUnique({ where: { id: combined.runId } })).not.toBeNull();
    expect(await db.prisma.screeningRun.findUnique({ where: { id: old.id } })).toBeNull();
    expect((await latestRun(deps, otherViewer, "combined"))?.runId).toBe(combined.runId);
  });
});

describe("SQL per screen", () => {
  it("is the same small number for 5 tickers and for the whole market", async () => {
    const counting = countingDatabase(db);
    const countingDeps = createTestDeps(counting.db);
    const queriesFor = async (input: Record<string, unknown>) => {
      await flushScreenRuns();
      const before = counting.counter.queries;
      await runScreen(countingDeps, viewer, input, "basic");
      await flushScreenRuns();
      return counting.counter.queries - before;
    };
    await queriesFor({ universe: "sp500" }); // fills the indicator cache
    const few = await queriesFor({ universe: "manual", tickers: defaultTickers });
    const all = await queriesFor({ universe: "all_market", maxSymbols: 0 });
    // The indicators' version check, the news clock, the news aggregate, the insert.
    expect({ few, all }).toEqual({ few: 4, all: 4 });
  });
});
