import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import { executeAgainstSchema } from "../../../test/relay";
import { findToast, renderWithProviders } from "../../../test/render";
import { AddToWatchlist } from "./AddToWatchlist";
import { answerMutation, DIVIDEND_IDEAS, pendingMutation, type ListFixture } from "./watchlistMenuTesting";
import type { AddToWatchlistTestQuery } from "./__generated__/AddToWatchlistTestQuery.graphql";

// The stock page's control adds through the same hook as the menus: its own flows, unchanged.
const TestQuery = graphql`
  query AddToWatchlistTestQuery {
    viewer {
      ...AddToWatchlist_viewer
    }
  }
`;

function Harness() {
  const { viewer } = useLazyLoadQuery<AddToWatchlistTestQuery>(TestQuery, {});
  return <AddToWatchlist viewer={viewer} ticker="AAPL" />;
}

async function renderControl(lists: ListFixture[] | null) {
  const environment = createMockEnvironment();
  renderWithProviders(<Harness />, environment);
  const operation = await waitFor(() => environment.mock.getMostRecentOperation());
  const mocks = lists ? { ViewerWatchlistsConnection: () => ({ edges: lists.map((node) => ({ node })) }) } : { Query: () => ({ viewer: null }) };
  await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocks)));
  return environment;
}

test("a visitor is offered sign-in", async () => {
  await renderControl(null);
  expect((await screen.findByRole("link", { name: "Sign in to keep a watchlist" })).getAttribute("href")).toBe("/auth");
});

test("without a list: a first list holding the stock, then where it is", async () => {
  const environment = await renderControl([]);
  fireEvent.click(await screen.findByRole("button", { name: "+ Add to a new watchlist" }));
  const create = await pendingMutation(environment, "Create");
  expect(create.request.variables).toEqual({ name: "My watchlist", tickers: ["AAPL"] });
  await answerMutation(environment, create, { id: "Watchlist:wl-5", name: "My watchlist", tickers: ["AAPL"] });
  const link = await screen.findByRole("link", { name: "My watchlist" });
  expect(link.closest('[role="status"]')?.textContent).toBe("In My watchlist ✓");
  expect(link.getAttribute("href")).toBe("/watchlists?list=Watchlist%3Awl-5");
  expect(await findToast("Added to My watchlist")).toBeTruthy();
});

test("with a list: adds the stock to it, then says it is there", async () => {
  const environment = await renderControl([DIVIDEND_IDEAS]);
  fireEvent.click(await screen.findByRole("button", { name: "+ Add to “Dividend ideas”" }));
  const add = await pendingMutation(environment, "Add");
  expect(add.request.variables).toEqual({ id: DIVIDEND_IDEAS.id, tickers: ["AAPL"] });
  await answerMutation(environment, add, { ...DIVIDEND_IDEAS, tickers: [...DIVIDEND_IDEAS.tickers, "AAPL"] });
  const link = await screen.findByRole("link", { name: "Dividend ideas" });
  expect(link.closest('[role="status"]')?.textContent).toBe("In Dividend ideas ✓");
  expect(link.getAttribute("href")).toBe(`/watchlists?list=${encodeURIComponent(DIVIDEND_IDEAS.id)}`);
  expect(await findToast("Added to Dividend ideas")).toBeTruthy();
});
