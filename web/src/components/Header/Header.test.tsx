import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { IMocks } from "@graphql-tools/mock";
import type { GraphQLSingularResponse } from "relay-runtime";
import { createMockEnvironment } from "relay-test-utils";
import { navigation } from "../../api/rest";
import { GraphQLRequestError } from "../../relay/environment";
import { POST_LOGIN_ACTION_KEY, POST_LOGIN_REDIRECT_DELAY_MS } from "../../pages/Subscribe/postLoginAction";
import { holdTimers } from "../../../test/held-timers";
import { executeAgainstSchema } from "../../../test/relay";
import { findToast, renderWithProviders } from "../../../test/render";
import { addButton, answerLists, answerMutation, DIVIDEND_IDEAS, openWatchlistMenu, pendingMutation } from "../Watchlist/watchlistMenuTesting";
import { Header } from "./Header";

interface ViewerFields {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  plan?: { hasProAccess: boolean };
  unreadAlertCount?: number;
  id?: string;
}

const ADA: ViewerFields = { email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, plan: { hasProAccess: false }, unreadAlertCount: 0 };
const PRO_ADA: ViewerFields = { ...ADA, plan: { hasProAccess: true } };

function renderHeader() {
  const environment = createMockEnvironment();
  const utils = renderWithProviders(<Header />, environment);
  // Resolves the header's viewer query, then waits for Suspense to show the answer.
  const answer = async (mocks: IMocks) => {
    const operation = environment.mock.getMostRecentOperation();
    await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocks)));
    await waitFor(() => expect(screen.queryByText("Checking sign-in…")).toBeNull());
  };
  return {
    ...utils,
    answer,
    signedOut: () => answer({ Query: () => ({ viewer: null }) }),
    signedIn: (viewer: ViewerFields = ADA) => answer({ Viewer: () => viewer }),
  };
}

function openMenu(name: RegExp | string) {
  fireEvent.keyDown(screen.getByRole("button", { name }), { key: "Enter" });
  return screen.findByRole("menu");
}

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

test("shows the logo image, and a fallback when the image fails to load", () => {
  renderWithProviders(<Header />);
  const logo = screen.getByRole("img", { name: "Tickerscope logo" });
  expect(logo.tagName).toBe("IMG");
  fireEvent.error(logo);
  const fallback = screen.getByRole("img", { name: "Tickerscope logo" });
  expect(fallback.tagName).not.toBe("IMG");
  expect(fallback.textContent).toBe("TS");
  expect(document.querySelector('img[src="/logo.svg"]')).toBeNull();
});

test("shows a placeholder circle while the sign-in check runs", () => {
  renderHeader();
  expect(screen.getByText("Checking sign-in…").closest('[role="status"]')).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
});

test("signed out: Pricing goes to /pricing and Sign In navigates to /api/login", async () => {
  const assign = jest.spyOn(navigation, "assign").mockImplementation(() => {});
  const { signedOut } = renderHeader();
  await signedOut();
  expect(screen.queryByText("Checking sign-in…")).toBeNull();
  expect(screen.getByRole("link", { name: "Pricing" }).getAttribute("href")).toBe("/pricing");
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
  expect(assign).toHaveBeenCalledWith("/api/login");
});

test("a failed sign-in check shows the signed-out state", async () => {
  const { environment } = renderHeader();
  // React reports the caught error; the header itself stays usable.
  jest.spyOn(console, "error").mockImplementation(() => {});
  act(() => environment.mock.rejectMostRecentOperation(new GraphQLRequestError("Unable to reach Tickerscope.", "NETWORK_ERROR")));
  expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
});

test("signed in: the avatar opens a menu with the user's name, Account and Sign Out", async () => {
  const assign = jest.spyOn(navigation, "assign").mockImplementation(() => {});
  const { signedIn } = renderHeader();
  await signedIn();
  expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
  const avatar = screen.getByRole("button", { name: "Account menu for Ada Lovelace" });
  // No profile image: the default user icon.
  expect(avatar.querySelector("img")).toBeNull();
  expect(avatar.querySelector("svg")).toBeTruthy();

  const menu = await openMenu("Account menu for Ada Lovelace");
  expect(menu.textContent).toContain("Ada Lovelace");
  expect(menu.textContent).toContain("ada@example.com");
  expect(screen.getByRole("menuitem", { name: "Account" }).getAttribute("href")).toBe("/account");
  fireEvent.click(screen.getByRole("menuitem", { name: "Sign Out" }));
  expect(assign).toHaveBeenCalledWith("/api/logout");
});

test("signed in: the bell shows the unread firings, links to the notifications and counts live firings", async () => {
  const { answer, environment } = renderHeader();
  // One id for every answer, as the server gives: the count lands on the same viewer record.
  await answer({ Viewer: () => ({ ...ADA, id: "viewer-1", unreadAlertCount: 2 }), ViewerAlertsConnection: () => ({ edges: [{ node: { id: "Alert:a1" } }] }) });
  const bell = screen.getByRole("link", { name: "Notifications, 2 unread" });
  expect(bell.getAttribute("href")).toBe("/alerts#notifications");
  expect(bell.textContent).toBe("2");

  // A batch of firings arrives: the count is read again from the server.
  const subscription = await waitFor(() => environment.mock.findOperation((operation) => operation.request.node.params.name === "AlertBellFiredSubscription"));
  const fired = executeAgainstSchema(subscription, { Subscription: () => ({ alertFired: [{ id: "AlertFiring:f1" }, { id: "AlertFiring:f2" }] }) }) as GraphQLSingularResponse;
  act(() => environment.mock.nextValue(subscription, fired));
  const count = await waitFor(() => environment.mock.findOperation((operation) => operation.request.node.params.name === "AlertBellCountQuery"));
  await act(async () => environment.mock.resolve(count, executeAgainstSchema(count, { Viewer: () => ({ ...ADA, id: "viewer-1", unreadAlertCount: 4 }) })));
  expect(await screen.findByRole("link", { name: "Notifications, 4 unread" })).toBeTruthy();
});

test("a user without alerts has the bell but holds no live stream open (nothing can fire)", async () => {
  const { answer, environment } = renderHeader();
  await answer({ Viewer: () => ({ ...ADA, unreadAlertCount: 0 }), ViewerAlertsConnection: () => ({ edges: [] }) });
  expect(screen.getByRole("link", { name: "Notifications, 0 unread" })).toBeTruthy();
  expect(environment.mock.getAllOperations().map((operation) => operation.request.node.params.name)).not.toContain("AlertBellFiredSubscription");
});

test("a signed-out visitor has no bell", async () => {
  const { signedOut } = renderHeader();
  await signedOut();
  expect(screen.queryByRole("link", { name: /^Notifications/ })).toBeNull();
});

test("the avatar shows the profile image, and the default icon when it fails to load", async () => {
  const { signedIn } = renderHeader();
  await signedIn({ ...ADA, profileImageUrl: "https://images.example.com/ada.png" });
  const avatar = screen.getByRole("button", { name: "Account menu for Ada Lovelace" });
  const image = avatar.querySelector("img");
  expect(image?.getAttribute("src")).toBe("https://images.example.com/ada.png");
  fireEvent.error(image!);
  expect(avatar.querySelector("img")).toBeNull();
  expect(avatar.querySelector("svg")).toBeTruthy();
});

test("a user without a name is shown by email", async () => {
  const { signedIn } = renderHeader();
  await signedIn({ ...ADA, firstName: null, lastName: null });
  const menu = await openMenu("Account menu for ada@example.com");
  // The email stands in for the name, once.
  expect(within(menu).getAllByText("ada@example.com")).toHaveLength(1);
});

test("after signing in with the 'subscribe' action pending, opens /subscribe 500 ms later", async () => {
  sessionStorage.setItem(POST_LOGIN_ACTION_KEY, "subscribe");
  // The 500 ms wait is held, so the check that it has not happened yet never races the clock.
  const delay = holdTimers(POST_LOGIN_REDIRECT_DELAY_MS);
  const { signedIn, router } = renderHeader();
  await signedIn();
  expect(sessionStorage.getItem(POST_LOGIN_ACTION_KEY)).toBeNull();
  expect(router.state.location.pathname).toBe("/");
  expect(delay.pending()).toBe(1);
  act(() => delay.fire());
  await waitFor(() => expect(router.state.location.pathname).toBe("/subscribe"));
});

test("a signed-out visitor keeps the pending action for after the sign-in", async () => {
  sessionStorage.setItem(POST_LOGIN_ACTION_KEY, "subscribe");
  const { signedOut } = renderHeader();
  await signedOut();
  expect(sessionStorage.getItem(POST_LOGIN_ACTION_KEY)).toBe("subscribe");
});

/** The header's main navigation (the wide one; the phone's Menu button opens the same groups). */
const mainNav = () => screen.getByRole("navigation", { name: "Main sections" });

/** Opens a navigation menu from the keyboard and returns its items as "label → href" ("label [Pro] → href" when marked). */
async function menuEntries(button: HTMLElement) {
  fireEvent.keyDown(button, { key: "Enter" });
  const menu = await screen.findByRole("menu");
  const entries = within(menu)
    .getAllByRole("menuitem")
    .map((item) => `${item.textContent}${within(item).queryByRole("img", { name: "Pro feature" }) ? " [Pro]" : ""} → ${item.getAttribute("href")}`);
  fireEvent.keyDown(menu, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  return entries;
}

test("groups the sections: Home and Contact as links, Screeners, Research and AI & Pro as menus with every page", async () => {
  const { signedOut } = renderHeader();
  await signedOut();
  const nav = within(mainNav());
  expect(nav.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/", "/contact"]);
  expect(nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
  expect(nav.getAllByRole("button").map((button) => button.textContent)).toEqual(["Screeners▾", "Research▾", "AI & Pro▾"]);

  // A visitor sees which pages are Pro (they show their gate when opened), and where to start the trial.
  expect(await menuEntries(nav.getByRole("button", { name: "Screeners" }))).toEqual([
    "Basic Screener → /screener",
    "Combined Screener [Pro] → /combined-screener",
    "Pro Screener [Pro] → /pro-screener",
  ]);
  expect(await menuEntries(nav.getByRole("button", { name: "Research" }))).toEqual([
    "News Analysis → /news-analysis",
    "Research & Compare [Pro] → /research-compare",
    "Earnings Predictor [Pro] → /earnings-predictor",
    "Hedge Fund Tracker [Pro] → /hedge-fund-tracker",
    "Market Videos [Pro] → /market-videos",
    "Watchlists → /watchlists",
    "Alerts → /alerts",
  ]);
  expect(await menuEntries(nav.getByRole("button", { name: "AI & Pro" }))).toEqual([
    "AI Intelligence [Pro] → /ai-features",
    "Pricing → /pricing",
    "Start the 7-day Pro trial → /direct-stripe",
  ]);
});

test("the phone's Menu button opens the same sections and groups", async () => {
  const { signedIn } = renderHeader();
  await signedIn();
  // jsdom applies no media queries, so the phone-only button counts as hidden here.
  fireEvent.keyDown(screen.getByRole("button", { name: "Menu", hidden: true }), { key: "Enter" });
  const menu = await screen.findByRole("menu");
  expect(within(menu).getAllByRole("group").map((group) => group.firstElementChild?.textContent)).toEqual(["Screeners", "Research", "AI & Pro"]);
  expect(within(menu).getAllByRole("menuitem").map((item) => item.getAttribute("href"))).toEqual([
    "/",
    "/screener",
    "/combined-screener",
    "/pro-screener",
    "/news-analysis",
    "/research-compare",
    "/earnings-predictor",
    "/hedge-fund-tracker",
    "/market-videos",
    "/watchlists",
    "/alerts",
    "/ai-features",
    "/pricing",
    "/direct-stripe",
    "/contact",
  ]);
});

test("menus work from the keyboard: Enter opens with the first page focused, arrows move, Enter follows the link", async () => {
  const { signedOut, router } = renderHeader();
  await signedOut();
  const button = within(mainNav()).getByRole("button", { name: "Research" });
  fireEvent.keyDown(button, { key: "Enter" });
  const menu = await screen.findByRole("menu");
  await waitFor(() => expect(document.activeElement?.textContent).toBe("News Analysis"));
  fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
  await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Research & Compare/));
  fireEvent.keyDown(document.activeElement!, { key: "Enter" });
  await waitFor(() => expect(router.state.location.pathname).toBe("/research-compare"));
  expect(menu.isConnected).toBe(false);
});

test("a Pro user sees no Pro marks and no upgrade prompt; the avatar menu links to Account and every Pro page", async () => {
  const { signedIn } = renderHeader();
  await signedIn(PRO_ADA);
  const nav = within(mainNav());
  for (const group of ["Screeners", "Research", "AI & Pro"]) {
    const entries = await menuEntries(nav.getByRole("button", { name: group }));
    expect(entries.join("\n")).not.toMatch(/\[Pro\]|trial|upgrade/i);
  }
  expect(await menuEntries(nav.getByRole("button", { name: "AI & Pro" }))).toEqual(["AI Intelligence → /ai-features", "Pricing → /pricing"]);
  expect(screen.getByRole("banner").textContent).not.toMatch(/upgrade|trial/i);

  const menu = await openMenu("Account menu for Ada Lovelace");
  expect(within(menu).getAllByRole("menuitem").map((item) => `${item.textContent?.trim()} → ${item.getAttribute("href")}`)).toEqual([
    "Account → /account",
    "Combined Screener → /combined-screener",
    "Pro Screener → /pro-screener",
    "Research & Compare → /research-compare",
    "Earnings Predictor → /earnings-predictor",
    "Hedge Fund Tracker → /hedge-fund-tracker",
    "Market Videos → /market-videos",
    "AI Intelligence → /ai-features",
    "Sign Out → null",
  ]);
  expect(menu.textContent).not.toMatch(/upgrade|trial/i);
});

test("a Basic user's avatar menu has Account and Sign Out only", async () => {
  const { signedIn } = renderHeader();
  await signedIn();
  const menu = await openMenu("Account menu for Ada Lovelace");
  expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent?.trim())).toEqual(["Account", "Sign Out"]);
});

describe("ticker search", () => {
  const APPLE = { hasPrices: true, stock: { id: "Stock:AAPL", ticker: "AAPL", name: "Apple Inc." } };
  const APPLOVIN = { hasPrices: false, stock: { id: "Stock:APP", ticker: "APP", name: "AppLovin" } };
  const APPLIED = { hasPrices: true, stock: { id: "Stock:AMAT", ticker: "AMAT", name: "Applied Materials" } };

  /** Types into the search box and answers its query with `matches`. */
  async function search(environment: ReturnType<typeof renderHeader>["environment"], text: string, matches: object[]) {
    const input = screen.getByRole("combobox", { name: "Search stocks by ticker or company" });
    fireEvent.change(input, { target: { value: text } });
    const operation = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === "TickerSearchQuery"));
    expect(operation.request.variables).toEqual({ query: text.trim() });
    await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, { Query: () => ({ stockSearch: matches }) })));
    return input;
  }

  test("typing suggests stocks by ticker and company name; ↓ and Enter open the stock page", async () => {
    const { signedOut, environment, router } = renderHeader();
    await signedOut();
    const input = await search(environment, "app", [APPLOVIN, APPLE, APPLIED]);
    const list = await screen.findByRole("listbox", { name: "Matching stocks" });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(within(list).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "APPAppLovinnews only, no prices stored",
      "AAPLApple Inc.",
      "AMATApplied Materials",
    ]);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const active = document.getElementById(input.getAttribute("aria-activedescendant")!);
    expect(active?.textContent).toBe("AAPLApple Inc.");
    expect(active?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/stocks/AAPL"));
    expect((input as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  test("Enter opens the typed ticker's match; a click opens any match", async () => {
    const { signedOut, environment, router } = renderHeader();
    await signedOut();
    const input = await search(environment, "aapl", [APPLE]);
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/stocks/AAPL"));

    await search(environment, "appl", [APPLE, APPLIED]);
    fireEvent.click(await screen.findByRole("option", { name: /AMAT/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/stocks/AMAT"));
  });

  test("says No match when nothing matches, and Enter then stays put", async () => {
    const { signedOut, environment, router } = renderHeader();
    await signedOut();
    const input = await search(environment, "zzzqq", []);
    expect(await screen.findByText("No match for “zzzqq”")).toBeTruthy();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(router.state.location.pathname).toBe("/");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByText("No match for “zzzqq”")).toBeNull();
  });

  test("a visitor's suggestions offer no watchlist", async () => {
    const { signedOut, environment } = renderHeader();
    await signedOut();
    await search(environment, "app", [APPLOVIN, APPLE]);
    expect(await screen.findByRole("listbox", { name: "Matching stocks" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /to a watchlist$/ })).toBeNull();
  });

  test("signed in, each suggestion has a '+' beside it: the arrows still choose, Tab reaches the chosen one's, and its menu adds the stock", async () => {
    const { signedIn, environment } = renderHeader();
    // The id the lists' query answers with too: one viewer record, as the server gives.
    await signedIn({ ...ADA, id: "viewer-1" });
    const input = await search(environment, "app", [APPLOVIN, APPLE, APPLIED]);
    const list = await screen.findByRole("listbox", { name: "Matching stocks" });
    // The listbox holds the suggestions only (their names unchanged); the buttons sit beside it, one per suggestion.
    expect(within(list).getAllByRole("option").map((option) => option.textContent)).toEqual(["APPAppLovinnews only, no prices stored", "AAPLApple Inc.", "AMATApplied Materials"]);
    expect(within(list).queryAllByRole("button")).toHaveLength(0);
    const buttons = () => ["APP", "AAPL", "AMAT"].map((ticker) => addButton(ticker).tabIndex);
    expect(buttons()).toEqual([0, -1, -1]);

    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(document.getElementById(input.getAttribute("aria-activedescendant")!)?.textContent).toBe("AAPLApple Inc.");
    expect(buttons()).toEqual([-1, 0, -1]);
    expect(screen.getByRole("status").textContent).toBe("3 matches; use the arrow keys to choose, Tab to add the one chosen to a watchlist");

    // Tab to AAPL's "+": the suggestions stay open, and stay open behind its menu.
    act(() => addButton("AAPL").focus());
    expect(screen.getByRole("listbox", { name: "Matching stocks" })).toBeTruthy();
    const menu = await openWatchlistMenu("AAPL");
    await answerLists(environment, [DIVIDEND_IDEAS]);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(screen.getByRole("listbox", { name: "Matching stocks" })).toBeTruthy();
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Dividend ideas" }));
    const add = await pendingMutation(environment, "Add");
    expect(add.request.variables).toEqual({ id: DIVIDEND_IDEAS.id, tickers: ["AAPL"] });
    await answerMutation(environment, add, { ...DIVIDEND_IDEAS, tickers: [...DIVIDEND_IDEAS.tickers, "AAPL"] });
    expect(await findToast("Added to Dividend ideas")).toBeTruthy();

    // The menu closed back onto its button; Esc there closes the suggestions and returns to the input.
    await waitFor(() => expect(document.activeElement).toBe(addButton("AAPL")));
    fireEvent.keyDown(addButton("AAPL"), { key: "Escape" });
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect((input as HTMLInputElement).value).toBe("app");
  });
});
