import { tickersFromParam } from "./compareParams";
import { renderApp } from "../../../test/render";
import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { recordedLines } from "../../../test/chart-lines";
import type { OperationDescriptor } from "relay-runtime";
import { executeAgainstSchema } from "../../../test/relay";
import { GraphQLRequestError } from "../../relay/environment";
import { answerGraphQL, expectLoadedQueries, signedIn, signedOut } from "../Auth/accountTestKit";
import { ResearchComparePageQuery } from "./ResearchComparePage";

jest.mock("lightweight-charts", () => jest.requireActual("../../../test/chart-lines").lightweightChartsStandIn, { virtual: true });

beforeEach(() => {
  recordedLines.length = 0;
});

const asked: { name: string; variables: Record<string, unknown> }[] = [];

const COVERAGE = {
  defaultAsOf: "2021-04-21",
  defaultAsOfReason: "The latest price day.",
  latestPriceDate: "2021-04-21",
  prices: [{ firstDate: "2018-01-02", lastDate: "2021-04-21" }],
  days: [],
};

const TECHNICALS: Record<string, object> = {
  AAPL: { close: 133.5, return1m: 0.08, technicalScore: 71.2, momentum: "BULLISH", rsi14: 61, beta60: 1.21, sma5: 134, sma20: 128, sma50: 127 },
  MSFT: { close: 260.58, return1m: 0.11, technicalScore: 80.4, momentum: "STRONG_BULLISH", rsi14: 70, beta60: 1.05, sma5: 259, sma20: 250, sma50: 240 },
  NVDA: { close: 611.08, return1m: 0.16, technicalScore: 66.0, momentum: "NEUTRAL", rsi14: 55, beta60: 1.6, sma5: 615, sma20: 560, sma50: 540 },
};

const figure = (value: number | null, unknownReason: string | null = null, isEstimate = value !== null) => ({ value, unknownReason, isEstimate });
/** Each stock's P/E and debt/equity as known on the day (NVDA: a loss year, so no P/E; the rest unknown). */
const FUNDAMENTALS: Record<string, { peRatio: number | null; debtToEquity: number | null }> = {
  AAPL: { peRatio: 36.2, debtToEquity: 1.4 },
  MSFT: { peRatio: 35.1, debtToEquity: 0.6 },
  NVDA: { peRatio: null, debtToEquity: 0.3 },
};
function fundamentals(ticker: string) {
  const known = FUNDAMENTALS[ticker] ?? FUNDAMENTALS.AAPL;
  const unknown = figure(null, "Not in the bundled 10-K file");
  return {
    asOf: "2021-04-21",
    source: "Form 10-K for fiscal 2016 (bundled annual file), counted from 2017-03-31",
    marketCap: figure(2.2e12),
    peRatio: known.peRatio === null ? figure(null, "Net income was a loss") : figure(known.peRatio),
    earningsYield: unknown,
    priceToBook: unknown,
    priceToSales: unknown,
    revenueGrowth: figure(0.05, null, false),
    netMargin: unknown,
    returnOnEquity: unknown,
    debtToEquity: figure(known.debtToEquity, null, false),
  };
}

const FILED_QUARTERS = [{ name: "Berkshire Hathaway", quarterEnd: "2020-12-31", firstQuarterKnownFrom: "2020-08-14" }];
/** The tracked funds' quarters counting on the day (a test of an earlier day sets none filed). */
let fundQuarters = FILED_QUARTERS;
/** The AI picks' fields of every stock, where a test needs them otherwise (e.g. still being computed). */
let aiPicksOverride: object = {};
afterEach(() => {
  fundQuarters = FILED_QUARTERS;
  aiPicksOverride = {};
});

function stock(ticker: string, position: number) {
  const index = position % 3;
  return {
    id: `Stock:${ticker}`,
    ticker,
    name: `${ticker} Inc.`,
    technicals: { asOf: "2021-04-21", source: "Alpha Vantage daily prices (bundled snapshot)", ...(TECHNICALS[ticker] ?? TECHNICALS.AAPL) },
    fundamentals: fundamentals(ticker),
    news: { sentimentScore: [0.2, 0.35, -0.1][index], newsCount: [12, 1, 4][index], windowEnd: "2021-04-21T23:59:59.999Z" },
    research: {
      asOf: "2021-04-21",
      aiPicksDate: "2021-04-21",
      aiPicksMessage: null,
      aiScore: [0.61, 0.55, 0.7][index],
      aiRank: [40, 90, 12][index],
      rankedOf: 480,
      returns3m: [-0.02, 0.12, 0.05][index],
      returns12m: [0.9, 0.5, 1.2][index],
      volatility60: [0.3, 0.25, 0.5][index],
      earningsCovered: true,
      earningsFrom: "2018-01-25",
      earningsSource: "Yahoo Finance earnings snapshot",
      nextReport: { date: "2021-04-28", daysTo: 7, beatProbability: [0.873, 0.751, 0.8][index], baseRate: 0.829 },
      fundPositions:
        ticker === "AAPL"
          ? [{ cik: "0001067983", fundName: "Berkshire Hathaway", quarterEnd: "2020-12-31", knownFrom: "2021-02-16", shares: 887135554, changeKind: "REDUCED", sharesChange: -57184521 }]
          : [],
      fundQuarters,
      ...aiPicksOverride,
    },
  };
}

const points = (values: number[]) => values.map((value, index) => ({ date: `2021-04-${String(19 + index).padStart(2, "0")}`, value }));

function comparison(tickers: string[]) {
  return {
    asOf: "2021-04-21",
    startDate: "2021-04-19",
    method: "Each line is the stock's close divided by its close on the range's first trading day.",
    source: "Alpha Vantage daily prices (bundled snapshot, 2018-01-02 → 2021-04-21)",
    series: tickers.map((ticker, index) => ({ ticker, firstDate: "2021-04-19", totalReturn: 0.01 * (index + 1), points: points([100, 100.5, 100 + index + 1]) })),
    universe: { label: "Equal-weight universe", totalReturn: 0.004, membersLastDay: 421, points: points([100, 100.2, 100.4]) },
    correlation: {
      tickers,
      commonDays: 2,
      firstDay: "2021-04-20",
      lastDay: "2021-04-21",
      rows: tickers.map((ticker, i) => ({ ticker, values: tickers.map((_other, j) => (i === j ? 1 : 0.42)) })),
    },
  };
}

function renderPage(mocks: IMocks, path = "/research-compare") {
  asked.length = 0;
  const environment = createMockEnvironment();
  answerGraphQL(environment, ResearchComparePageQuery, (operation) => {
    asked.push({ name: operation.request.node.params.name, variables: operation.request.variables });
    const tickers = operation.request.variables.tickers as string[] | undefined;
    const query = (mocks.Query as (() => object) | undefined)?.() ?? {};
    // Fields with arguments (technicals(asOf:), fundamentals(asOf:), news(...), research(asOf:)) are not read from a
    // returned object by the mock store: their types are mocked in the order the stocks resolve.
    const order = tickers ?? [];
    const next = (counter: { i: number }) => order.indexOf(order[counter.i++ % Math.max(1, order.length)]);
    const [t, f, n, r] = [{ i: 0 }, { i: 0 }, { i: 0 }, { i: 0 }];
    return {
      ...mocks,
      DataCoverage: () => COVERAGE,
      StockTechnicals: () => stock(order[t.i % order.length], next(t)).technicals,
      StockFundamentals: () => stock(order[f.i % order.length], next(f)).fundamentals,
      NewsSentiment: () => stock(order[n.i % order.length], next(n)).news,
      StockResearch: () => stock(order[r.i % order.length], next(r)).research,
      Query: () => ({
        ...query,
        ...(tickers ? { stocks: tickers.map((ticker) => ({ id: `Stock:${ticker}`, ticker, name: `${ticker} Inc.` })), stockComparison: comparison(tickers) } : {}),
        stockSuggestions: [
          { ticker: "AMZN", name: "Amazon.com Inc.", universe: "S&P 500" },
          { ticker: "AMD", name: "Advanced Micro Devices", universe: "S&P 500" },
        ],
      }),
    };
  });
  const { router } = renderApp(path, environment);
  return router;
}

test("a visitor gets the spec's gate page and no comparison data is asked for", async () => {
  renderPage(signedOut);
  expect(await screen.findByRole("heading", { name: "Research & Compare", level: 1 })).toBeTruthy();
  expect(screen.getByText("Premium Feature")).toBeTruthy();
  expect(asked.map((operation) => operation.name)).not.toContain("ResearchComparePageQuery");
});

test("a Basic user gets the gate page too", async () => {
  renderPage(signedIn({ hasProAccess: false }));
  expect(await screen.findByText("Premium Feature")).toBeTruthy();
  expect(asked.map((operation) => operation.name)).not.toContain("ResearchComparePageQuery");
});

test("a Pro user sees the chart with the universe line, the table with the best values marked, and the correlation matrix", async () => {
  renderPage(signedIn({ hasProAccess: true }), "/research-compare?tickers=AAPL,MSFT,NVDA&range=3M&asOf=2021-04-21");
  const table = within((await screen.findByRole("heading", { name: "Side by side" })).closest("section")!).getByRole("table");
  const data = asked.find((operation) => operation.name === "ResearchComparePageQuery")!;
  expect(data.variables).toEqual({ tickers: ["AAPL", "MSFT", "NVDA"], range: "M3", asOf: "2021-04-21" });

  // A row by the start of its label ("Price" is not "Price / book").
  const row = (label: string) =>
    within(within(table).getByRole("rowheader", { name: new RegExp(`^${label.replace(/[()/]/g, "\\$&")}(?! /)`) }).closest("tr")!);
  // Highest 1-month return: NVDA; lowest P/E: MSFT (NVDA's loss year has none, and says why); price is never marked.
  expect(row("Return 1m").getByLabelText("NVDA: best Return 1m")).toBeTruthy();
  expect(row("P/E").getByLabelText("MSFT: best P/E (trailing)")).toBeTruthy();
  expect(row("P/E").getByText("Net income was a loss")).toBeTruthy();
  // Every fundamental of the day: the least leveraged is marked, an estimate carries its asterisk, an unknown figure its reason.
  expect(row("Debt / equity").getByLabelText("NVDA: best Debt / equity")).toBeTruthy();
  expect(row("Market cap").getAllByText("$2.2T*")).toHaveLength(3);
  expect(row("Market cap").queryAllByLabelText(/best/)).toEqual([]);
  expect(row("Net margin").getAllByText("Not in the bundled 10-K file")).toHaveLength(3);
  expect(row("Price").queryAllByLabelText(/best/)).toEqual([]);
  expect(row("Volatility").getByLabelText(/^MSFT: best/)).toBeTruthy();
  expect(row("Next earnings").getByText(/87\.3 %/)).toBeTruthy();
  expect(row("Next earnings").getAllByText("base rate 82.9 %")).toHaveLength(3);
  expect(row("Tracked funds").getByText(/Berkshire Hathaway: 887,135,554 sh \(−57,184,521\)/)).toBeTruthy();
  // Every figure links to its source view and says its as-of.
  expect(row("Price").getByRole("link", { name: "$133.50" }).getAttribute("href")).toBe("/stocks/AAPL?asOf=2021-04-21");
  expect(row("Next earnings").getAllByRole("link")[1].getAttribute("href")).toBe("/earnings-predictor?ticker=MSFT");
  expect(row("News sentiment").getAllByRole("link")[0].getAttribute("href")).toBe("/news-analysis?ticker=AAPL&timeframe=7d&asOf=2021-04-21");
  expect(row("AI score").getAllByRole("link")[0].getAttribute("href")).toBe("/ai-features?asOf=2021-04-21");
  expect(row("Tracked funds").getAllByRole("link")[0].getAttribute("href")).toBe("/hedge-fund-tracker?quarter=2020-12-31");
  expect(row("Tracked funds").getAllByRole("link")[1].getAttribute("href")).toBe("/hedge-fund-tracker");
  expect(row("Price").getAllByText("as of Apr 21, 2021")).toHaveLength(3);

  const matrix = within((screen.getByRole("heading", { name: "Correlation of daily returns" })).closest("section")!);
  expect(matrix.getByText(/over 2 common trading days/)).toBeTruthy();
  expect(matrix.getAllByText("0.42")).toHaveLength(6);
  expect(matrix.getByText(/Fewer than 20 common days/)).toBeTruthy();

  expect(await screen.findByRole("img", { name: /Prices rebased to 100 on Apr 19, 2021/ })).toBeTruthy();
  expect(recordedLines.map((line) => line.title)).toEqual(["AAPL", "MSFT", "NVDA", "Universe"]);
  expect(recordedLines[3].data.at(-1)).toEqual({ time: "2021-04-21", value: 100.4 });
});

test("before any tracked fund's first 13F was filed, the table says so instead of 'None held'", async () => {
  fundQuarters = [{ name: "Berkshire Hathaway", quarterEnd: null as unknown as string, firstQuarterKnownFrom: "2020-08-14" }];
  renderPage(signedIn({ hasProAccess: true }), "/research-compare?tickers=MSFT,NVDA&asOf=2020-04-22");
  const table = within((await screen.findByRole("heading", { name: "Side by side" })).closest("section")!).getByRole("table");
  const row = within(within(table).getByRole("rowheader", { name: /Tracked funds \(13F\)/ }).closest("tr")!);
  expect(row.getAllByText(/^No 13F filed by then \(first known /)).toHaveLength(2);
  expect(row.queryByText(/None held/)).toBeNull();
});

test("the picker adds a suggested ticker and the range buttons change ?range=, both kept in the URL", async () => {
  const router = renderPage(signedIn({ hasProAccess: true }), "/research-compare?tickers=AAPL,MSFT");
  await screen.findByRole("heading", { name: "Side by side" });
  fireEvent.change(screen.getByRole("combobox", { name: "Add a stock" }), { target: { value: "am" } });
  fireEvent.click(await screen.findByRole("button", { name: /AMZN Amazon.com Inc./ }));
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("tickers")).toBe("AAPL,MSFT,AMZN"));
  // The new chips show once the new comparison is in (the transition keeps the old one until then).
  await screen.findByRole("button", { name: "Remove AMZN" });
  await waitFor(() => expect((screen.getByRole("button", { name: "Remove AAPL" }) as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByRole("button", { name: "Remove AAPL" }));
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("tickers")).toBe("MSFT,AMZN"));
  // Two is the least: neither can be removed now.
  await waitFor(() => expect((screen.getByRole("button", { name: "Remove MSFT" }) as HTMLButtonElement).disabled).toBe(true));
  fireEvent.click(screen.getByRole("button", { name: "3Y" }));
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("range")).toBe("3Y"));
  await waitFor(() => expect(asked.at(-1)?.variables).toMatchObject({ tickers: ["MSFT", "AMZN"], range: "Y3" }));
});

test("an unknown ticker in a shared link is named, and the rest of the page stays usable", async () => {
  const environment = createMockEnvironment();
  expectLoadedQueries(environment);
  const message = "Unknown ticker ZZZZQ: not in the bundled symbol lists (US-listed securities).";
  const resolver = (operation: OperationDescriptor) => {
    // A fresh function each time: the queue drops a used resolver by identity.
    environment.mock.queueOperationResolver(resolver.bind(null));
    if (operation.request.node.params.name === "ResearchComparePageQuery") {
      return new GraphQLRequestError("Please check the highlighted fields and try again.", "BAD_USER_INPUT", { fieldErrors: [{ field: "tickers", message }] });
    }
    return executeAgainstSchema(operation, {
      AuthOptions: () => ({ mailDelivery: "DEV_OUTBOX", singleSignOn: false }),
      BillingInfo: () => ({ provider: "DEMO", priceCents: 3000, currency: "usd", interval: "month", trialDays: 7, publishableKey: null }),
      ...signedIn({ hasProAccess: true }),
      DataCoverage: () => COVERAGE,
    });
  };
  environment.mock.queueOperationResolver(resolver.bind(null));
  renderApp("/research-compare?tickers=AAPL,ZZZZQ", environment);
  const alert = await screen.findByRole("alert");
  expect(within(alert).getByText(message)).toBeTruthy();
  expect(screen.getByRole("button", { name: "Remove ZZZZQ" })).toBeTruthy();
});

test("while the AI picks of the day are being computed, the AI row says so instead of 'no data by then'", async () => {
  const computing = "The AI picks for Apr 21, 2021 are being computed from the stored prices; they appear here in a few seconds.";
  aiPicksOverride = { aiPicksDate: null, aiPicksMessage: computing, aiScore: null, aiRank: null };
  renderPage(signedIn({ hasProAccess: true }), "/research-compare?tickers=AAPL,MSFT&asOf=2021-04-21");
  const table = within((await screen.findByRole("heading", { name: "Side by side" })).closest("section")!).getByRole("table");
  const aiRow = within(within(table).getByRole("rowheader", { name: /^AI score/ }).closest("tr")!);
  expect(aiRow.getAllByText(computing)).toHaveLength(2);
  expect(aiRow.queryByText("no data by then")).toBeNull();
});

test("?tickers= is read upper-cased and de-duplicated, at most four; a lone ticker gets a default beside it, none the default three", () => {
  expect(tickersFromParam("aapl, msft,AAPL")).toEqual(["AAPL", "MSFT"]);
  expect(tickersFromParam("A,B,C,D,E")).toEqual(["A", "B", "C", "D"]);
  expect(tickersFromParam("AAPL")).toEqual(["AAPL", "MSFT"]);
  expect(tickersFromParam("MSFT")).toEqual(["MSFT", "AAPL"]);
  expect(tickersFromParam("")).toEqual(["AAPL", "MSFT", "NVDA"]);
  expect(tickersFromParam(null)).toEqual(["AAPL", "MSFT", "NVDA"]);
});
