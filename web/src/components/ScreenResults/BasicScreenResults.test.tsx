import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderWithProviders } from "../../../test/render";
import { clearScreenSession } from "../ScreenForm/screenSession";
import { BasicScreenResults } from "./BasicScreenResults";
import { themes } from "../../theme/tokens";
import { bodyRows, captureDownloads, cellOf, clickHeader, columnHeader, mockTableViewport, resultsTable, ROW_HEIGHT, tickers, VIEWPORT_HEIGHT } from "./resultsTableTesting";
import type { BasicRow } from "./basicColumns";
import type { BasicScreenResultsTestQuery } from "./__generated__/BasicScreenResultsTestQuery.graphql";

const TestQuery = graphql`
  query BasicScreenResultsTestQuery {
    screen(input: { universe: MANUAL }) {
      ...BasicScreenResults_result
    }
    screenMethodology {
      ...ScoreHelp_methodology
    }
  }
`;

function Harness() {
  const data = useLazyLoadQuery<BasicScreenResultsTestQuery>(TestQuery, {});
  return <BasicScreenResults result={data.screen} methodology={data.screenMethodology} />;
}

const row = (ticker: string, overrides: Partial<BasicRow> = {}): BasicRow => ({
  ticker,
  name: `${ticker} Inc.`,
  price: 100,
  sma5: 101,
  sma20: 99,
  sma50: 95,
  rsi: 50,
  volume: 1_500_000,
  technicalScore: 50,
  sentimentScore: 0,
  newsCount: 0,
  analystUpgrades: 0,
  analystDowngrades: 0,
  momentum: "NEUTRAL",
  peRatio: 20,
  marketCap: null,
  beta: 1,
  ...overrides,
});

/** Server order: technical score, highest first. */
const ROWS: BasicRow[] = [
  row("NVDA", { technicalScore: 85, rsi: 75.4, sentimentScore: 0.25, newsCount: 12, analystUpgrades: 2, analystDowngrades: 1, momentum: "STRONG_BULLISH" }),
  row("MSFT", { technicalScore: 70, rsi: 25.2, sentimentScore: -0.15, newsCount: 4, momentum: "BULLISH", peRatio: null }),
  row("AAPL", { technicalScore: 60, rsi: 70, sentimentScore: 0.2, newsCount: 9, beta: null }),
  row("JPM", { technicalScore: 42.5, rsi: 30, sentimentScore: -0.1, newsCount: 3 }),
  row("AMZN", { technicalScore: 80, rsi: null, sentimentScore: null, name: "Amazon.com, Inc." }),
];

interface Fixture {
  rows?: BasicRow[];
  warnings?: { code: string; field: string | null; message: string }[];
  isSnapshot?: boolean;
}

async function renderResults(fixture: Fixture = {}) {
  const environment = createMockEnvironment();
  const utils = renderWithProviders(<Harness />, environment);
  const operation = await waitFor(() => environment.mock.getMostRecentOperation());
  const rows = fixture.rows ?? ROWS;
  const response = executeAgainstSchema(operation, {
    BasicScreenResult: () => ({
      runId: "run-1",
      source: "Alpha Vantage daily prices (bundled snapshot)",
      asOf: "2021-04-21",
      isSnapshot: fixture.isSnapshot ?? true,
      betaProxy: "equal-weighted S&P 500 average (no SPY in the data)",
      newsAsOf: "2021-03-15T16:55:00.000Z",
      stats: { universeSize: 5, withPriceData: 5, maPassCount: 4, matched: rows.length },
      warnings: fixture.warnings ?? [],
      rows: { totalCount: rows.length, edges: rows.map((node) => ({ cursor: node.ticker, node })) },
    }),
    ScreenMethodology: () => ({
      technicalScoreFormula: "40% RSI position + 30% MA spread + 30% volume trend",
      momentumRule: "strong_bullish when SMA 5 > SMA 20 > SMA 50 and RSI above 55",
      combinedScoreFormula: "60% technical + 40% sentiment",
      gradeThresholds: "A ≥ 75, B ≥ 60, C ≥ 45, otherwise D",
    }),
  });
  await act(async () => environment.mock.resolve(operation, response));
  await screen.findByRole("region", { name: "Basic screen results" });
  return utils;
}

const lightTheme = themes.light;
/** "#036b4f" as getComputedStyle writes it: "rgb(3, 107, 79)". */
const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;
const toneOf = (element: HTMLElement) => element.querySelector("[data-tone]")?.getAttribute("data-tone") ?? null;
const cell = (ticker: string, column: string) => cellOf(ticker, column);

beforeEach(() => {
  clearScreenSession();
  mockTableViewport();
});
afterEach(() => jest.restoreAllMocks());

test("shows the KPI tiles, the source with its as-of and snapshot label, the beta proxy and every warning behind one line", async () => {
  await renderResults({
    warnings: [
      { code: "OPTIONS_DATA_UNAVAILABLE", field: "requireOptions", message: "The bundled data has no options open interest, so requireOptions was not applied." },
      { code: "PE_PARTIAL", field: null, message: "P/E is known for 3 of 5 stocks." },
    ],
  });
  const tile = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
  expect(tile("Symbols Screened")).toBe("5");
  expect(tile("With Price Data")).toBe("5");
  expect(tile("MA Pass 5 over 20")).toBe("4");

  const note = screen.getByRole("note", { name: "About this data" });
  expect(note.textContent).toContain("Offline snapshot");
  expect(note.textContent).toContain("Source: Alpha Vantage daily prices (bundled snapshot) · as of Apr 21, 2021");
  expect(note.textContent).toContain("Beta measured against equal-weighted S&P 500 average (no SPY in the data)");
  // The caveats are one line until opened, so the rows stay in view.
  const caveats = screen.getByText("2 caveats about these results").closest("details") as HTMLDetailsElement;
  expect(caveats.open).toBe(false);
  fireEvent.click(screen.getByText("2 caveats about these results"));
  expect(caveats.open).toBe(true);
  expect(within(caveats).getByText("The bundled data has no options open interest, so requireOptions was not applied.")).toBeTruthy();
  expect(within(caveats).getByText("P/E is known for 3 of 5 stocks.")).toBeTruthy();
  expect(screen.getByTestId("results-summary").textContent).toBe("5 matches as of Apr 21, 2021");
});

test("live data carries no snapshot label", async () => {
  await renderResults({ isSnapshot: false });
  expect(screen.getByRole("note", { name: "About this data" }).textContent).not.toContain("Offline snapshot");
});

test("colours RSI, technical score and sentiment by the spec's thresholds, with a mark and words as well as colour", async () => {
  await renderResults();
  expect(toneOf(cell("NVDA", "RSI"))).toBe("overbought");
  expect(cell("NVDA", "RSI").textContent).toBe("75.4OB (overbought)");
  expect(getComputedStyle(cell("NVDA", "RSI").querySelector("[data-tone]") as HTMLElement).color).toBe(rgbOf(lightTheme.colors.danger)); // danger red
  expect(toneOf(cell("MSFT", "RSI"))).toBe("oversold");
  expect(getComputedStyle(cell("MSFT", "RSI").querySelector("[data-tone]") as HTMLElement).color).toBe(rgbOf(lightTheme.colors.success)); // success green
  expect(toneOf(cell("AAPL", "RSI"))).toBeNull(); // 70 is not above 70
  expect(toneOf(cell("JPM", "RSI"))).toBeNull(); // 30 is not below 30
  expect(cell("AMZN", "RSI").textContent).toBe("—");

  expect(toneOf(cell("NVDA", "Tech Score"))).toBe("strong");
  expect(toneOf(cell("MSFT", "Tech Score"))).toBe("good");
  expect(getComputedStyle(cell("MSFT", "Tech Score").querySelector("[data-tone]") as HTMLElement).color).toBe(rgbOf(lightTheme.colors.primary)); // primary blue
  expect(toneOf(cell("AMZN", "Tech Score"))).toBe("good"); // 80 is not above 80
  expect(toneOf(cell("AAPL", "Tech Score"))).toBeNull(); // 60 is not above 60

  expect(toneOf(cell("NVDA", "Sentiment"))).toBe("positive");
  expect(cell("NVDA", "Sentiment").textContent).toBe("+0.25▲ (positive)");
  expect(toneOf(cell("MSFT", "Sentiment"))).toBe("negative");
  expect(toneOf(cell("AAPL", "Sentiment"))).toBeNull(); // 0.2 is not above 0.2
  expect(toneOf(cell("JPM", "Sentiment"))).toBeNull(); // −0.1 is not below −0.1
  expect(cell("AMZN", "Sentiment").textContent).toBe("—");

  expect(cell("NVDA", "Analyst Activity").textContent).toBe("↑2 up ↓1 down");
  expect(cell("AAPL", "Analyst Activity").textContent).toBe("0"); // no actions: no arrows
  expect(cell("NVDA", "Momentum").textContent).toBe("Strong bullish");
  expect(cell("MSFT", "P/E").textContent).toBe("—");
  expect(cell("NVDA", "Price").textContent).toBe("$100.00");
  expect(cell("NVDA", "Volume").textContent).toBe("1.5M");
});

test("every column has a header, short where the name is long, named in full for assistive technology", async () => {
  await renderResults({ rows: [row("NVR", { price: 4867.25, sma50: 4712.5, peRatio: 1234.56, analystUpgrades: 3 })] });
  const headers = within(resultsTable()).getAllByRole("columnheader");
  expect(headers.map((th) => th.querySelector("button")?.title)).toEqual([
    "Ticker", "Price", "SMA 5", "SMA 20", "SMA 50", "RSI", "Volume", undefined, "Sentiment", "News Count", "Analyst Activity", undefined, "P/E", "Market Cap", "Beta",
  ].map((title) => title ?? "")); // Tech Score and Momentum explain themselves in a tooltip instead
  expect(within(resultsTable()).getByRole("columnheader", { name: "News Count" }).textContent).toBe("NewsNews Count");
  // Four-digit figures drop their cents to fit; the exact figure is in the title.
  expect(cell("NVR", "Price").textContent).toBe("$4,867");
  expect((cell("NVR", "Price").firstElementChild as HTMLElement).title).toBe("$4,867.25");
  expect(cell("NVR", "SMA 50").textContent).toBe("4,713");
  expect(cell("NVR", "SMA 20").textContent).toBe("99.00");
  expect(cell("NVR", "P/E").textContent).toBe("1,235");
  expect(cell("NVR", "Analyst Activity").textContent).toBe("↑3 up");
});

test("ticker cells link to the stock's detail page", async () => {
  await renderResults();
  const link = screen.getByRole("link", { name: "NVDA" });
  expect(link.getAttribute("href")).toBe("/stocks/NVDA");
  expect(within(link.closest("th") as HTMLElement).getByText("NVDA Inc.")).toBeTruthy();
});

test("the Tech Score header shows the server's formula on hover or focus", async () => {
  await renderResults();
  fireEvent.focus(within(screen.getByRole("columnheader", { name: /^Tech Score/ })).getByRole("button"));
  expect((await screen.findByRole("tooltip")).textContent).toContain("40% RSI position + 30% MA spread + 30% volume trend");
});

test("sorts by any column from its header, announcing the order with aria-sort, missing values last", async () => {
  await renderResults();
  // The server's order first: technical score, highest first.
  expect(tickers()).toEqual(["NVDA", "AMZN", "MSFT", "AAPL", "JPM"]);
  expect(columnHeader("Tech Score").getAttribute("aria-sort")).toBe("descending");

  clickHeader("RSI");
  expect(columnHeader("RSI").getAttribute("aria-sort")).toBe("descending");
  expect(columnHeader("Tech Score").getAttribute("aria-sort")).toBe("none");
  expect(tickers()).toEqual(["NVDA", "AAPL", "JPM", "MSFT", "AMZN"]);

  clickHeader("RSI");
  expect(columnHeader("RSI").getAttribute("aria-sort")).toBe("ascending");
  expect(tickers()).toEqual(["MSFT", "JPM", "AAPL", "NVDA", "AMZN"]);
  expect(screen.getByText("Sorted by RSI, ascending.")).toBeTruthy();

  clickHeader("Ticker");
  expect(tickers()).toEqual(["AAPL", "AMZN", "JPM", "MSFT", "NVDA"]);
});

test("each header cell is one sort button filling the cell, named by the column's full label, reached with Tab", async () => {
  await renderResults();
  for (const header of within(resultsTable()).getAllByRole("columnheader")) {
    const button = within(header).getByRole("button");
    // The button is the cell's only content and fills it, so a click anywhere in the cell sorts.
    expect(header.querySelectorAll("button")).toHaveLength(1);
    expect(getComputedStyle(button).width).toBe("100%");
    expect(getComputedStyle(button).height).toBe("100%");
    expect(getComputedStyle(header).paddingLeft).toBe("0px");
    // A native button: focusable in tab order, Enter and Space press it.
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("tabindex")).toBeNull();
  }
  expect(within(columnHeader("Volume")).getByRole("button").textContent).toContain("Vol");
  expect(within(columnHeader("Volume")).getByRole("button", { name: "Volume" })).toBeTruthy();
});

test("with 4,000 rows only the visible window is rendered, and scrolling brings later rows in", async () => {
  const many = Array.from({ length: 4000 }, (_, index) => row(`T${String(index).padStart(4, "0")}`.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)]), { technicalScore: 100 - index / 40 }));
  await renderResults({ rows: many });
  expect(resultsTable().getAttribute("aria-rowcount")).toBe("4001");
  const rendered = bodyRows().filter((tr) => tr.getAttribute("aria-hidden") !== "true");
  expect(rendered.length).toBeGreaterThan(0);
  expect(rendered.length).toBeLessThan(60);
  expect(screen.queryByRole("link", { name: "TDJJJ" })).toBeNull(); // the 4,000th row

  const scrollArea = screen.getByRole("region", { name: /Screening results table/ });
  await act(async () => {
    scrollArea.scrollTop = 4000 * ROW_HEIGHT - VIEWPORT_HEIGHT;
    fireEvent.scroll(scrollArea);
  });
  expect(await screen.findByRole("link", { name: "TDJJJ" })).toBeTruthy();
  expect(screen.queryByRole("link", { name: "TAAAA" })).toBeNull();
  expect(bodyRows().filter((tr) => tr.getAttribute("aria-hidden") !== "true").length).toBeLessThan(60);
});

test("Export CSV downloads basic_screening_results.csv with the spec's columns in the table's sort order", async () => {
  const downloads = captureDownloads();
  await renderResults();
  clickHeader("Ticker");
  fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));

  const [file] = await downloads.read();
  expect(file.fileName).toBe("basic_screening_results.csv");
  const lines = file.text.split("\r\n");
  expect(lines[0]).toBe("Ticker,Price,SMA 5,SMA 20,SMA 50,RSI,Volume,Tech Score,Sentiment,News Count,Analyst Activity,Momentum,P/E,Market Cap,Beta");
  expect(lines.slice(1, 6).map((line) => line.split(",")[0])).toEqual(["AAPL", "AMZN", "JPM", "MSFT", "NVDA"]);
});

test("no matches: says so plainly and offers no export", async () => {
  await renderResults({ rows: [] });
  expect(screen.getByText("No stocks matched")).toBeTruthy();
  expect(screen.queryByRole("table")).toBeNull();
  expect(screen.queryByRole("button", { name: "Export CSV" })).toBeNull();
});
