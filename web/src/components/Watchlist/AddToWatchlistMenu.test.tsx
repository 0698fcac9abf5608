import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { errorFromGraphQLErrors } from "../../relay/environment";
import { findToast, renderWithProviders } from "../../../test/render";
import { AddToWatchlistMenu } from "./AddToWatchlistMenu";
import { newListName } from "./useAddToWatchlist";
import { addButton, answerLists, answerMutation, CHIPS, DIVIDEND_IDEAS, listsAsked, openWatchlistMenu, pendingMutation } from "./watchlistMenuTesting";

function renderMenu(ticker = "AAPL") {
  const environment = createMockEnvironment();
  return renderWithProviders(<AddToWatchlistMenu ticker={ticker} />, environment);
}

const toastOf = async (title: string) => (await findToast(title)).closest("li") as HTMLElement;

test("the lists are asked for only when the menu opens; each is offered, one holding the stock says so, and New watchlist", async () => {
  const { environment } = renderMenu("KO");
  expect(addButton("KO")).toBeTruthy();
  expect(listsAsked(environment)).toBe(false);

  const menu = await openWatchlistMenu("KO");
  expect(within(menu).getByRole("status").textContent).toBe("Loading your watchlists…");
  await answerLists(environment, [DIVIDEND_IDEAS, CHIPS]);
  const items = await within(menu).findAllByRole("menuitem");
  expect(items.map((item) => [item.textContent, item.getAttribute("aria-disabled")])).toEqual([
    ["Dividend ideas In list", "true"],
    ["Chips", null],
    [" New watchlist", null],
  ]);
});

test("choosing a list adds the stock, keeps the menu until the answer, then says 'Added to <list>' with a link to it", async () => {
  const { environment, router } = renderMenu();
  const menu = await openWatchlistMenu("AAPL");
  await answerLists(environment, [DIVIDEND_IDEAS, CHIPS]);
  fireEvent.click(await within(menu).findByRole("menuitem", { name: "Chips" }));

  const add = await pendingMutation(environment, "Add");
  expect(add.request.variables).toEqual({ id: CHIPS.id, tickers: ["AAPL"] });
  expect(within(menu).getByRole("status").textContent).toBe("Adding AAPL…");
  expect(within(menu).getAllByRole("menuitem").every((item) => item.getAttribute("aria-disabled") === "true")).toBe(true);

  await answerMutation(environment, add, { ...CHIPS, tickers: [...CHIPS.tickers, "AAPL"] });
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  const toast = await toastOf("Added to Chips");
  expect(within(toast).getByText("AAPL is on the list.")).toBeTruthy();
  const link = within(toast).getByRole("link", { name: "Open Watchlists" });
  expect(link.getAttribute("href")).toBe(`/watchlists?list=${encodeURIComponent(CHIPS.id)}`);
  fireEvent.click(link);
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/watchlists?list=${encodeURIComponent(CHIPS.id)}`));

  // The store has the list's new tickers: opened again, the menu says the stock is in it.
  const again = await openWatchlistMenu("AAPL");
  expect((await within(again).findByRole("menuitem", { name: /^Chips/ })).getAttribute("aria-disabled")).toBe("true");
});

test("New watchlist starts a list with a free name holding the stock", async () => {
  const { environment } = renderMenu();
  const menu = await openWatchlistMenu("AAPL");
  await answerLists(environment, [{ ...DIVIDEND_IDEAS, name: "My watchlist" }]);
  fireEvent.click(await within(menu).findByRole("menuitem", { name: "New watchlist" }));
  const create = await pendingMutation(environment, "Create");
  expect(create.request.variables).toEqual({ name: "Watchlist 2", tickers: ["AAPL"] });
  await answerMutation(environment, create, { id: "Watchlist:wl-9", name: "Watchlist 2", tickers: ["AAPL"] });
  expect(await toastOf("Added to Watchlist 2")).toBeTruthy();
});

test("a refusal (the plan's limit, an unknown ticker) shows the server's message and closes the menu", async () => {
  const { environment } = renderMenu("ZQXW");
  const menu = await openWatchlistMenu("ZQXW");
  await answerLists(environment, [DIVIDEND_IDEAS]);
  fireEvent.click(await within(menu).findByRole("menuitem", { name: "New watchlist" }));
  const limit = "You can keep one watchlist on the Basic plan; delete one first or upgrade to Pro for 20.";
  const refusal = errorFromGraphQLErrors([{ message: `Invalid input: name. ${limit}`, extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "name", message: limit }] } }]);
  await act(async () => environment.mock.reject(await pendingMutation(environment, "Create"), refusal));
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  expect(within(await toastOf("Not Added")).getByText(limit)).toBeTruthy();

  const unknown = "Unknown ticker ZQXW: not in the bundled symbol lists (US-listed securities).";
  fireEvent.click(within(await openWatchlistMenu("ZQXW")).getByRole("menuitem", { name: "Dividend ideas" }));
  const add = await pendingMutation(environment, "Add");
  await act(async () =>
    environment.mock.reject(add, errorFromGraphQLErrors([{ message: `Invalid input: tickers. ${unknown}`, extensions: { code: "BAD_USER_INPUT", fieldErrors: [{ field: "tickers", message: unknown }] } }])),
  );
  expect(await screen.findByText(unknown)).toBeTruthy();
});

test("a new list's name is the first free one", () => {
  expect(newListName([])).toBe("My watchlist");
  expect(newListName(["Dividend ideas"])).toBe("My watchlist");
  expect(newListName(["My watchlist", "Watchlist 2"])).toBe("Watchlist 3");
});
