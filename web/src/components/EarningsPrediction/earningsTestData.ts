// Mock API answers for the earnings prediction components' tests, shaped as the schema says.
export const SOURCE = { name: "Yahoo Finance earnings dates (S&P 100 snapshot, Dec 2025)", snapshotTakenIn: "2025-12" };

export const DEFINITIONS = {
  momentum: "Surprise momentum: the mean EPS surprise of the company's last 2 reports minus that of the 2 before.",
  volatility: "Surprise volatility: the standard deviation of the company's last 8 EPS surprises.",
  method: "A logistic regression on what was known before each report.",
};

/** The day the mocked server answers for: after the history below, before the next report. */
export const AS_OF = "2025-12-03";

/** dataCoverage for the as-of control: the mocked server's default day is AS_OF. */
export const EARNINGS_COVERAGE = {
  defaultAsOf: AS_OF,
  latestPriceDate: AS_OF,
  prices: [{ source: "alphavantage-snapshot", firstDate: "2018-01-02", lastDate: AS_OF, bars: 100, tickers: 500 }],
  days: [],
};

export const SKILL = {
  modelVersion: "earnings-beat-v1",
  reports: 1807,
  warmUpReports: 102,
  baseRate: 0.829,
  brierModel: 0.1403,
  brierBaseRate: 0.1418,
  brierRawRate: 0.1568,
  brierSkillScore: 0.0103,
  brierSkillLow: -0.0086,
  brierSkillHigh: 0.027,
  skillSignificant: false,
  accuracy: 0.8257,
  alwaysBeatAccuracy: 0.829,
  accuracyGainLow: -0.0064,
  accuracyGainHigh: -0.0005,
  logLoss: 0.4493,
  auc: 0.6324,
  ece: 0.0341,
  firstReport: "2020-04-28",
  lastReport: "2025-12-03",
  method: "A logistic regression on what was known before each report.",
  reliability: [],
};

export function stockEarnings(ticker: string) {
  return {
    ticker,
    name: ticker === "AAPL" ? "Apple Inc." : `${ticker} Corp.`,
    earnings: {
      asOf: AS_OF,
      next: {
        date: "2026-01-29",
        source: SOURCE.name,
        time: "AFTER_CLOSE",
        beatProbability: ticker === "AAPL" ? 0.8734 : 0.7512,
        baseRate: 0.8291,
        consensusEps: 2.67,
        momentum: "steady",
        volatility: "low",
        surpriseTrend: 1.2,
        surpriseVolatility: 2.4,
      },
      history: [
        { date: "2025-10-30", time: "AFTER_CLOSE", beatProbability: 0.9012, baseRate: 0.83, consensusEps: 1.77, actualEps: 1.85, surprise: 4.47, beat: true },
        { date: "2025-07-31", time: "AFTER_CLOSE", beatProbability: 0.6543, baseRate: 0.83, consensusEps: 1.43, actualEps: 1.4, surprise: -2.1, beat: false },
      ],
      skill: SKILL,
      source: SOURCE,
      definitions: DEFINITIONS,
    },
  };
}
