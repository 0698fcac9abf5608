// Mock answers for the AI picks and their track record, shaped like the API's (returns are fractions).

const FACTORS = [
  { factor: "momentum12_1", label: "12-1 momentum", input: 0.452, contribution: 0.11 },
  { factor: "rsi14", label: "RSI 14", input: 61.2, contribution: -0.03 },
  { factor: "volatility60", label: "60-day volatility", input: 0.321, contribution: 0.03 },
  { factor: "newsSentiment", label: "News sentiment", input: null, contribution: 0 },
];

/** A pick at `rank`: ticker TK<rank>, scores falling with rank, returns that do not (so sorting changes the order). */
export function pick(rank: number, date = "2020-04-22") {
  return {
    rank,
    ticker: `TK${rank}`,
    name: `Company ${rank} Inc.`,
    date,
    aiScore: 0.7 - rank * 0.01,
    score: 0.2 - rank * 0.01,
    price: 100 + rank,
    returns1m: rank % 2 === 0 ? 0.01 * rank : -0.01 * rank,
    returns3m: 0.02 * rank,
    returns12m: 0.1 - 0.01 * rank,
    rsi: 40 + rank,
    marketCap: null,
    baselineRank: rank + 3,
    forwardReturn: null,
    newsArticles: rank === 2 ? 0 : 3,
    newsNote:
      rank === 2
        ? `No articles named TK2 in the 7 days to ${date}: the news input is neutral (0).`
        : `3 articles named TK${rank} in the 7 days to ${date}.`,
    why: `12-1 momentum +0.11, RSI 14 −0.03, 60-day volatility +0.0${rank}`,
    factors: FACTORS,
  };
}

export const SOURCES = {
  prices: ["Alpha Vantage daily prices (bundled snapshot, 2018-01-02 → 2021-04-21)"],
  marketProxy: "SPY",
  news: [{ source: "finnhub", articles: 12345, first: "2019-01-02", last: "2021-04-21", isSnapshot: true }],
};

/** The aiPicks connection: `ranks` of `totalCount` scored, on a rebalance day. */
export function picksConnection(ranks: number[], totalCount: number, hasNextPage = false) {
  return {
    status: "READY",
    message: null,
    date: "2020-04-22",
    requestedAsOf: "2020-04-22",
    kind: "on_request",
    computedAt: "2021-05-01T10:00:00.000Z",
    totalCount,
    freeLimit: 5,
    edgeShown: false,
    model: { label: "Equal-weight factor composite", fittedOn: "2020-04-01", trainingSamples: 123456, trainingThrough: "2020-03-02", trainingFrom: "2018-12-31", weights: [] },
    sources: SOURCES,
    edges: ranks.map((rank) => ({ cursor: String(rank - 1), node: pick(rank) })),
    pageInfo: { hasNextPage, hasPreviousPage: false, startCursor: String(ranks[0] - 1), endCursor: String(ranks[ranks.length - 1] - 1) },
  };
}

/** A 95 % interval as the API gives it. */
export const interval = (estimate: number, low: number, high: number) => ({ estimate, low, high, significant: low > 0 || high < 0, resamples: 2000, blockLength: 4 });

const strategy = (key: string, label: string, cumulative: number, excess: number, hitRate: number | null, turnover: number | null, ic: [number, number, number] | null) => ({
  strategy: key,
  label,
  cumulativeReturn: cumulative,
  annualisedReturn: cumulative / 2,
  annualisedExcessReturn: excess,
  meanMonthlyReturn: cumulative / 25,
  maxDrawdown: 0.182,
  averageTurnover: turnover,
  hitRate,
  hitRateInterval: hitRate === null ? null : interval(hitRate, hitRate - 0.05, hitRate + 0.05),
  meanIc: ic?.[0] ?? null,
  icInterval: ic ? interval(...ic) : null,
  icNeweyWestT: ic ? ic[0] * 40 : null,
  monthlyExcess: key === "universe" ? null : excess / 12,
  monthlyExcessInterval: key === "universe" ? null : interval(excess / 12, excess / 12 - 0.01, excess / 12 + 0.01),
  excessNeweyWestT: key === "universe" ? null : 0.4,
});

const outcome = (periodEnd: string, model: number, momentum: number, universe: number, ic: number, hits: number) => ({
  periodEnd,
  modelTop5Return: model,
  momentumTop5Return: momentum,
  universeReturn: universe,
  modelDecileReturn: 0,
  momentumDecileReturn: 0,
  modelTop5Turnover: 1,
  momentumTop5Turnover: 1,
  ic,
  baselineIc: 0.01,
  universeMedian: 0.002,
  top5Hits: hits,
  top5Count: 5,
});

const rebalancePicks = (tickers: string[], returns: (number | null)[]) =>
  tickers.map((ticker, index) => ({ ...pick(index + 1), ticker, forwardReturn: returns[index] }));

export const TRACK_RECORD = {
  status: "READY",
  message: null,
  months: 2,
  firstRebalance: "2019-03-01",
  lastPeriodEnd: "2019-05-01",
  meanIc: 0.0312,
  icTStat: 1.523,
  baselineMeanIc: 0.0121,
  baselineIcTStat: 0.41,
  beatsBaseline: false,
  verdict:
    "Over 2 monthly rebalances the model's mean IC was 0.031 (95 % interval −0.012 to 0.074: not significant), not above the best baseline, 1-month reversal (0.041). The model has shown no edge over the simplest rules: its picks are a ranking by the chosen candidate, not a demonstrated forecast.",
  method: "On each month's first trading day every ticker with a year of prices is scored from 11 inputs.",
  survivorship: "Survivorship bias: the universe is the bundled price file's tickers, the S&P 500 members of April 2021.",
  costBps: 10,
  horizonDays: 21,
  passMs: 1234,
  computedAt: "2021-05-01T10:00:00.000Z",
  strategies: [
    strategy("model_top5", "AI picks, top 5", 0.123, 0.06, 0.51, 0.8, [0.0312, -0.012, 0.074]),
    strategy("momentum_top5", "12-1 momentum, top 5", 0.142, 0.071, 0.49, 0.6, [0.0121, -0.03, 0.05]),
    strategy("reversal_top5", "1-month reversal, top 5", 0.15, 0.08, 0.52, 1.9, [0.0412, 0.004, 0.08]),
    strategy("model_decile", "AI picks, top decile", 0.1, 0.03, null, 0.5, null),
    strategy("universe", "Equal-weight members", 0.05, 0, null, null, null),
  ],
  curve: [
    { date: "2019-03-01", modelTop5: 1, modelDecile: 1, momentumTop5: 1, momentumDecile: 1, compositeTop5: 1, universe: 1 },
    { date: "2019-04-01", modelTop5: 1.05, modelDecile: 1.02, momentumTop5: 1.06, momentumDecile: 1.03, compositeTop5: 1.04, universe: 1.01 },
    { date: "2019-05-01", modelTop5: 1.123, modelDecile: 1.1, momentumTop5: 1.142, momentumDecile: 1.09, compositeTop5: 1.08, universe: 1.05 },
  ],
  bestBaseline: strategy("reversal_top5", "1-month reversal, top 5", 0.15, 0.08, 0.52, 1.9, [0.0412, 0.004, 0.08]),
  choices: [
    { candidate: "composite", label: "Equal-weight factor composite", months: 1 },
    { candidate: "gbt-d3", label: "Boosted trees (60 of depth 3)", months: 1 },
  ],
  inputCoverage: [
    { factor: "momentum12_1", label: "12-1 momentum", share: 1 },
    { factor: "earningsSurprise", label: "Earnings surprise", share: 0.121 },
  ],
  calibration: {
    picks: 960,
    brierScore: 0.2501,
    constantBrier: 0.25,
    brierDifference: interval(0.0001, -0.0002, 0.0004),
    top5MeanAiScore: 0.51,
    top5HitRate: 0.5,
    reliability: [
      { from: 0.4, to: 0.5, count: 480, meanPredicted: 0.495, observedRate: 0.49 },
      { from: 0.5, to: 0.6, count: 480, meanPredicted: 0.505, observedRate: 0.51 },
    ],
  },
  sensitivity: [
    { picks: "5", costBps: 10, annualisedReturn: 0.0615, annualisedExcessReturn: 0.0365, monthlyExcess: interval(0.005, -0.005, 0.015) },
    { picks: "decile", costBps: 25, annualisedReturn: 0.04, annualisedExcessReturn: 0.015, monthlyExcess: interval(0.001, -0.004, 0.006) },
  ],
  rebalances: [
    {
      date: "2019-03-01",
      periodEnd: "2019-04-01",
      fittedOn: "2019-03-01",
      trainingSamples: 100000,
      universeSize: 480,
      outcome: outcome("2019-04-01", 0.05, 0.06, 0.01, 0.042, 3),
      picks: rebalancePicks(["AAPL", "MSFT", "NVDA", "AMD", "TSLA"], [0.1, -0.02, 0.05, 0.03, 0.07]),
    },
    {
      date: "2019-04-01",
      periodEnd: "2019-05-01",
      fittedOn: "2019-04-01",
      trainingSamples: 110000,
      universeSize: 481,
      outcome: outcome("2019-05-01", 0.0695, 0.0774, 0.0396, -0.011, 2),
      picks: rebalancePicks(["JPM", "XOM", "CVX", "BAC", "WFC"], [0.02, 0.01, 0.2, -0.05, 0.1]),
    },
    {
      date: "2019-05-01",
      periodEnd: null,
      fittedOn: "2019-05-01",
      trainingSamples: 120000,
      universeSize: 482,
      outcome: null,
      picks: rebalancePicks(["KO", "PEP", "PG", "WMT", "COST"], [null, null, null, null, null]),
    },
  ],
  sources: SOURCES,
};

export const COVERAGE = {
  defaultAsOf: "2020-04-22",
  latestPriceDate: "2021-04-21",
  prices: [{ source: "alphavantage-snapshot", firstDate: "2018-01-02", lastDate: "2021-04-21", bars: 100, tickers: 500 }],
  days: [],
};
