import type { IMocks } from "@graphql-tools/mock";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderApp, type MockEnvironment } from "../../../test/render";
import { errorFromGraphQLErrors } from "../../relay/environment";


// lightweight-charts draws on canvas, which jsdom lacks: record what the page asks it to draw instead.
// (virtual: the package is ESM-only, with no entry jest's require() can resolve.)
const mockSeries: { type: string; options: Record<string, unknown>; data: unknown[]; pane: number }[] = [];
/** The visible ranges set, in order: "fit" for fitContent, else from–to. */
const mockRanges: string[] = [];
jest.mock("lightweight-charts", () => ({
  ColorType: { Solid: "solid" },
  CandlestickSeries: "Candlestick",
  HistogramSeries: "Histogram",
  LineSeries: "Line",
  createChart: () => ({
    addSeries: (type: string, options: Record<string, unknown>, pane = 0) => {
      const series = { type, options, data: [] as unknown[], pane };
      mockSeries.push(series);
      return { setData: (data: unknown[]) => (series.data = data) };
    },
    panes: () => [{ setStretchFactor: () => {} }, { setStretchFactor: () => {} }],
    timeScale: () => ({
      fitContent: () => mockRanges.push("fit"),
      setVisibleRange: ({ from, to }: { from: string; to: string }) => mockRanges.push(`${from}–${to}`),
    }),
    remove: () => {},
  }),
}), { virtual: true });

beforeEach(() => {
  mockSeries.length = 0;
  mockRanges.length = 0;
});
afterEach(() => jest.restoreAllMocks());

const BARS = [
  { date: "2021-04-19", open: 133.51, high: 135.47, low: 133.34, close: 134.84, volume: 94264215, sma5: null, sma20: 128.1, sma50: null },
  { date: "2021-04-20", open: 135.02, high: 135.53, low: 131.81, close: 133.11, volume: 94812349, sma5: 133.2, sma20: 128.6, sma50: 127.9 },
  { date: "2021-04-21", open: 132.36, high: 133.75, low: 131.3, close: 133.5, volume: 68847136, sma5: 133.9, sma20: 129.05, sma50: 128.2 },
];

const TECHNICALS = {
  asOf: "2021-04-21",
  source: "Alpha Vantage daily prices (bundled snapshot)",
  isSnapshot: true,
  close: 133.5,
  volume: 68847136,
  sma5: 133.9,
  sma20: 129.05,
  sma50: 128.2,
  rsi14: 72.4,
  avgVolume20: 95123456,
  beta60: 1.18,
  betaProxy: "equal-weighted average of the bundled S&P 500 stocks",
  maCondition: true,
  maSpreadPct: 3.76,
  lastCrossUpDate: "2021-04-01",
  momentum: "STRONG_BULLISH",
  technicalScore: 83.5,
  return1m: 9.8,
  peRatio: 36.1,
  peSource: "close ÷ trailing 4 quarters EPS (Yahoo EPS history snapshot)",
  nextEarningsDate: "2021-04-28",
  daysToEarnings: 7,
};

function mocks(technicals: object | null): IMocks {
  return {
    Stock: () => ({ id: "Stock:AAPL", ticker: "AAPL", name: "Apple Inc.", technicals }),
    PriceHistory: () => ({ source: TECHNICALS.source, asOf: "2021-04-21", bars: technicals ? BARS : [] }),
    NewsSentiment: () => ({
      mode: "SNAPSHOT",
      asOf: "2021-03-15T16:55:00.000Z",
      windowStart: "2021-03-08T16:55:00.000Z",
      newsCount: 1,
      sentimentScore: 0.62,
      sentimentLabel: "BULLISH",
      dateOnlyNote: null,
      articles: {
        edges: [
          {
            cursor: "c1",
            node: {
              id: "article-1",
              title: "Apple beats estimates and raises its dividend",
              url: "https://news.example.com/apple-beats",
              source: "finnhub",
              publisher: "Reuters",
              publishedAt: "2021-03-15T15:00:00.000Z",
              publishedTimeKnown: true,
              score: 0.62,
              label: "BULLISH",
              terms: [],
              analystAction: null,
            },
          },
        ],
        pageInfo: { hasNextPage: false, endCursor: "c1" },
      },
    }),
    ScreenMethodology: () => ({
      technicalScoreFormula: "40% RSI position + 30% MA spread + 30% volume trend",
      momentumRule: "strong_bullish when SMA 5 > SMA 20 > SMA 50",
      combinedScoreFormula: "60% technical + 40% sentiment",
      gradeThresholds: "A ≥ 75",
    }),
  };
}

function renderDetail(path: string, state?: unknown) {
  const environment: MockEnvironment = createMockEnvironment();
  const { router } = renderApp({ pathname: path, state }, environment);
  return { environment, router };
}

/** The data's coverage, for the as-of date: no default day, so the page shows the latest data. */
async function answerCoverage(environment: MockEnvironment) {
  const coverage = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === "useAsOfQuery"));
  const mocked = { DataCoverage: () => ({ defaultAsOf: null, latestPriceDate: "2021-04-21", prices: [{ firstDate: "2018-01-02", lastDate: "2021-04-21" }] }) };
  await act(async () => environment.mock.resolve(coverage, executeAgainstSchema(coverage, mocked)));
}

async function answer(environment: MockEnvironment, technicals: object | null = TECHNICALS) {
  await answerCoverage(environment);
  const operation = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === "StockDetailPageQuery"));
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocks(technicals))));
  return operation;
}

const figure = (label: string) => screen.getByText(label, { selector: "dt, dt *" }).closest("div")?.querySelector("dd") as HTMLElement;

test("shows the chart with SMA overlays and volume, the key figures with their sources, and the latest headlines", async () => {
  const { environment } = renderDetail("/stocks/aapl", { backTo: "/screener?tab=basic" });
  const operation = await answer(environment);
  expect(operation.request.variables).toEqual({ ticker: "AAPL", days: 3650, asOf: null }); // all stored history, for the All range

  expect(await screen.findByRole("heading", { level: 1, name: "AAPL · Apple Inc." })).toBeTruthy();
  const note = screen.getByRole("note", { name: "About this data" });
  expect(note.textContent).toContain("Offline snapshot");
  expect(note.textContent).toContain("Source: Alpha Vantage daily prices (bundled snapshot) · as of Apr 21, 2021");

  expect(figure("Price").textContent).toBe("$133.50Close on Apr 21, 2021");
  expect(figure("SMA 5").textContent).toBe("133.90");
  expect(figure("SMA 20").textContent).toBe("129.05");
  expect(figure("SMA 50").textContent).toBe("128.20");
  expect(figure("SMA 5 over SMA 20").textContent).toBe("YesLast crossed above on Apr 1, 2021");
  expect(figure("RSI 14").textContent).toBe("72.4OB (overbought)");
  expect(figure("Avg volume (20 days)").textContent).toBe("95.1M95,123,456 shares");
  expect(figure("Beta (60 days)").textContent).toBe("1.18Against equal-weighted average of the bundled S&P 500 stocks");
  expect(figure("Momentum").textContent).toBe("Strong bullish");
  expect(figure("Technical score").textContent).toBe("83.50▲▲ (strong)0–100");
  expect(figure("P/E").textContent).toBe("36.1close ÷ trailing 4 quarters EPS (Yahoo EPS history snapshot)");
  expect(figure("Next earnings").textContent).toBe("Apr 28, 2021In 7 days");

  fireEvent.focus(screen.getByText("Technical score"));
  expect((await screen.findByRole("tooltip")).textContent).toContain("40% RSI position + 30% MA spread + 30% volume trend");

  // Candles for every bar, one line per moving average over the bars that have it, and volume in a second pane.
  expect(mockSeries.map((series) => `${series.type}@${series.pane}`)).toEqual(["Candlestick@0", "Line@0", "Line@0", "Line@0", "Histogram@1"]);
  expect(mockSeries[0].data).toEqual(BARS.map(({ date, open, high, low, close }) => ({ time: date, open, high, low, close })));
  expect(mockSeries[1].data).toEqual([
    { time: "2021-04-20", value: 133.2 },
    { time: "2021-04-21", value: 133.9 },
  ]);
  expect(mockSeries[3].data).toEqual([
    { time: "2021-04-20", value: 127.9 },
    { time: "2021-04-21", value: 128.2 },
  ]);
  // Up days (close at or above the open) and down days in different colours.
  const volumeColors = (mockSeries[4].data as { time: string; value: number; color: string }[]).map((bar) => [bar.time, bar.value, bar.color]);
  expect(volumeColors.map(([time, value]) => [time, value])).toEqual(BARS.map((bar) => [bar.date, bar.volume]));
  expect(volumeColors[0][2]).toBe(volumeColors[2][2]); // both up days
  expect(volumeColors[1][2]).not.toBe(volumeColors[0][2]); // a down day
  // Three distinct overlay colours.
  expect(new Set(mockSeries.slice(1, 4).map((series) => series.options.color)).size).toBe(3);
  expect(within(screen.getByRole("list", { name: "Chart key" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "SMA 5",
    "SMA 20",
    "SMA 50",
    "Volume, up / down day",
  ]);

  // Range buttons, one pressed at a time; 1 year is shown first (all three bars here are inside it).
  const ranges = within(screen.getByRole("group", { name: "Chart range" }));
  expect(ranges.getAllByRole("button").map((button) => [button.textContent, button.getAttribute("aria-pressed")])).toEqual([
    ["1M", "false"],
    ["3M", "false"],
    ["6M", "false"],
    ["1Y", "true"],
    ["All", "false"],
  ]);
  expect(mockRanges.at(-1)).toBe("fit");
  fireEvent.click(ranges.getByRole("button", { name: "1M" }));
  expect(ranges.getByRole("button", { name: "1M" }).getAttribute("aria-pressed")).toBe("true");
  expect(ranges.getByRole("button", { name: "1Y" }).getAttribute("aria-pressed")).toBe("false");

  const headlines = within(screen.getByRole("region", { name: "Headlines" }));
  const headline = headlines.getByRole("heading", { level: 3, name: /Apple beats estimates/ }).closest("li") as HTMLElement;
  expect(within(headline).getByText("Bullish")).toBeTruthy();
  expect(screen.getByText("1 article")).toBeTruthy();

  expect(screen.getByRole("link", { name: "← Back to results" }).getAttribute("href")).toBe("/screener?tab=basic");
});

test("an unknown ticker reads as not found, with the server's reason", async () => {
  jest.spyOn(console, "error").mockImplementation(() => {}); // React reports the error the boundary caught
  const { environment } = renderDetail("/stocks/ZZZZZ");
  await answerCoverage(environment);
  const operation = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === "StockDetailPageQuery"));
  const message = "Unknown ticker ZZZZZ: it is not in the bundled symbol lists (US-listed securities).";
  await act(async () =>
    environment.mock.reject(
      operation,
      errorFromGraphQLErrors([
        { message: `Invalid input: ticker. ${message}`, extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "ticker", message }] } },
      ]),
    ),
  );
  const alert = await screen.findByRole("alert");
  expect(within(alert).getByRole("heading", { name: "No stock found for “ZZZZZ”" })).toBeTruthy();
  expect(alert.textContent).toContain(message);
  // Without a results page to return to, Back goes to the screener.
  expect(screen.getByRole("link", { name: "← Back to results" }).getAttribute("href")).toBe("/screener");
});

test("a stock without prices says so and still lists its news", async () => {
  const { environment } = renderDetail("/stocks/AAPL");
  await answer(environment, null);
  expect(await screen.findByText("No price data for AAPL")).toBeTruthy();
  expect(mockSeries).toHaveLength(0);
  expect(screen.queryByRole("heading", { name: "Key figures" })).toBeNull();
  expect(screen.getByRole("heading", { level: 3, name: /Apple beats estimates/ })).toBeTruthy();
});

/** The "More on …" links as "text → href", with "[Pro]" where the Pro mark shows. */
function researchLinks(ticker: string) {
  const nav = screen.getByRole("navigation", { name: `More on ${ticker}` });
  return within(nav)
    .getAllByRole("listitem")
    .map((item) => {
      const link = within(item).getByRole("link");
      const pro = within(item).queryByRole("img", { name: "Pro feature" }) ? " [Pro]" : "";
      return `${link.textContent}${pro} → ${link.getAttribute("href")}`;
    });
}

test("links to compare, earnings, 13F holdings and news for the ticker, marking the Pro pages for a visitor", async () => {
  const { environment } = renderDetail("/stocks/AAPL");
  await answerCoverage(environment);
  const operation = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === "StockDetailPageQuery"));
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, { ...mocks(TECHNICALS), Query: () => ({ viewer: null }) })));
  await screen.findByRole("heading", { level: 1, name: "AAPL · Apple Inc." });
  expect(researchLinks("AAPL")).toEqual([
    "Compare AAPL with other stocks [Pro] → /research-compare?tickers=AAPL",
    "AAPL earnings prediction [Pro] → /earnings-predictor?ticker=AAPL",
    "13F hedge fund holdings [Pro] → /hedge-fund-tracker",
    "AAPL news analysis → /news-analysis?ticker=AAPL",
  ]);
  // The 13F tracker takes no ticker: the link says what it shows.
  expect(screen.getByText("the tracked fund's whole filing, not only AAPL")).toBeTruthy();
});

test("for a Pro user the links carry no Pro mark; News Analysis, which covers a fixed list, says so for other tickers", async () => {
  const { environment } = renderDetail("/stocks/JPM");
  await answerCoverage(environment);
  const operation = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === "StockDetailPageQuery"));
  const jpm = { ...mocks(TECHNICALS), Stock: () => ({ id: "Stock:JPM", ticker: "JPM", name: "JPMorgan Chase", technicals: TECHNICALS }), PlanStatus: () => ({ hasProAccess: true }) };
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, jpm)));
  await screen.findByRole("heading", { level: 1, name: "JPM · JPMorgan Chase" });
  expect(researchLinks("JPM")).toEqual([
    "Compare JPM with other stocks → /research-compare?tickers=JPM",
    "JPM earnings prediction → /earnings-predictor?ticker=JPM",
    "13F hedge fund holdings → /hedge-fund-tracker",
    "News analysis → /news-analysis",
  ]);
  expect(screen.getByText("covers AAPL, MSFT, NVDA, GOOGL, AMZN, TSLA, META, NFLX, ORCL; JPM's headlines are below")).toBeTruthy();
});
