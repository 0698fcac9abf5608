import { renderApp } from "../../../test/render";
import type { IMocks } from "@graphql-tools/mock";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { renderWithProviders } from "../../../test/render";
import { recordedLines } from "../../../test/chart-lines";
import { HedgeFundHoldingsSection } from "../../components/HedgeFundHoldings/HedgeFundHoldingsSection";
import { answerGraphQL, signedIn, signedOut } from "../Auth/accountTestKit";
import { HedgeFundTrackerPageQuery } from "./HedgeFundTrackerPage";

jest.mock("lightweight-charts", () => jest.requireActual("../../../test/chart-lines").lightweightChartsStandIn, { virtual: true });

beforeEach(() => {
  recordedLines.length = 0;
});

const holding = (ticker: string | null, issuerName: string, cusip: string, shares: number, value: number, percentPortfolio: number, changeKind: string | null, sharesChange: number | null, sharesChangeFraction: number | null) => ({
  ticker,
  cusip,
  issuerName,
  titleOfClass: "COM",
  putCall: null,
  shares,
  value,
  percentPortfolio,
  changeKind,
  sharesChange,
  sharesChangeFraction,
  valueChange: null,
});

const HOLDINGS = [
  holding("AAPL", "APPLE INC", "037833100", 789_368_450, 135_360_901_805, 40.81, "REDUCED", -116_191_550, -0.1283),
  holding("BAC", "BANK AMER CORP", "060505104", 1_032_852_006, 39_165_747_067, 11.81, "UNCHANGED", 0, 0),
  holding(null, "LIBERTY MEDIA CORP DEL", "531229789", 43_208_291, 1_100_083_089, 0.33, "ADDED", 1_000, 0.0001),
  holding("CB", "CHUBB LIMITED", "H1467J104", 25_923_840, 6_717_644_659, 2.03, "ADDED", 5_823_840, 0.2897),
  holding("OXY", "OCCIDENTAL PETE CORP", "674599105", 248_018_128, 16_118_698_138, 4.86, "ADDED", 4_700_000, 0.0193),
  holding("HPQ", "HP INC", "40434L105", 0, 0, 0, "SOLD_OUT", -22_852_715, -1),
];

const FUND = {
  cik: "0001067983",
  name: "BERKSHIRE HATHAWAY INC",
  asOf: "2024-05-15",
  importStatus: { liveImport: "off: SEC_USER_AGENT is not set (SEC requires a User-Agent naming the client)", lastSuccessAt: null, lastError: null },
  quarters: [{ quarterEnd: "2024-03-31" }, { quarterEnd: "2023-12-31" }],
  quarter: {
    quarterEnd: "2024-03-31",
    previousQuarterEnd: "2023-12-31",
    filedAt: null,
    accessionNumber: null,
    formType: "13F-HR",
    amendment: false,
    source: "snapshot",
    sourceLabel: "SEC EDGAR 13F (bundled snapshot)",
    filingUrl: "https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0001067983&type=13F-HR&dateb=&owner=include&count=40",
    totalValue: 331_703_047_000,
    holdingsCount: 41,
    top10Weight: 0.872,
    changeCounts: { new: 1, added: 3, reduced: 9, soldOut: 2, unchanged: 28 },
  },
  holdings: { totalCount: HOLDINGS.length, edges: HOLDINGS.map((node) => ({ node })) },
  valueHistory: [
    { cusip: "037833100", ticker: "AAPL", issuerName: "APPLE INC", points: [{ quarterEnd: "2023-12-31", value: 174_347_466_800 }, { quarterEnd: "2024-03-31", value: 135_360_901_805 }] },
    { cusip: "060505104", ticker: "BAC", issuerName: "BANK AMER CORP", points: [{ quarterEnd: "2024-03-31", value: 39_165_747_067 }] },
  ],
};

/** dataCoverage for the as-of control: the app's default day is the one the mocked server answers for. */
const COVERAGE = {
  defaultAsOf: "2024-05-15",
  latestPriceDate: "2024-05-15",
  prices: [{ source: "alphavantage-snapshot", firstDate: "2018-01-02", lastDate: "2024-05-15", bars: 100, tickers: 500 }],
  days: [],
};

/** The schema mocks answer fields with arguments (quarter, holdings, valueHistory) from their type's mock. */
function fundMocks(holdings = FUND.holdings): IMocks {
  let series = 0;
  return {
    HedgeFundQuarter: () => FUND.quarter,
    HedgeFundHoldingsConnection: () => holdings,
    HedgeFundValueSeries: () => FUND.valueHistory[series++ % FUND.valueHistory.length],
  };
}

function renderTracker(viewer: IMocks) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, HedgeFundTrackerPageQuery, () => ({
    ...viewer,
    ...fundMocks(),
    DataCoverage: () => COVERAGE,
    Query: () => ({ ...(viewer.Query ? (viewer.Query as () => object)() : {}), hedgeFund: FUND }),
  }));
  const { router } = renderApp("/hedge-fund-tracker", environment);
  return router;
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));

test("visitors and Basic users get the spec's gate page", async () => {
  renderTracker(signedOut);
  expect(await screen.findByRole("heading", { name: "Hedge Fund Tracker" })).toBeTruthy();
  expect(screen.getByText("Follow institutional holdings and 13F filings.")).toBeTruthy();
  expect(screen.queryByRole("table")).toBeNull();
});

test("a Pro user sees the quarter, its filing and source, the holdings with labelled changes, and the value chart", async () => {
  const router = renderTracker(signedIn({ hasProAccess: true }));
  expect(await screen.findByRole("heading", { name: /BERKSHIRE HATHAWAY INC/ })).toBeTruthy();
  const summary = screen.getByRole("heading", { name: /BERKSHIRE HATHAWAY INC/ }).closest("section")!;
  expect(summary.textContent).toContain("$331.70B");
  // The day the server answered for, asked for at the app's as-of day.
  expect(screen.getByText("As of May 15, 2024")).toBeTruthy();
  expect(summary.textContent).toContain("1 new, 3 added, 9 reduced, 2 sold out, 28 unchanged");
  expect(summary.textContent).toContain("filing date not in the bundled file");
  expect(summary.textContent).toContain("SEC EDGAR 13F (bundled snapshot)");
  expect(summary.textContent).toContain("off: SEC_USER_AGENT is not set");
  expect(within(summary).getByRole("link", { name: "The fund's 13F filings on SEC EDGAR" }).getAttribute("href")).toBe(FUND.quarter.filingUrl);

  const table = screen.getByRole("table", { name: /13F holdings of the quarter ended 2024-03-31/ });
  const rows = bodyRows(table);
  expect(rows[0]).toEqual(["AAPLAPPLE INC", "789,368,450", "$135.36B", "40.81 %", "Reduced −12.8 %", "−116,191,550", "—"]);
  // A CUSIP with no ticker is shown by its issuer; a sold-out position says so in words.
  expect(rows.some((row) => row[0] === "LIBERTY MEDIA CORP DELCUSIP 531229789, no ticker known")).toBe(true);
  expect(rows.at(-1)![4]).toBe("Sold out");

  fireEvent.click(within(table).getByRole("button", { name: "Security" }));
  expect(within(table).getByRole("columnheader", { name: /Security/ }).getAttribute("aria-sort")).toBe("ascending");
  expect(bodyRows(table)[0][0]).toBe("AAPLAPPLE INC");
  expect(bodyRows(table)[1][0]).toBe("BACBANK AMER CORP");

  expect(await screen.findByRole("img", { name: /Reported value in billions of USD/ })).toBeTruthy();
  // Stacked: BAC's area (drawn first, under AAPL's) reaches the total; BAC held nothing at 2023-12-31.
  expect(recordedLines.map((line) => line.title)).toEqual(["BAC", "AAPL"]);
  expect(recordedLines[1].data).toEqual([
    { time: "2023-12-31", value: 174.3474668 },
    { time: "2024-03-31", value: 135.360901805 },
  ]);
  expect(recordedLines[0].data).toEqual([
    { time: "2023-12-31", value: 174.3474668 },
    { time: "2024-03-31", value: 135.360901805 + 39.165747067 },
  ]);

  fireEvent.change(screen.getByRole("combobox", { name: "Quarter" }), { target: { value: "2023-12-31" } });
  await waitFor(() => expect(router.state.location.search).toBe("?quarter=2023-12-31"));
});

test("the /ai-features section shows the fund, quarter, total and the first 5 holdings with their change", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, [], () => ({
    ...fundMocks({ totalCount: 5, edges: HOLDINGS.slice(0, 5).map((node) => ({ node })) }),
    DataCoverage: () => COVERAGE,
    Query: () => ({ hedgeFund: FUND }),
  }));
  // Awaited: the section suspends until the as-of coverage settles, and React retries it only then.
  await act(async () => {
    renderWithProviders(<HedgeFundHoldingsSection />, environment);
  });
  const section = (await screen.findByRole("heading", { name: "Hedge Fund 13F Holdings" })).closest("section")!;
  expect(await within(section).findByText(/quarter ended 2024-03-31: \$331\.70B in 41 holdings; changes vs 2023-12-31/)).toBeTruthy();
  const rows = bodyRows(within(section).getByRole("table"));
  expect(rows).toHaveLength(5);
  expect(rows[0]).toEqual(["AAPLAPPLE INC", "789,368,450", "$135.36B", "40.81 %", "Reduced −12.8 %"]);
  expect(section.textContent).toContain("Source: SEC EDGAR 13F (bundled snapshot), filing date not in the bundled file");
  expect(within(section).getByRole("link", { name: /Hedge Fund Tracker/ }).getAttribute("href")).toBe("/hedge-fund-tracker");
});
