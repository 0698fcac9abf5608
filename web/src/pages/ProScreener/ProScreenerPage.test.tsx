import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { findToast, renderApp } from "../../../test/render";
import { clearScreenSession } from "../../components/ScreenForm/screenSession";
import { captureDownloads, cellOf, clickHeader, columnHeader, mockTableViewport, tickers } from "../../components/ScreenResults/resultsTableTesting";
import { answerPageQueries, BASIC_ROW, pendingOperation, pendingOperations, resolveOperation, screenerMocks, type ViewerFixture } from "../Screener/screenerTestData";

beforeEach(() => {
  clearScreenSession();
  mockTableViewport();
});
afterEach(() => jest.restoreAllMocks());

const { sma5: _sma5, sma20: _sma20, sma50: _sma50, volume: _volume, maSpreadPct: _spread, ...basicFields } = BASIC_ROW;
const PRO_ROW = {
  ...basicFields,
  grade: "A",
  combinedScore: 81.5,
  latestHeadline: null,
  aiScore: 0.734,
  aiRank: 3,
  aiRankedOf: 480,
  return1m: 0.021,
  return3m: 0.084,
  return12m: 0.512,
  volatility60: 0.284,
  beatProbability: 0.81,
  baseRate: 0.74,
  nextReportDate: "2021-04-28",
  daysToReport: 7,
  earningsCovered: true,
  fundHoldings: [{ fundName: "BERKSHIRE HATHAWAY INC", cik: "0001067983", quarterEnd: "2020-12-31", knownFrom: "2021-02-16", changeKind: "REDUCED", shares: 1, sharesChange: -1 }],
};

/** A second match, lower combined score, with the figures the data may not have left empty. */
const SECOND_ROW = { ...PRO_ROW, ticker: "MSFT", name: "Microsoft Corp.", grade: "B", combinedScore: 66.2, aiScore: null, aiRank: null, aiRankedOf: null, beatProbability: null, daysToReport: 12, nextReportDate: "2021-05-03", fundHoldings: [] };

function proMocks(fixture: ViewerFixture) {
  return {
    ...screenerMocks(fixture),
    ProScreenResult: () => ({
      source: "Alpha Vantage daily prices (bundled snapshot)",
      asOf: "2021-04-21",
      isSnapshot: true,
      betaProxy: null,
      newsAsOf: "2021-04-21T20:00:00.000Z",
      createdAt: "2021-04-21T20:05:00.000Z",
      stats: { universeSize: 5, withPriceData: 5, maPassCount: 3, matched: 2 },
      warnings: [{ code: "EARNINGS_NOT_COVERED", field: "advanced.minBeatProbability", message: "4 symbols are not covered by the earnings predictions and were left out." }],
      factorSources: { day: "2021-04-21", aiPicksDate: "2021-04-21", aiPicksStatus: "READY", aiPicksMessage: null, earnings: "Yahoo Finance (bundled)", funds: [{ cik: "0001067983", name: "BERKSHIRE HATHAWAY INC", quarterEnd: "2020-12-31", knownFrom: "2021-02-16", firstQuarterKnownFrom: "2020-08-14" }] },
      rows: { totalCount: 2, edges: [{ cursor: "0", node: PRO_ROW }, { cursor: "1", node: SECOND_ROW }] },
    }),
  };
}

async function renderPage(fixture: ViewerFixture, path = "/pro-screener") {
  const environment = createMockEnvironment();
  const mocks = proMocks(fixture);
  renderApp(path, environment);
  await answerPageQueries(environment, mocks);
  return { environment, mocks };
}

const askedFor = (environment: ReturnType<typeof createMockEnvironment>, name: string) => pendingOperations(environment, name).length > 0;

test("a visitor gets the spec's gate page, and no Pro screen or form data is asked for", async () => {
  const { environment } = await renderPage({ signedIn: false });
  expect(await screen.findByText("Premium Feature")).toBeTruthy();
  expect(screen.getByText("Advanced multi-factor screening with AI analytics.")).toBeTruthy();
  expect(screen.queryByRole("form", { name: "Pro screen parameters" })).toBeNull();
  expect(askedFor(environment, "useScreenRunProQuery")).toBe(false);
});

test("a Basic user gets the gate page too", async () => {
  await renderPage({ signedIn: true, pro: false });
  expect(await screen.findByText("Premium Feature")).toBeTruthy();
  expect(screen.queryByRole("form", { name: "Pro screen parameters" })).toBeNull();
});

test("a Pro user's advanced filters are checked with the shared rules, naming the field, before anything is sent", async () => {
  const { environment } = await renderPage({ signedIn: true, pro: true });
  const form = within(await screen.findByRole("form", { name: "Pro screen parameters" }));
  fireEvent.change(form.getByLabelText("Min AI score (%)"), { target: { value: "150" } });
  fireEvent.change(form.getByLabelText("Min 3m return (%)"), { target: { value: "50" } });
  fireEvent.change(form.getByLabelText("Max 3m return (%)"), { target: { value: "10" } });
  fireEvent.click(form.getByRole("button", { name: "Run Pro Screen" }));
  expect(await form.findByText("Min AI score (%) must be between 0 and 100.")).toBeTruthy();
  expect(form.getByText("Min 3m return (%) must be at most max 3m return (%).")).toBeTruthy();
  expect(await findToast("Check the advanced filters")).toBeTruthy();
  expect(askedFor(environment, "useScreenRunProQuery")).toBe(false);
});

test("a Pro user runs a preset with advanced filters, sees every row with the extra columns, sorts them and exports them", async () => {
  const downloads = captureDownloads();
  const { environment, mocks } = await renderPage({ signedIn: true, pro: true });
  await screen.findByRole("heading", { name: "Pro Screener", level: 1 });
  fireEvent.click(screen.getByRole("button", { name: "AI top decile with likely beat" }));
  const form = within(screen.getByRole("form", { name: "Pro screen parameters" }));
  expect((form.getByLabelText("Max AI rank") as HTMLInputElement).value).toBe("50");
  fireEvent.click(form.getByRole("checkbox", { name: "Information Technology" }));
  fireEvent.change(form.getByLabelText("Held by a tracked fund, latest change"), { target: { value: "reduced" } });
  fireEvent.click(form.getByRole("button", { name: "Run Pro Screen" }));

  const run = await pendingOperation(environment, "useScreenRunProQuery");
  expect(run.request.variables.input).toMatchObject({
    universe: "SP500",
    advanced: { maxAiRank: 50, minBeatProbability: 0.6, maxDaysToReport: 30, sectors: ["Information Technology"], fundChange: "REDUCED" },
  });
  expect(run.request.variables.input).not.toHaveProperty("batchSize");
  expect(run.request.variables.input).not.toHaveProperty("requireOptions");
  await resolveOperation(environment, run, mocks);
  const region = await screen.findByRole("region", { name: "Pro screen results" });
  // Focus moves to the run's summary, which is read out.
  await waitFor(() => expect(document.activeElement).toBe(within(region).getByTestId("results-summary")));
  expect(document.activeElement?.textContent).toBe("2 matches as of Apr 21, 2021");

  expect(tickers(region)).toEqual(["AAPL", "MSFT"]);
  expect(within(region).getAllByRole("button", { name: /to a watchlist$/ }).map((button) => button.getAttribute("aria-label"))).toEqual([
    "Add AAPL to a watchlist",
    "Add MSFT to a watchlist",
  ]);
  expect(cellOf("AAPL", "AI score", region).textContent).toBe("73.4%");
  expect(cellOf("AAPL", "AI rank", region).textContent).toBe("3 / 480");
  expect(cellOf("AAPL", "Beat probability", region).textContent).toBe("81%");
  expect(cellOf("AAPL", "Days to next report", region).textContent).toBe("7 d");
  expect(cellOf("AAPL", "Funds (13F)", region).textContent).toMatch(/BERKSHIRE HATHAWAY INC: REDUCED/);

  // Sortable from any header cell, with aria-sort; unknown figures last.
  expect(columnHeader("Combined Score", region).getAttribute("aria-sort")).toBe("descending");
  clickHeader("Days to next report", region);
  expect(columnHeader("Days to next report", region).getAttribute("aria-sort")).toBe("ascending");
  clickHeader("Days to next report", region);
  expect(tickers(region)).toEqual(["MSFT", "AAPL"]);
  clickHeader("AI score", region);
  expect(tickers(region)).toEqual(["AAPL", "MSFT"]);
  clickHeader("AI score", region);
  expect(tickers(region)).toEqual(["AAPL", "MSFT"]); // MSFT has no AI score: last either way

  clickHeader("Days to next report", region);
  clickHeader("Days to next report", region);
  fireEvent.click(within(region).getByRole("button", { name: "Export CSV" }));
  const [file] = await downloads.read();
  expect(file.fileName).toBe("pro_screening_results.csv");
  const [header, first, second] = file.text.split("\r\n");
  expect(header.split(",")).toEqual(expect.arrayContaining(["ai_score", "ai_rank", "return_3m", "return_12m", "volatility_60", "beat_probability", "days_to_report", "fund_changes", "sector", "analyst_upgrades", "news_count"]));
  // Every row, in the table's order (days to report, furthest first).
  expect(second).toContain("0.734");
  expect(second).toContain("BERKSHIRE HATHAWAY INC: REDUCED (quarter 2020-12-31)");
  expect(first.startsWith("MSFT,")).toBe(true);
  await waitFor(() => expect(within(screen.getByRole("region", { name: "Saved screens" })).getByLabelText("Name")).toBeTruthy());
});

test("at a chosen day the Pro Screener runs its default criteria on arrival, for Pro users only, and leaves focus be", async () => {
  const { environment, mocks } = await renderPage({ signedIn: true, pro: true }, "/pro-screener?asOf=2021-04-21");
  const run = await pendingOperation(environment, "useScreenRunProQuery");
  expect(run.request.variables.input).toMatchObject({ universe: "SP500", lookbackDays: 120, asOf: "2021-04-21" });
  expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);
  await resolveOperation(environment, run, mocks);
  const region = await screen.findByRole("region", { name: "Pro screen results" });
  expect(tickers(region)).toEqual(["AAPL", "MSFT"]);
  expect(document.activeElement).not.toBe(within(region).getByTestId("results-summary"));

  const visitor = await renderPage({ signedIn: true, pro: false }, "/pro-screener?asOf=2021-04-21");
  expect(await screen.findAllByText("Premium Feature")).toBeTruthy();
  expect(askedFor(visitor.environment, "useScreenRunProQuery")).toBe(false);
});
