import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { answerGraphQL, signedIn, signedOut } from "../Auth/accountTestKit";
import { AiFeaturesPageQuery } from "./AiFeaturesPage";
import { COVERAGE, picksConnection, TRACK_RECORD } from "./aiPicksTestData";
import { recordedLines } from "../../../test/chart-lines";

// lightweight-charts draws on canvas, which jsdom lacks: a stand-in records the lines each chart is given.
jest.mock("lightweight-charts", () => jest.requireActual("../../../test/chart-lines").lightweightChartsStandIn, { virtual: true });

beforeEach(() => {
  recordedLines.length = 0;
});

interface Setup {
  viewer: IMocks;
  aiPicks?: object;
  aiTrackRecord?: object;
  path?: string;
}

/** The page with every operation answered; the Pro table's pages hold ranks 1–8 then 9–10. Returns the operations asked. */
function renderPage({ viewer, aiPicks = picksConnection([1, 2, 3, 4, 5], 10), aiTrackRecord = TRACK_RECORD, path = "/ai-features" }: Setup) {
  const environment = createMockEnvironment();
  const operations: OperationDescriptor[] = [];
  // The page loads its query itself once it knows the default day (loadQuery needs the operation expected).
  environment.mock.queuePendingOperation(AiFeaturesPageQuery, { asOf: COVERAGE.defaultAsOf });
  answerGraphQL(environment, AiFeaturesPageQuery, (operation) => {
    operations.push(operation);
    const name = operation.request.node.params.name;
    const picks =
      name === "AiPicksTableQuery"
        ? picksConnection([1, 2, 3, 4, 5, 6, 7, 8], 10, true)
        : name === "AiPicksTablePaginationQuery"
          ? picksConnection([9, 10], 10)
          : aiPicks;
    const viewerQuery = viewer.Query ? (viewer.Query as () => object)() : {};
    return { ...viewer, DataCoverage: () => COVERAGE, Query: () => ({ ...viewerQuery, aiPicks: picks, aiTrackRecord }) };
  });
  renderApp(path, environment);
  return operations;
}

const picksSection = async () => within((await screen.findByRole("heading", { name: "AI Stock Picks" })).closest("section")!);

/** Each body row's cells' text. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));

test("a visitor sees the top 5 with score, price, 1-month return and why, and the full ranking only as a blurred preview", async () => {
  const operations = renderPage({ viewer: signedOut });
  const picks = await picksSection();
  expect(await picks.findByText("Picks of Apr 22, 2020")).toBeTruthy();
  picks.getByText(/Equal-weight factor composite, chosen and fitted on 2020-04-01 on 123,456 ticker-days \(training through 2020-03-02\)/);
  // The model has shown no edge: the picks say what they are.
  picks.getByText("A ranking, not a proven forecast");
  const source = picks.getByRole("note", { name: "About this data" });
  expect(source.textContent).toContain("Offline snapshot");
  expect(source.textContent).toContain("Alpha Vantage daily prices (bundled snapshot, 2018-01-02 → 2021-04-21)");
  expect(source.textContent).toContain("Finnhub (12,345 articles, 2019-01-02 → 2021-04-21, snapshot)");

  const rows = bodyRows(picks.getByRole("table"));
  expect(rows).toHaveLength(5);
  expect(rows[0].slice(0, 5)).toEqual(["1", "TK1Company 1 Inc.", "69.0 %", "$101.00", "-1.00 %"]);
  expect(rows[0][5]).toContain("12-1 momentum +0.11, RSI 14 −0.03, 60-day volatility +0.01");
  expect(rows[0][5]).toContain("12-1 momentum: +45.2 % → +0.11");
  expect(rows[0][5]).toContain("News sentiment: — → +0.00");
  // The news note shows where news was neutral for lack of articles.
  expect(rows[1][5]).toContain("No articles named TK2 in the 7 days to 2020-04-22: the news input is neutral (0).");
  expect(rows[0][5]).not.toContain("articles named");
  expect(picks.getByRole("link", { name: "TK1" }).getAttribute("href")).toBe("/stocks/TK1");

  const overlay = screen.getByRole("heading", { name: "Unlock the full AI ranking" }).closest("section")!;
  expect(within(overlay).getByText("Pro Feature")).toBeTruthy();
  const preview = overlay.querySelector("[inert]")!;
  expect(preview.getAttribute("aria-hidden")).toBe("true");
  expect(preview.textContent).toContain("AI score");
  expect(preview.textContent).not.toMatch(/TK\d|%|\$/);

  // The hedge fund and earnings sections stay blurred too.
  const proSections = screen.getByRole("heading", { name: "Unlock hedge fund holdings and earnings predictions" }).closest("section")!;
  expect(proSections.querySelector("[inert]")!.textContent).toContain("Hedge Fund 13F Holdings");

  // Never asked for more than the free 5, so the page cannot meet PRO_REQUIRED.
  const names = operations.map((operation) => operation.request.node.params.name);
  expect(names).not.toContain("AiPicksTableQuery");
  expect(names).toContain("AiFeaturesPageQuery");
  const asked = operations.flatMap((operation) => [...(operation.request.node.params.text ?? "").matchAll(/aiPicks\(first: (\w+)/g)].map((match) => match[1]));
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((first) => first === "5")).toBe(true);
});

test("without ?asOf= the picks are the app's default as-of day", async () => {
  const operations = renderPage({ viewer: signedIn({ hasProAccess: false }) });
  await (await picksSection()).findByText("Picks of Apr 22, 2020");
  await waitFor(() => expect(operations.some((operation) => operation.request.variables.asOf === COVERAGE.defaultAsOf)).toBe(true));
});

test("with ?asOf= the picks are that day's, and ticker links keep the day", async () => {
  const operations = renderPage({ viewer: signedIn({ hasProAccess: false }), path: "/ai-features?asOf=2020-04-22" });
  const picks = await picksSection();
  await picks.findByText("Picks of Apr 22, 2020");
  expect(operations[0].request.variables.asOf).toBe("2020-04-22");
  expect(picks.getByRole("link", { name: "TK3" }).getAttribute("href")).toBe("/stocks/TK3?asOf=2020-04-22");
  screen.getByText("As of Apr 22, 2020");
});

test("a Pro user gets the whole ranking, sortable by clicking a header, with more rows on request", async () => {
  renderPage({ viewer: signedIn({ hasProAccess: true }) });
  // Settled at the default day (the first load, made before the day was known, asked for the latest).
  await waitFor(() => expect((screen.getByText("Picks of Apr 22, 2020").closest("[aria-busy]") as HTMLElement).getAttribute("aria-busy")).toBe("false"));
  const ranking = within((await screen.findByRole("heading", { name: "Full AI ranking" })).closest("section")!);
  expect(screen.queryByText("Pro Feature")).toBeNull();
  const table = ranking.getByRole("table");
  const tickers = () => bodyRows(table).map((row) => row[1]?.slice(0, row[1].indexOf("Company")));
  expect(tickers()).toEqual(["TK1", "TK2", "TK3", "TK4", "TK5", "TK6", "TK7", "TK8"]);
  ranking.getByText("Showing 8 of 10 tickers scored on Apr 22, 2020. Click a column header to sort the loaded rows.");

  const oneMonth = ranking.getByRole("button", { name: "1-month return" });
  fireEvent.click(oneMonth);
  expect(oneMonth.closest("th")!.getAttribute("aria-sort")).toBe("descending");
  expect(tickers()).toEqual(["TK8", "TK6", "TK4", "TK2", "TK1", "TK3", "TK5", "TK7"]);
  fireEvent.click(oneMonth);
  expect(oneMonth.closest("th")!.getAttribute("aria-sort")).toBe("ascending");
  expect(tickers()[0]).toBe("TK7");
  fireEvent.click(ranking.getByRole("button", { name: "Rank" }));
  expect(tickers()[0]).toBe("TK1");
  expect(ranking.getByRole("button", { name: "AI score" }).closest("th")!.getAttribute("aria-sort")).toBe("none");

  fireEvent.click(ranking.getByRole("button", { name: "Load 2 more" }));
  await waitFor(() => expect(tickers()).toHaveLength(10));
  expect(ranking.queryByRole("button", { name: /Load/ })).toBeNull();

  // The 13F and earnings sections, each with its own data (no blurred preview).
  expect(await screen.findByRole("heading", { name: /Hedge Fund 13F Holdings/ })).toBeTruthy();
  expect(await screen.findByRole("heading", { name: /Earnings Predictions/ })).toBeTruthy();
  expect(screen.queryByText("Unlock hedge fund holdings and earnings predictions")).toBeNull();
});

test("the track record shows the verdict, the strategies, the ICs, the chart, every month and how it is measured", async () => {
  renderPage({ viewer: signedOut });
  const record = within((await screen.findByRole("heading", { name: "Track record" })).closest("section")!);
  record.getByText("Verdict: no edge shown");
  record.getByText(/has shown no edge over the simplest rules/);
  record.getByText(/2 monthly rebalances from Mar 1, 2019 to May 1, 2019/);

  const [strategies, calibration, sensitivity, months] = record.getAllByRole("table");
  // Every mean with its interval; "not significant" where it includes zero.
  expect(bodyRows(strategies)[0]).toEqual([
    "AI picks, top 5",
    "0.031 (95 % interval −0.012 to 0.074, not significant)",
    "1.25",
    "51.0 % (95 % interval 46.0 % to 56.0 %)",
    "+0.50 % (95 % interval −0.50 % to +1.50 %, not significant)",
    "0.40",
    "+12.30 %",
    "+6.15 %",
    "18.2 %",
    "80.0 %",
  ]);
  expect(bodyRows(strategies)[2][1]).toBe("0.041 (95 % interval 0.004 to 0.080)");
  expect(bodyRows(strategies)[4]).toEqual(["Equal-weight members", "—", "—", "—", "—", "—", "+5.00 %", "+2.50 %", "18.2 %", "—"]);
  expect(record.getByText("Mean IC, AI model").nextElementSibling!.textContent).toBe("0.031 (95 % interval −0.012 to 0.074, not significant) Newey–West t 1.25");
  expect(record.getByText("Mean IC, best baseline: 1-month reversal").nextElementSibling!.textContent).toBe("0.041 (95 % interval 0.004 to 0.080) Newey–West t 1.65");
  record.getByText(/Equal-weight factor composite 1 month, Boosted trees \(60 of depth 3\) 1 month/);
  record.getByText(/Brier score is 0.2501 against 0.2500 for a constant 50 %/);
  expect(bodyRows(calibration)[0]).toEqual(["40.0 % – 50.0 %", "480", "49.5 %", "49.0 %"]);
  expect(bodyRows(sensitivity)[1]).toEqual(["Top decile", "25 bps", "+4.00 %", "+1.50 %", "+0.10 % (95 % interval −0.40 % to +0.60 %, not significant)"]);

  const monthRows = bodyRows(months);
  expect(monthRows[1].slice(0, 6)).toEqual(["2019-04-01 → 2019-05-01", "+6.95 %", "+7.74 %", "+3.96 %", "-0.011 (0.010)", "2/5"]);
  expect(monthRows[1][6]).toBe("JPM +2.00 %XOM +1.00 %CVX +20.00 %BAC -5.00 %WFC +10.00 %");
  expect(monthRows[2][0]).toBe("2019-05-01 → open");
  expect(monthRows[2][1]).toContain("no outcome yet");
  expect(record.getByRole("link", { name: "CVX" }).getAttribute("href")).toBe("/stocks/CVX");

  record.getByText(TRACK_RECORD.method);
  record.getByText("Inputs known on the scored member-months (the rest sat in the middle rank): 12-1 momentum 100.0 %, Earnings surprise 12.1 %.");
  record.getByText(TRACK_RECORD.survivorship);
  record.getByText(/Costs: 10 bps per unit of turnover/);

  await waitFor(() => expect(recordedLines.map((line) => line.title)).toEqual(["AI top 5", "12-1 momentum top 5", "Factor composite top 5", "Universe"]));
  expect(recordedLines[0].data.at(-1)).toEqual({ time: "2019-05-01", value: 1.123 });
  expect(recordedLines[3].data.at(-1)).toEqual({ time: "2019-05-01", value: 1.05 });
});

test("while the first pass runs, the API's message asks to check again in a few seconds", async () => {
  const computing = "The AI picks are being computed from the stored prices; they appear here in a few seconds.";
  renderPage({
    viewer: signedOut,
    aiPicks: { ...picksConnection([], 0), edges: [], status: "COMPUTING", message: computing, date: null, model: null, sources: null },
    aiTrackRecord: { ...TRACK_RECORD, status: "COMPUTING", message: "The track record is being computed.", strategies: [], curve: [], rebalances: [] },
  });
  const picks = await picksSection();
  expect(await picks.findByText(`${computing} Refresh in a few seconds.`)).toBeTruthy();
  picks.getByRole("button", { name: "Check again" });
  expect(screen.queryByRole("heading", { name: "Unlock the full AI ranking" })).toBeNull();
  screen.getByText("The track record is being computed. Refresh in a few seconds.");
  expect(screen.queryByRole("alert")).toBeNull();
});

test("before the model's first fit the API's message says why there are no picks", async () => {
  const message = "The model's first fit is on 2019-03-01; pick a later day.";
  renderPage({ viewer: signedOut, aiPicks: { ...picksConnection([], 0), edges: [], status: "NO_MODEL", message, model: null } });
  const picks = await picksSection();
  expect(await picks.findByText(message)).toBeTruthy();
  picks.getByText("No AI picks for this day");
});
