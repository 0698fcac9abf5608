import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderWithProviders } from "../../../test/render";
import { Providers } from "../../Providers";
import { clearScreenSession } from "../ScreenForm/screenSession";
import { CombinedResultsSkeleton, CombinedScreenResults } from "./CombinedScreenResults";
import { captureDownloads, cellOf as tableCell, clickHeader, columnHeader, mockTableViewport, resultsTable, tickers } from "./resultsTableTesting";
import type { CombinedScreenResultsTestQuery } from "./__generated__/CombinedScreenResultsTestQuery.graphql";

const TestQuery = graphql`
  query CombinedScreenResultsTestQuery {
    combinedScreen(input: { universe: SP500 }) {
      ...CombinedScreenResults_result
    }
    screenMethodology {
      ...ScoreHelp_methodology
    }
  }
`;

function Harness() {
  const data = useLazyLoadQuery<CombinedScreenResultsTestQuery>(TestQuery, {});
  return <CombinedScreenResults result={data.combinedScreen} methodology={data.screenMethodology} />;
}

const GRADES = ["A", "A", "B", "B", "C", "C", "D", "D", "D", "D", "D", "D"];
const SENTIMENTS = [0.15, -0.15, 0.1, -0.1, null, 0.5, 0, 0, 0, 0, 0, 0];
const TICKERS = ["NVDA", "MSFT", "AAPL", "JPM", "AMZN", "META", "GOOGL", "TSLA", "ORCL", "NFLX", "IBM", "INTC"];

async function renderCombined() {
  const environment = createMockEnvironment();
  renderWithProviders(<Harness />, environment);
  const operation = await waitFor(() => environment.mock.getMostRecentOperation());
  const nodes = TICKERS.map((ticker, index) => ({
    ticker,
    name: `${ticker} Corp.`,
    price: 50 + index,
    grade: GRADES[index],
    combinedScore: 90 - index * 5,
    technicalScore: 85 - index * 3,
    sentimentScore: SENTIMENTS[index],
    newsCount: 12 - index,
    crossover: index % 2 === 0,
    momentum: index === 0 ? "STRONG_BULLISH" : "NEUTRAL",
    latestHeadline: null,
    recencyHours: null,
  }));
  const response = executeAgainstSchema(operation, {
    CombinedScreenResult: () => ({
      runId: "run-2",
      source: "Alpha Vantage daily prices (bundled snapshot); news: bundled headlines",
      asOf: "2021-04-21",
      isSnapshot: true,
      betaProxy: null,
      newsAsOf: null,
      stats: { universeSize: 503, withPriceData: 496, maPassCount: 281, matched: nodes.length },
      warnings: [],
      rows: { totalCount: nodes.length, edges: nodes.map((node) => ({ cursor: node.ticker, node })) },
    }),
    ScreenMethodology: () => ({
      technicalScoreFormula: "technical formula",
      momentumRule: "momentum rule",
      combinedScoreFormula: "combined = 0.6 × technical + 0.4 × sentiment scaled to 0–100",
      gradeThresholds: "A ≥ 75, B ≥ 60, C ≥ 45, otherwise D",
    }),
  });
  await act(async () => environment.mock.resolve(operation, response));
  await screen.findByRole("region", { name: "Combined analysis results" });
}

const cellOf = (ticker: string, column: string) => tableCell(ticker, column);
const toneOf = (element: HTMLElement) => element.querySelector("[data-tone]")?.getAttribute("data-tone") ?? null;

beforeEach(() => {
  clearScreenSession();
  mockTableViewport();
});
afterEach(() => jest.restoreAllMocks());

test("shows the tiles and every graded row of the combined run, with the spec's columns, best combined score first", async () => {
  await renderCombined();
  expect(screen.getByText("Symbols Screened", { selector: "dt" }).nextElementSibling?.textContent).toBe("503");
  expect(screen.getByTestId("results-summary").textContent).toBe("12 matches as of Apr 21, 2021");
  const labels = ["Ticker", "Price", "Grade", "Combined Score", "Tech Score", "Sentiment", "News", "Crossover", "Momentum"];
  expect(within(resultsTable()).getAllByRole("columnheader")).toEqual(labels.map((label) => columnHeader(label)));
  // Every match, not a top 10.
  expect(tickers()).toEqual(TICKERS);
  expect(screen.queryByText(/Top 10/)).toBeNull();
  expect(within(cellOf("NVDA", "Grade")).getByLabelText("Grade A").textContent).toBe("A");
  expect(cellOf("NVDA", "Combined Score").textContent).toBe("90.00");
  expect(cellOf("NVDA", "Crossover").textContent).toBe("✓ Yes");
  expect(cellOf("MSFT", "Crossover").textContent).toBe("No");
  expect(screen.getByRole("link", { name: "NVDA" }).getAttribute("href")).toBe("/stocks/NVDA");
});

test("sorts from any header cell with aria-sort, and exports every row in that order", async () => {
  const downloads = captureDownloads();
  await renderCombined();
  expect(columnHeader("Combined Score").getAttribute("aria-sort")).toBe("descending");
  clickHeader("News");
  expect(columnHeader("News").getAttribute("aria-sort")).toBe("descending");
  expect(columnHeader("Combined Score").getAttribute("aria-sort")).toBe("none");
  clickHeader("News");
  expect(columnHeader("News").getAttribute("aria-sort")).toBe("ascending");
  expect(tickers()).toEqual([...TICKERS].reverse());

  fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
  const [file] = await downloads.read();
  expect(file.fileName).toBe("combined_screening_results.csv");
  const lines = file.text.trimEnd().split("\r\n");
  expect(lines[0]).toBe("Ticker,Price,Grade,Combined Score,Tech Score,Sentiment,News,Crossover,Momentum");
  expect(lines).toHaveLength(13);
  expect(lines[1]).toBe("INTC,61.00,D,35.00,52.00,0.000,1,no,neutral");
  expect(lines.at(-1)).toBe("NVDA,50.00,A,90.00,85.00,0.150,12,yes,strong_bullish");
});

test("sentiment is coloured at ±0.1 in the combined table", async () => {
  await renderCombined();
  expect(toneOf(cellOf("NVDA", "Sentiment"))).toBe("positive"); // 0.15: neutral in the basic table, positive here
  expect(toneOf(cellOf("MSFT", "Sentiment"))).toBe("negative");
  expect(toneOf(cellOf("AAPL", "Sentiment"))).toBeNull(); // 0.1 is not above 0.1
  expect(toneOf(cellOf("JPM", "Sentiment"))).toBeNull();
  expect(cellOf("AMZN", "Sentiment").textContent).toBe("—");
});

test("the score headers explain the formulas on focus", async () => {
  await renderCombined();
  fireEvent.focus(within(columnHeader("Combined Score")).getByRole("button"));
  expect((await screen.findByRole("tooltip")).textContent).toContain("combined = 0.6 × technical + 0.4 × sentiment scaled to 0–100");
});

test("while a run is pending, five skeleton rows stand under the headers", () => {
  render(
    <Providers environment={createMockEnvironment()}>
      <CombinedResultsSkeleton />
    </Providers>,
  );
  expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);
  expect(screen.getByRole("region", { name: "Combined analysis results" }).getAttribute("aria-busy")).toBe("true");
  expect(screen.getByText("Running combined analysis…")).toBeTruthy();
});
