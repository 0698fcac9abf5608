import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import type { OperationDescriptor } from "relay-runtime";
import { renderApp } from "../../../test/render";
import { captureDownloads, cellOf, columnHeader, mockTableViewport, tickers as tableTickers } from "../../components/ScreenResults/resultsTableTesting";
import { answerGraphQL, signedIn, signedOut } from "../Auth/accountTestKit";
import { WatchlistsPageQuery } from "./WatchlistsPage";

const AS_OF = "2020-04-22";
const COVERAGE = {
  defaultAsOf: AS_OF,
  latestPriceDate: "2021-04-21",
  prices: [{ source: "alphavantage-snapshot", firstDate: "2018-01-02", lastDate: "2021-04-21", bars: 100, tickers: 500 }],
  days: [],
};

const row = (ticker: string, price: number) => ({
  ticker,
  name: `${ticker} Inc.`,
  price,
  sma5: price,
  sma20: price,
  sma50: price,
  rsi: 50,
  volume: 1_000_000,
  technicalScore: 50,
  sentimentScore: null,
  newsCount: 0,
  analystUpgrades: 0,
  analystDowngrades: 0,
  momentum: "NEUTRAL",
  peRatio: null,
  marketCap: null,
  beta: null,
});

/** KO closed at 40 after 39.60 the bar before; PEP has no earlier stored bar, so no day change. */
const DAY_CHANGES = [
  { ticker: "KO", asOf: AS_OF, close: 40, previousAsOf: "2020-04-21", previousClose: 39.6, change: 0.4, changePercent: 1.0101, source: "Alpha Vantage daily prices (bundled snapshot)" },
];
const FUND_CHANGES = [
  { ticker: "KO", fundName: "BERKSHIRE HATHAWAY INC", quarterEnd: "2019-12-31", knownOn: "2020-02-14", kind: "REDUCED", sharesChangePercent: -6.0532, source: "SEC EDGAR 13F-HR filings" },
  { ticker: "PEP", fundName: "BERKSHIRE HATHAWAY INC", quarterEnd: "2019-12-31", knownOn: "2020-02-14", kind: "NEW", sharesChangePercent: null, source: "SEC EDGAR 13F-HR filings" },
];

/** The server as the page meets it: one list, whose tickers each mutation replaces and whose view shows them. */
function renderWatchlists(limits = { lists: 1, tickersPerList: 25 }) {
  const list = { id: "Watchlist:wl-1", name: "Dividend ideas", tickers: ["KO", "PEP"] };
  const views: { asOf: unknown; pro: unknown }[] = [];
  const environment = createMockEnvironment();
  answerGraphQL(environment, WatchlistsPageQuery, (operation: OperationDescriptor): IMocks => {
    const { name } = operation.request.node.params;
    if (name === "WatchlistsPageSetTickersMutation") list.tickers = operation.request.variables.tickers as string[];
    if (name === "WatchlistsPageViewQuery") views.push({ asOf: operation.request.variables.asOf, pro: operation.request.variables.pro });
    return {
      ...signedIn({ hasProAccess: limits.lists > 1 }),
      DataCoverage: () => COVERAGE,
      WatchlistLimits: () => limits,
      Watchlist: () => ({ ...list }),
      ViewerWatchlistsConnection: () => ({ edges: [{ node: { ...list } }] }),
      Query: () => ({ node: { __typename: "Watchlist", ...list } }),
      WatchlistView: () => ({
        asOf: AS_OF,
        source: "Alpha Vantage daily prices (bundled snapshot)",
        isSnapshot: true,
        warnings: [],
        dayChanges: DAY_CHANGES.filter((change) => list.tickers.includes(change.ticker)),
        fundChanges: FUND_CHANGES.filter((change) => list.tickers.includes(change.ticker)),
      }),
      BasicScreenRowConnection: () => ({ totalCount: list.tickers.length, edges: list.tickers.map((ticker, index) => ({ node: row(ticker, 40 + index) })) }),
    };
  });
  renderApp("/watchlists", environment);
  return { list, views };
}

beforeEach(mockTableViewport);
afterEach(() => jest.restoreAllMocks());

const tickersInOrder = () => within(screen.getByRole("list", { name: "Dividend ideas: tickers in order" })).getAllByRole("link").map((link) => link.textContent);

test("a visitor is asked to sign in", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, WatchlistsPageQuery, { ...signedOut, DataCoverage: () => COVERAGE });
  renderApp("/watchlists", environment);
  expect(await screen.findByRole("link", { name: "Sign In" })).toBeTruthy();
});

test("a Basic user's list: its tickers in order, its figures at the as-of day, and the one-list limit", async () => {
  const { views } = renderWatchlists();
  expect(await screen.findByRole("heading", { name: "Watchlists" })).toBeTruthy();
  await waitFor(() => expect(tickersInOrder()).toEqual(["KO", "PEP"]));
  expect(screen.getByText("You have your one list this plan keeps.")).toBeTruthy();
  expect(screen.queryByRole("form", { name: "New watchlist" })).toBeNull();
  const table = await screen.findByRole("region", { name: "Dividend ideas table (scrolls)" });
  await waitFor(() => expect(tableTickers(table).sort()).toEqual(["KO", "PEP"]));
  expect(views[0]).toEqual({ asOf: AS_OF, pro: false });
});

test("each row's day change shows with both closes' days and source; a Basic user sees a Pro hint, not the 13F changes", async () => {
  renderWatchlists();
  const table = await screen.findByRole("region", { name: "Dividend ideas table (scrolls)" });
  await waitFor(() => expect(tableTickers(table).sort()).toEqual(["KO", "PEP"]));
  expect(cellOf("KO", "Day Change $", table).textContent).toBe("+0.40▲ (positive)");
  expect(cellOf("KO", "Day Change %", table).textContent).toBe("+1.01 %▲ (positive)");
  expect(within(cellOf("KO", "Day Change $", table)).getByTitle("$40.00 on Apr 22, 2020 against $39.60 on Apr 21, 2020 · Source: Alpha Vantage daily prices (bundled snapshot)")).toBeTruthy();
  expect(cellOf("PEP", "Day Change $", table).textContent).toBe("—");
  expect(() => columnHeader("13F Changes", table)).toThrow();
  const notes = screen.getByRole("note", { name: "About the watchlist's columns" });
  expect(within(notes).getByRole("link", { name: "Pro" }).getAttribute("href")).toBe("/pricing");
  expect(notes.textContent).not.toContain("BERKSHIRE");
});

test("a Pro user's list adds each ticker's recent 13F changes, with the quarter, filing day and source, to the table and its CSV", async () => {
  const { views } = renderWatchlists({ lists: 20, tickersPerList: 500 });
  const table = await screen.findByRole("region", { name: "Dividend ideas table (scrolls)" });
  await waitFor(() => expect(tableTickers(table).sort()).toEqual(["KO", "PEP"]));
  expect(views[0]).toEqual({ asOf: AS_OF, pro: true });
  expect(cellOf("KO", "13F Changes", table).textContent).toBe("-6.1 % · BERKSHIRE HATHAWAY INC (Q4 2019)");
  expect(cellOf("PEP", "13F Changes", table).textContent).toBe("new position · BERKSHIRE HATHAWAY INC (Q4 2019)");
  expect(within(cellOf("KO", "13F Changes", table)).getByTitle("BERKSHIRE HATHAWAY INC: -6.1 % in the quarter ended 2019-12-31, known from 2020-02-14 (SEC EDGAR 13F-HR filings)")).toBeTruthy();
  expect(screen.getByRole("note", { name: "About the watchlist's columns" }).textContent).toContain("Source: SEC EDGAR 13F-HR filings");

  const downloads = captureDownloads();
  fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
  const [file] = await downloads.read();
  const [header, ...lines] = file.text.trim().split("\r\n");
  expect(header.split(",").slice(0, 5)).toEqual(["Ticker", "Price", "Day Change $", "Day Change %", "13F Changes"]);
  expect(lines.find((line) => line.startsWith("KO,"))).toMatch(/^KO,40\.00,0\.40,1\.01,"BERKSHIRE HATHAWAY INC: -6\.1 % in the quarter ended 2019-12-31, known from 2020-02-14 \(SEC EDGAR 13F-HR filings\)",/);
});

test("moving and removing tickers saves the new order and shows the list's figures again", async () => {
  const { list, views } = renderWatchlists({ lists: 20, tickersPerList: 500 });
  await waitFor(() => expect(tickersInOrder()).toEqual(["KO", "PEP"]));
  expect(screen.getByRole("form", { name: "New watchlist" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Move PEP up" }));
  await waitFor(() => expect(tickersInOrder()).toEqual(["PEP", "KO"]));
  expect(list.tickers).toEqual(["PEP", "KO"]);
  fireEvent.click(screen.getByRole("button", { name: "Remove KO" }));
  await waitFor(() => expect(tickersInOrder()).toEqual(["PEP"]));
  expect(list.tickers).toEqual(["PEP"]);
  await waitFor(() => expect(views.length).toBeGreaterThanOrEqual(3));
});
