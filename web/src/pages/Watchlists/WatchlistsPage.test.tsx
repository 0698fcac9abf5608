import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import type { OperationDescriptor } from "relay-runtime";
import { renderApp } from "../../../test/render";
import { mockTableViewport, tickers as tableTickers } from "../../components/ScreenResults/resultsTableTesting";
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

/** The server as the page meets it: one list, whose tickers each mutation replaces and whose view shows them. */
function renderWatchlists(limits = { lists: 1, tickersPerList: 25 }) {
  const list = { id: "Watchlist:wl-1", name: "Dividend ideas", tickers: ["KO", "PEP"] };
  const views: { asOf: unknown }[] = [];
  const environment = createMockEnvironment();
  answerGraphQL(environment, WatchlistsPageQuery, (operation: OperationDescriptor): IMocks => {
    const { name } = operation.request.node.params;
    if (name === "WatchlistsPageSetTickersMutation") list.tickers = operation.request.variables.tickers as string[];
    if (name === "WatchlistsPageViewQuery") views.push({ asOf: operation.request.variables.asOf });
    return {
      ...signedIn({ hasProAccess: limits.lists > 1 }),
      DataCoverage: () => COVERAGE,
      WatchlistLimits: () => limits,
      Watchlist: () => ({ ...list }),
      ViewerWatchlistsConnection: () => ({ edges: [{ node: { ...list } }] }),
      Query: () => ({ node: { __typename: "Watchlist", ...list } }),
      BasicScreenResult: () => ({ asOf: AS_OF, source: "Alpha Vantage daily prices (bundled snapshot)", isSnapshot: true, warnings: [] }),
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
  expect(views[0]).toEqual({ asOf: AS_OF });
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
