import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { renderWithProviders } from "../../../test/render";
import { errorFromGraphQLErrors } from "../../relay/environment";
import { ScreenBacktest } from "./ScreenBacktest";
import type { ScreenBacktestTestQuery } from "./__generated__/ScreenBacktestTestQuery.graphql";
import { recordedLines } from "../../../test/chart-lines";

// lightweight-charts draws on canvas, which jsdom lacks: a stand-in records the lines each chart is given.
jest.mock("lightweight-charts", () => jest.requireActual("../../../test/chart-lines").lightweightChartsStandIn, { virtual: true });

const TestQuery = graphql`
  query ScreenBacktestTestQuery {
    screen(input: { universe: SP500, asOf: "2020-06-01" }) {
      ...ScreenBacktest_result
    }
  }
`;

function Harness() {
  const data = useLazyLoadQuery<ScreenBacktestTestQuery>(TestQuery, {});
  return <ScreenBacktest result={data.screen} />;
}

const holdings = (tickers: string[], close: number, priceDate: string) => tickers.map((ticker) => ({ ticker, weight: 1 / tickers.length, close, priceDate }));

const BACKTEST = {
  screenAsOf: "2020-06-01",
  screenRows: 412,
  topN: 2,
  from: "2020-06",
  to: "2020-07",
  forwardReturns: [
    { tradingDays: 5, endDate: "2020-06-08", rowsWithData: 410, rowsMean: 0.0512, universeWithData: 496, universeMean: 0.041, universeMedian: 0.038, hits: 250, hitRate: 250 / 410 },
    { tradingDays: 21, endDate: "2020-06-30", rowsWithData: 409, rowsMean: -0.012, universeWithData: 495, universeMean: 0.004, universeMedian: 0.001, hits: 180, hitRate: 180 / 409 },
    { tradingDays: 63, endDate: null, rowsWithData: 0, rowsMean: null, universeWithData: 0, universeMean: null, universeMedian: null, hits: 0, hitRate: null },
  ],
  series: [
    { date: "2020-06-01", portfolio: 0.999, universe: 1 },
    { date: "2020-07-01", portfolio: 1.05, universe: 1.02 },
    { date: "2020-07-31", portfolio: 1.1, universe: 1.03 },
  ],
  months: [
    { month: "2020-06", startDate: "2020-06-01", endDate: "2020-07-01", portfolioReturn: 0.05, universeReturn: 0.02, holdingsCount: 2, rowsMatched: 412, turnover: 1, cost: 0.001, universeCount: 496, holdings: holdings(["AAPL", "MSFT"], 80.46, "2020-06-01") },
    { month: "2020-07", startDate: "2020-07-01", endDate: "2020-07-31", portfolioReturn: 0.0476, universeReturn: 0.0098, holdingsCount: 2, rowsMatched: 398, turnover: 0.5, cost: 0.0005, universeCount: 496, holdings: holdings(["AAPL", "NVDA"], 91.03, "2020-07-01") },
  ],
  portfolioReturn: 0.1,
  universeReturn: 0.03,
  portfolioMaxDrawdown: 0.042,
  universeMaxDrawdown: 0.061,
  averageTurnover: 0.75,
  totalCost: 0.0015,
  method: "Forward returns: close on the screen's day to the close 5, 21, 63 trading days later…",
  source: "Alpha Vantage daily prices (bundled snapshot, 2018-01-02 → 2021-04-21)",
  pricesAsOf: "2021-04-21",
  warnings: ["The stored prices end on 2021-04-21, before +63 trading days after 2020-06-01: those forward returns cannot be measured."],
};

async function renderPanel() {
  const environment = createMockEnvironment();
  renderWithProviders(<Harness />, environment);
  const operation = await waitFor(() => environment.mock.getMostRecentOperation());
  await act(async () =>
    environment.mock.resolve(
      operation,
      executeAgainstSchema(operation, {
        BasicScreenResult: () => ({ runId: "run-1", asOf: "2020-06-01", kind: "BASIC" }),
        ScreenRequest: () => ({ universe: "SP500", asOf: "2020-06-01", tickers: null, minRsi: null, maxRsi: null, minSentiment: null, sectorKeyword: null }),
      }),
    ),
  );
  await screen.findByRole("heading", { name: "Backtest this screen" });
  return environment;
}

beforeEach(() => {
  recordedLines.length = 0;
});

test("runs the screen's own request from its as-of month and shows the tiles, the chart and the monthly table", async () => {
  const environment = await renderPanel();
  expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2020-06");
  screen.getByText(/Free plans: one period of up to 12 months and the top 20/);
  fireEvent.change(screen.getByLabelText("Top N"), { target: { value: "2" } });
  fireEvent.click(screen.getByRole("button", { name: "Run backtest" }));

  const operation = await waitFor(() => environment.mock.getMostRecentOperation());
  expect(operation.request.variables.input).toMatchObject({ screen: { universe: "SP500", asOf: "2020-06-01" }, kind: "BASIC", from: "2020-06", to: null, topN: 2 });
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, { ScreenBacktest: () => BACKTEST })));

  const report = await screen.findByRole("region", { name: "Backtest results" });
  const week = within(report).getByLabelText("+5 trading days");
  expect(week.textContent).toContain("+5.12 %");
  expect(week.textContent).toContain("rows vs +4.10 % universe");
  expect(week.textContent).toContain("Hit rate 61.0 % (250 of 410 rows beat the universe median +3.80 %)");
  expect(within(report).getByLabelText("+63 trading days").textContent).toContain("The stored prices end before this horizon.");
  expect(within(report).getByText("Portfolio", { selector: "dt" }).nextElementSibling?.textContent).toContain("+10.00 % max drawdown 4.2 %");

  const rows = within(within(report).getByRole("table")).getAllByRole("row");
  expect(rows.map((row) => Array.from(row.children).slice(0, 5).map((cell) => cell.textContent))).toEqual([
    ["Month", "Portfolio", "Universe", "Holdings", "Turnover"],
    ["2020-06", "+5.00 %", "+2.00 %", "2", "100.0 %"],
    ["2020-07", "+4.76 %", "+0.98 %", "2", "50.0 %"],
  ]);
  expect(rows[2].textContent).toContain("AAPL $91.03 (2020-07-01), NVDA $91.03 (2020-07-01)");

  // The lazily loaded chart draws both cumulative lines.
  await waitFor(() => expect(recordedLines.map((line) => line.title)).toEqual(["Portfolio", "Universe"]));
  expect(recordedLines[0].data.at(-1)).toEqual({ time: "2020-07-31", value: 1.1 });
  screen.getByText(/bundled snapshot, 2018-01-02 → 2021-04-21/);
});

test("shows the plan's limit and an upgrade link when a free caller asks for more", async () => {
  const environment = await renderPanel();
  fireEvent.change(screen.getByLabelText("Top N"), { target: { value: "50" } });
  fireEvent.click(screen.getByRole("button", { name: "Run backtest" }));
  const operation = await waitFor(() => environment.mock.getMostRecentOperation());
  const message = "Free plans hold at most the top 20 rows (asked for 50); Pro holds up to 100";
  await act(async () =>
    environment.mock.reject(operation, errorFromGraphQLErrors([{ message, extensions: { code: "PRO_REQUIRED", fieldErrors: [{ field: "topN", message }] } }])),
  );
  await screen.findByText("Pro plan needed for this backtest");
  screen.getByText("Free plans hold at most the top 20 rows; you asked for 50.");
  expect(screen.getByRole("link", { name: "See Pro plans" }).getAttribute("href")).toBe("/pricing");
});
