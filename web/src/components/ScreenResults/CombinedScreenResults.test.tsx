import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderWithProviders } from "../../../test/render";
import { Providers } from "../../Providers";
import { CombinedResultsSkeleton, CombinedScreenResults } from "./CombinedScreenResults";
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

const rowOf = (ticker: string) => screen.getByRole("link", { name: ticker }).closest("tr") as HTMLElement;
const cellOf = (ticker: string, column: string) => {
  const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
  return rowOf(ticker).children[headers.indexOf(column)] as HTMLElement;
};
const toneOf = (element: HTMLElement) => element.querySelector("[data-tone]")?.getAttribute("data-tone") ?? null;

test("shows the tiles and the first 10 rows of the combined run, graded, with the spec's columns", async () => {
  await renderCombined();
  expect(screen.getByText("Universe", { selector: "dt" }).nextElementSibling?.textContent).toBe("503");
  expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
    "Ticker",
    "Price",
    "Grade",
    "Combined Score",
    "Tech Score",
    "Sentiment",
    "News",
    "Crossover",
    "Momentum",
  ]);
  expect(screen.getAllByRole("row")).toHaveLength(11); // header + 10
  expect(screen.queryByRole("link", { name: "IBM" })).toBeNull();
  expect(screen.getByText("Top 10 of 12 matches, by combined score")).toBeTruthy();
  expect(within(cellOf("NVDA", "Grade")).getByLabelText("Grade A").textContent).toBe("A");
  expect(cellOf("NVDA", "Combined Score").textContent).toBe("90.00");
  expect(cellOf("NVDA", "Crossover").textContent).toBe("✓ Yes");
  expect(cellOf("MSFT", "Crossover").textContent).toBe("No");
  expect(screen.getByRole("link", { name: "NVDA" }).getAttribute("href")).toBe("/stocks/NVDA");
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
  fireEvent.focus(screen.getByText("Combined Score", { selector: "span" }));
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
