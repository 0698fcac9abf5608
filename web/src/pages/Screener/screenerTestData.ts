// Fixtures and helpers for the screener page tests (Basic and Combined): the mocked schema's
// answers and a way to answer the page's queries while leaving runs pending.
import type { IMocks } from "@graphql-tools/mock";
import { act, waitFor } from "@testing-library/react";
import type { OperationDescriptor } from "relay-runtime";
import { executeAgainstSchema } from "../../../test/relay";
import type { MockEnvironment } from "../../../test/render";

export const UNIVERSES = [
  { universe: "SP500", label: "S&P 500 (503 stocks)", size: 503, description: "Every S&P 500 member, one row per share class." },
  { universe: "BROAD", label: "Bloomberg Pro: S&P 500/400/600 + NASDAQ-100 (1,606 stocks)", size: 1606, description: "The four lists, de-duplicated." },
  { universe: "ALL_MARKET", label: "All US-listed common stocks (5,321)", size: 5321, description: "Every common stock in the Nasdaq Trader directory." },
  { universe: "UPLOAD", label: "Upload CSV", size: null, description: "Tickers from your .csv file." },
  { universe: "MANUAL", label: "My tickers", size: null, description: "Tickers you type, separated by commas." },
];

const METHODOLOGY = {
  technicalScoreFormula: "Technical score formula (test)",
  momentumRule: "Momentum rule (test)",
  combinedScoreFormula: "60% technical + 40% sentiment (test)",
  gradeThresholds: "A ≥ 80, B ≥ 65, C ≥ 50, else D (test)",
};

const SUMMARY = {
  source: "Alpha Vantage daily prices (bundled snapshot)",
  asOf: "2021-04-21",
  isSnapshot: true,
  betaProxy: null,
  newsAsOf: "2021-04-21T20:00:00.000Z",
  warnings: [],
  createdAt: "2021-04-21T20:05:00.000Z",
};

export const BASIC_ROW = {
  ticker: "AAPL",
  name: "Apple Inc.",
  sector: "Information Technology",
  price: 133.5,
  sma5: 134.1,
  sma20: 128.9,
  sma50: 125.2,
  rsi: 61.2,
  volume: 94_812_300,
  avgVolume20: 101_000_000,
  technicalScore: 72.5,
  sentimentScore: 0.31,
  newsCount: 12,
  analystUpgrades: 1,
  analystDowngrades: 0,
  momentum: "BULLISH",
  peRatio: 36.1,
  beta: 1.21,
  maCondition: true,
  maSpreadPct: 4.03,
  crossover: false,
  daysToEarnings: 7,
  asOf: "2021-04-21",
};

export function basicResult(stats = { universeSize: 503, withPriceData: 503, maPassCount: 281, matched: 1 }) {
  return { ...SUMMARY, stats, rows: { totalCount: 1, edges: [{ cursor: "0", node: BASIC_ROW }] } };
}

export function combinedResult() {
  const node = {
    ticker: "NVDA",
    name: "NVIDIA Corporation",
    price: 620.1,
    grade: "A",
    combinedScore: 84.2,
    technicalScore: 88,
    sentimentScore: 0.42,
    newsCount: 9,
    crossover: true,
    momentum: "STRONG_BULLISH",
    latestHeadline: null,
    recencyHours: 3,
  };
  return { ...SUMMARY, stats: { universeSize: 503, withPriceData: 503, maPassCount: 281, matched: 1 }, rows: { totalCount: 1, edges: [{ cursor: "0", node }] } };
}

export interface ViewerFixture {
  /** null: a visitor. */
  signedIn: boolean;
  pro?: boolean;
  savedScreens?: object[];
  latestScreen?: object | null;
}

export function screenerMocks({ signedIn, pro = false, savedScreens = [], latestScreen = null }: ViewerFixture): IMocks {
  return {
    Query: () => ({ screenUniverses: UNIVERSES, ...(signedIn ? {} : { viewer: null }) }),
    ScreenMethodology: () => METHODOLOGY,
    Viewer: () => ({ id: "viewer-1", firstName: "Ada", lastName: "Lovelace", savedScreens, latestScreen }),
    PlanStatus: () => ({ hasProAccess: pro, planId: pro ? "pro" : "basic" }),
    BasicScreenResult: () => basicResult(),
    CombinedScreenResult: () => combinedResult(),
    // No default day (as in live mode): runs carry no asOf unless the URL names one.
    DataCoverage: () => ({ defaultAsOf: null, defaultAsOfReason: "Live news (test).", latestPriceDate: "2021-04-21", days: [], prices: [] }),
  };
}

const RUNS_AND_MUTATIONS = /^useScreenRun|Mutation$/;

export const pendingOperations = (environment: MockEnvironment, name?: string): OperationDescriptor[] =>
  environment.mock.getAllOperations().filter((operation) => !name || operation.request.node.params.name === name);

/**
 * Answer the page's queries (page, header, as-of coverage) from the mocked schema; runs and
 * mutations stay pending. A query asked only once another is answered is answered in a later round.
 */
export async function answerPageQueries(environment: MockEnvironment, mocks: IMocks) {
  const pageQueries = () => pendingOperations(environment).filter((operation) => !RUNS_AND_MUTATIONS.test(operation.request.node.params.name));
  await waitFor(() => expect(pageQueries().length).toBeGreaterThan(0));
  for (let round = 0; round < 3 && pageQueries().length > 0; round++) {
    for (const operation of pageQueries()) {
      await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocks)));
    }
    await act(async () => {});
  }
}

/** The one pending operation called `name` (a run or a mutation). */
export async function pendingOperation(environment: MockEnvironment, name: string): Promise<OperationDescriptor> {
  await waitFor(() => expect(pendingOperations(environment, name)).toHaveLength(1));
  return pendingOperations(environment, name)[0];
}

export async function resolveOperation(environment: MockEnvironment, operation: OperationDescriptor, mocks: IMocks) {
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocks)));
}
