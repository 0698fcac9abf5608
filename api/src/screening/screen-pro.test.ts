// The Pro filters over fixed figures: each filter, and the honest counting of rows whose figure is unknown.
import { EMPTY_PRO_FILTERS, type ProFilters } from "@shared/screen-rules";
import type { FactorDay, StockFactors } from "../research/stock-factors";
import { applyProFilters, proCoverageWarnings, proExtras, type ProCandidate } from "./screen-pro";
import type { ScreenWarning } from "./screen-request";

const berkshire = { cik: "0001067983", name: "BERKSHIRE HATHAWAY INC" };

function factors(ticker: string, overrides: Partial<StockFactors> = {}): StockFactors {
  return { ticker, ai: null, nextReport: null, earningsCovered: false, earningsFrom: null, fundPositions: [], ...overrides };
}
const ai = (rank: number, aiScore: number, extra: Partial<NonNullable<StockFactors["ai"]>> = {}) => ({
  rank, rankedOf: 400, aiScore, returns1m: 0.02, returns3m: 0.05, returns12m: 0.2, volatility60: 0.3, ...extra,
});
const report = (daysTo: number, beatProbability: number | null) => ({ date: "2021-05-01", daysTo, beatProbability, baseRate: 0.7, consensusEps: 1 });
const position = (changeKind: StockFactors["fundPositions"][number]["changeKind"]) => ({
  cik: berkshire.cik, fundName: berkshire.name, quarterEnd: "2020-12-31", knownFrom: "2021-02-16", shares: 100, value: 1, percentPortfolio: 0.01,
  changeKind, sharesChange: 10, source: "SEC", filingUrl: "https://www.sec.gov/",
});

const day: FactorDay = {
  day: "2021-04-21",
  byTicker: new Map([
    ["AAA", factors("AAA", { ai: ai(1, 0.8), earningsCovered: true, nextReport: report(8, 0.82), fundPositions: [position("ADDED")] })],
    ["BBB", factors("BBB", { ai: ai(50, 0.55, { returns12m: null }), earningsCovered: true, nextReport: null })],
    ["CCC", factors("CCC", { earningsCovered: true, nextReport: report(30, null), fundPositions: [position(null)] })],
    ["DDD", factors("DDD", { ai: ai(3, 0.7, { volatility60: 0.6 }), fundPositions: [position("SOLD_OUT")] })],
  ]),
  sources: {
    aiPicksDate: "2021-04-21", aiPicksStatus: "READY", aiPicksMessage: null, earnings: "Yahoo Finance earnings (bundled)",
    funds: [{ ...berkshire, quarterEnd: "2020-12-31", knownFrom: "2021-02-16", firstQuarterKnownFrom: "2020-08-14" }],
  },
};

const rows: ProCandidate[] = [
  { ticker: "AAA", sector: "Information Technology", newsCount: 5, sentimentScore: 0.3, analystUpgrades: 2, analystDowngrades: 0 },
  { ticker: "BBB", sector: "Financials", newsCount: 1, sentimentScore: -0.2, analystUpgrades: 0, analystDowngrades: 1 },
  { ticker: "CCC", sector: null, newsCount: 0, sentimentScore: null, analystUpgrades: 0, analystDowngrades: 0 },
  { ticker: "DDD", sector: "Energy", newsCount: 3, sentimentScore: 0.6, analystUpgrades: 1, analystDowngrades: 1 },
  { ticker: "EEE", sector: "Energy", newsCount: 0, sentimentScore: null, analystUpgrades: 0, analystDowngrades: 0 },
].map((row) => ({ ...row, extras: proExtras(day.byTicker.get(row.ticker)) }));

function screen(filters: Partial<ProFilters>) {
  const warnings: ScreenWarning[] = [];
  const kept = applyProFilters({ ...EMPTY_PRO_FILTERS, ...filters }, rows, day, warnings);
  return { tickers: kept.map((row) => row.ticker), warnings, codes: warnings.map((warning) => warning.code) };
}

describe("applyProFilters", () => {
  it("keeps every row without filters and says nothing", () => {
    expect(screen({})).toEqual({ tickers: ["AAA", "BBB", "CCC", "DDD", "EEE"], warnings: [], codes: [] });
  });

  it("filters by AI score and rank, leaving out and counting the rows without an AI score", () => {
    const result = screen({ minAiScore: 0.6, maxAiRank: 2 });
    expect(result.tickers).toEqual(["AAA"]);
    expect(result.warnings).toEqual([
      { code: "AI_SCORE_UNKNOWN", field: "advanced.minAiScore", message: expect.stringMatching(/^2 symbols have no AI score on 2021-04-21 .* left out by minAiScore, maxAiRank\.$/) },
    ]);
  });

  it("filters by returns and volatility, counting the AI-scored rows without the figure", () => {
    const result = screen({ minReturn12m: 0.1 });
    expect(result.tickers).toEqual(["AAA", "DDD"]);
    expect(result.codes).toEqual(["AI_SCORE_UNKNOWN", "RETURN_UNKNOWN"]);
    expect(result.warnings[1].message).toMatch(/^1 AI-scored symbol has no 12-month return/);
    expect(screen({ maxVolatility: 0.5 }).tickers).toEqual(["AAA", "BBB"]);
  });

  it("says so when there are no AI scores for the day at all", () => {
    const warnings: ScreenWarning[] = [];
    const none: FactorDay = { ...day, byTicker: new Map(), sources: { ...day.sources, aiPicksStatus: "NO_MODEL", aiPicksDate: null, aiPicksMessage: "The model's first fit is on 2019-06-03." } };
    const noneRows = rows.map((row) => ({ ...row, extras: proExtras(undefined) }));
    expect(applyProFilters({ ...EMPTY_PRO_FILTERS, minAiScore: 0.5 }, noneRows, none, warnings)).toEqual([]);
    expect(warnings).toEqual([{ code: "AI_PICKS_UNAVAILABLE", field: "advanced.minAiScore", message: expect.stringContaining("first fit is on 2019-06-03") }]);
  });

  it("filters by beat probability and days to report; uncovered companies and missing reports are left out and counted", () => {
    const result = screen({ minBeatProbability: 0.6, maxDaysToReport: 14 });
    expect(result.tickers).toEqual(["AAA"]);
    expect(result.codes).toEqual(["EARNINGS_NOT_COVERED", "EARNINGS_NEXT_REPORT_UNKNOWN"]);
    expect(result.warnings[0].message).toMatch(/^2 symbols are not covered by the earnings predictions/);
    expect(result.warnings[1].message).toMatch(/^1 covered company has no stored report after 2021-04-21/);
    // CCC: a report in 30 days, but no probability.
    const beatOnly = screen({ minBeatProbability: 0.1 });
    expect(beatOnly.tickers).toEqual(["AAA"]);
    expect(beatOnly.codes).toContain("BEAT_PROBABILITY_UNKNOWN");
  });

  it("filters by GICS sectors and counts symbols without one", () => {
    const result = screen({ sectors: ["Energy", "Financials"] });
    expect(result.tickers).toEqual(["BBB", "DDD", "EEE"]);
    expect(result.warnings).toEqual([{ code: "SECTOR_PARTIAL", field: "advanced.sectors", message: expect.stringMatching(/^1 symbol has no GICS sector/) }]);
  });

  it("filters by the sentiment range, article count and analyst actions", () => {
    // (minSentiment, the Basic floor, is applied before these.)
    const ranged = screen({ maxSentiment: 0.5 });
    expect(ranged.tickers).toEqual(["AAA", "BBB"]);
    expect(ranged.warnings).toEqual([{ code: "SENTIMENT_UNKNOWN", field: "advanced.maxSentiment", message: expect.stringMatching(/^2 symbols have no news/) }]);
    expect(screen({ minArticles: 3 }).tickers).toEqual(["AAA", "DDD"]);
    expect(screen({ minUpgrades: 1, maxDowngrades: 0 }).tickers).toEqual(["AAA"]);
    const net = screen({ minNetUpgrades: 0 });
    expect(net.tickers).toEqual(["AAA", "CCC", "DDD", "EEE"]);
    expect(net.codes).toEqual(["ANALYST_ACTIONS_FROM_NEWS"]);
  });

  it("filters by a tracked fund's latest change; a first quarter's change is unknown and counted", () => {
    expect(screen({ fundChange: "any" }).tickers).toEqual(["AAA", "CCC"]);
    expect(screen({ fundChange: "added" }).tickers).toEqual(["AAA"]);
    expect(screen({ fundChange: "sold_out" }).tickers).toEqual(["DDD"]);
    const unchanged = screen({ fundChange: "unchanged", fundCik: "1067983" });
    expect(unchanged.tickers).toEqual([]);
    expect(unchanged.codes).toEqual(["FUND_CHANGE_UNKNOWN"]);
  });

  it("says when no 13F quarter was filed by the day, or the fund is not tracked", () => {
    const early: FactorDay = { ...day, day: "2020-04-22", byTicker: new Map(), sources: { ...day.sources, funds: [{ ...berkshire, quarterEnd: null, knownFrom: null, firstQuarterKnownFrom: "2020-08-14" }] } };
    const warnings: ScreenWarning[] = [];
    const bare = rows.map((row) => ({ ...row, extras: proExtras(undefined) }));
    expect(applyProFilters({ ...EMPTY_PRO_FILTERS, fundChange: "any" }, bare, early, warnings)).toEqual([]);
    expect(warnings).toEqual([
      { code: "FUND_QUARTER_UNAVAILABLE", field: "advanced.fundChange", message: expect.stringContaining("filed by 2020-04-22 (the first stored one is known from 2020-08-14)") },
    ]);
    expect(screen({ fundChange: "any", fundCik: "123" }).codes).toEqual(["FUND_NOT_TRACKED"]);
  });
});

describe("proCoverageWarnings", () => {
  it("counts the rows without AI and earnings figures", () => {
    const warnings: ScreenWarning[] = [];
    proCoverageWarnings(rows, day, warnings);
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^AI score, rank, returns and volatility are known for 3 of 5 rows/),
      expect.stringMatching(/^Beat probability and days to the next report are known for 2 of 5 rows/),
    ]);
  });
});
