import { renderApp } from "../../../test/render";
import type { IMocks } from "@graphql-tools/mock";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { createMockEnvironment } from "relay-test-utils";
import { recordedLines } from "../../../test/chart-lines";
import { loadAsOfCoverage } from "../../components/AsOfControl/useAsOf";
import { EarningsPredictionSection } from "../../components/EarningsPrediction/EarningsPredictionSection";
import { AS_OF, EARNINGS_COVERAGE, SKILL, SOURCE, stockEarnings } from "../../components/EarningsPrediction/earningsTestData";
import { Providers } from "../../Providers";
import { answerGraphQL, signedIn, signedOut } from "../Auth/accountTestKit";
import { EarningsPredictorPageQuery } from "./EarningsPredictorPage";

jest.mock("lightweight-charts", () => jest.requireActual("../../../test/chart-lines").lightweightChartsStandIn, { virtual: true });

beforeEach(() => {
  recordedLines.length = 0;
});

const asked: { name: string; variables: Record<string, unknown> }[] = [];

function proMocks(): IMocks {
  return {
    ...signedIn({ hasProAccess: true }),
    Query: () => ({
      earningsCoverage: { tickers: [{ ticker: "AAPL", name: "Apple Inc." }, { ticker: "MSFT", name: "Microsoft Corp." }], skill: SKILL, source: SOURCE },
    }),
  };
}

/** The page (not yet in routes.tsx) at `path` with every operation answered from the schema. */
function renderPage(mocks: IMocks, path = "/earnings-predictor") {
  asked.length = 0;
  const environment = createMockEnvironment();
  answerGraphQL(environment, EarningsPredictorPageQuery, (operation) => {
    asked.push({ name: operation.request.node.params.name, variables: operation.request.variables });
    const ticker = operation.request.variables.ticker as string | undefined;
    const query = (mocks.Query as (() => object) | undefined)?.() ?? {};
    // Stock.earnings takes asOf: the mock store keys it by its arguments, so the type answers for it.
    const stock = ticker ? { stock: stockEarnings(ticker), StockEarnings: () => stockEarnings(ticker).earnings } : {};
    return { ...mocks, DataCoverage: () => EARNINGS_COVERAGE, StockEarnings: stock.StockEarnings, Query: () => ({ ...query, ...(stock.stock ? { stock: stock.stock } : {}) }) };
  });
  const { router } = renderApp(path, environment);
  return router;
}

test("a visitor gets the spec's gate page and no earnings data is asked for", async () => {
  renderPage(signedOut);
  expect(await screen.findByRole("heading", { name: "Earnings Predictor", level: 1 })).toBeTruthy();
  expect(screen.getByText("Premium Feature")).toBeTruthy();
  expect(screen.getByText("Earnings beat probability and momentum ahead of each report.")).toBeTruthy();
  expect(asked.map((operation) => operation.name)).not.toContain("EarningsPredictorPageQuery");
});

test("a Basic user gets the gate page too", async () => {
  renderPage(signedIn({ hasProAccess: false }));
  expect(await screen.findByText("Premium Feature")).toBeTruthy();
  expect(asked.map((operation) => operation.name)).not.toContain("EarningsPredictorPageQuery");
});

test("a Pro user sees AAPL's next report with the base rate beside the probability, the past record, the chart and the skill", async () => {
  renderPage(proMocks());
  const next = within((await screen.findByRole("heading", { name: /AAPL · Apple Inc.: next report/ })).closest("section")!);
  expect(next.getByText("Next report after Dec 3, 2025")).toBeTruthy();
  expect(next.getByText(/the first report dated after Dec 3, 2025 among the stored ones/)).toBeTruthy();
  // The day the server answered for, and the data asked for that day.
  expect(screen.getByText("As of Dec 3, 2025")).toBeTruthy();
  // The app's first page: its day is not known yet, so the server answers for its default day (and names it).
  expect(asked.find((operation) => operation.name === "EarningsPredictorPageQuery")?.variables).toEqual({ ticker: "AAPL", asOf: null });
  expect(next.getByText("Thu, Jan 29, 2026, after the close")).toBeTruthy();
  expect(next.getByText("87.3 %")).toBeTruthy();
  expect(next.getByText("base rate 82.9 %")).toBeTruthy();
  expect(next.getByText("$2.67")).toBeTruthy();
  expect(next.getByText("steady")).toBeTruthy();
  expect(next.getByText(/Surprise momentum: the mean EPS surprise/)).toBeTruthy();
  expect(screen.getByText(/a snapshot taken in Dec 2025; 2 companies covered/)).toBeTruthy();

  const record = within(screen.getByRole("heading", { name: "Past predictions and surprises, reported by Dec 3, 2025" }).closest("section")!);
  const table = record.getByRole("table");
  const rows = within(table).getAllByRole("row").slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent));
  expect(rows[0]).toEqual(["Thu, Oct 30, 2025, after the close", "90.1 %", "83.0 %", "$1.77", "$1.85", "+4.5 %", "Beat"]);
  expect(rows[1][6]).toBe("Missed or matched");
  fireEvent.click(within(table).getByRole("button", { name: "Predicted beat probability" }));
  expect(within(table).getAllByRole("columnheader")[1].getAttribute("aria-sort")).toBe("descending");
  expect(await record.findByRole("img", { name: /EPS surprise of each reported quarter/ })).toBeTruthy();
  expect(recordedLines[0].data).toEqual([
    { time: "2025-07-31", value: -2.1 },
    { time: "2025-10-30", value: 4.47 },
  ]);

  const skill = within(screen.getByRole("heading", { name: "How good the model is" }).closest("section")!);
  expect(skill.getByText("Brier skill score").nextSibling?.textContent).toBe("+0.010 (95 % interval −0.009 to +0.027) — not significant");
  expect(skill.getByText("Accuracy (0.5 or more calls a beat)").nextSibling?.textContent).toBe(
    "82.6 % · always 'beat' 82.9 % (difference −0.3 points, 95 % interval −0.6 to −0.1)",
  );
  expect(skill.getByText(/Result: not measurably better than always guessing the base rate\./)).toBeTruthy();
  expect(skill.getByText("Expected calibration error (ECE)").nextSibling?.textContent).toBe("0.034");
  expect(skill.getByText("1,807 (2020-04-28 to 2025-12-03)")).toBeTruthy();
});

test("a Pro user picks another covered company", async () => {
  const router = renderPage(proMocks(), "/earnings-predictor?ticker=AAPL");
  fireEvent.change(await screen.findByLabelText("Company"), { target: { value: "MSFT" } });
  expect(await screen.findByRole("heading", { name: /MSFT · MSFT Corp.: next report/ })).toBeTruthy();
  expect(router.state.location.search).toBe("?ticker=MSFT");
  expect(screen.getByText("75.1 %")).toBeTruthy();
});

test("the /ai-features section shows the spec's five tickers, AAPL first, and follows the selector", async () => {
  asked.length = 0;
  const environment = createMockEnvironment();
  answerGraphQL(environment, [], (operation) => {
    asked.push({ name: operation.request.node.params.name, variables: operation.request.variables });
    const ticker = operation.request.variables.ticker as string;
    return { DataCoverage: () => EARNINGS_COVERAGE, StockEarnings: () => stockEarnings(ticker).earnings, Query: () => ({ stock: stockEarnings(ticker) }) };
  });
  // On /ai-features the page has the as-of coverage before the section mounts.
  await loadAsOfCoverage(environment);
  const router = createMemoryRouter([{ path: "*", element: <EarningsPredictionSection /> }]);
  // Awaited: the section suspends until the coverage promise settles, and React retries it only then.
  await act(async () => {
    render(
      <Providers environment={environment}>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  const section = within((await screen.findByRole("heading", { name: "Earnings Predictions" })).closest("section")!);
  expect(await section.findByText("87.3 %")).toBeTruthy();
  expect(section.getByText("base rate 82.9 %")).toBeTruthy();
  const select = section.getByLabelText("Stock") as HTMLSelectElement;
  expect(Array.from(select.options).map((option) => option.value)).toEqual(["AAPL", "MSFT", "GOOGL", "AMZN", "NVDA"]);
  expect(select.value).toBe("AAPL");
  fireEvent.change(select, { target: { value: "NVDA" } });
  expect(await section.findByText("75.1 %")).toBeTruthy();
  expect(asked.at(-1)).toEqual({ name: "EarningsPredictionSectionQuery", variables: { ticker: "NVDA", asOf: AS_OF } });
  expect(section.getByText(/Brier skill score \+0.010 \(95 % interval −0.009 to \+0.027: not measurably better than always guessing the base rate\)/)).toBeTruthy();
  expect(section.getByText(/accuracy 82.6 % against 82.9 % for always calling a beat/)).toBeTruthy();
});
