import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { IMocks } from "@graphql-tools/mock";
import { createMockEnvironment } from "relay-test-utils";
import { navigation } from "../../api/rest";
import { GraphQLRequestError } from "../../relay/environment";
import { POST_LOGIN_ACTION_KEY, POST_LOGIN_REDIRECT_DELAY_MS } from "../../pages/Subscribe/postLoginAction";
import { holdTimers } from "../../../test/held-timers";
import { executeAgainstSchema } from "../../../test/relay";
import { renderWithProviders } from "../../../test/render";
import { Header } from "./Header";

interface ViewerFields {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

const ADA: ViewerFields = { email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null };

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
  expect(screen.getByRole("status").textContent).toBe("Checking sign-in…");
  expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
});

test("signed out: Pricing goes to /pricing and Sign In navigates to /api/login", async () => {
  const assign = jest.spyOn(navigation, "assign").mockImplementation(() => {});
  const { signedOut } = renderHeader();
  await signedOut();
  expect(screen.queryByRole("status")).toBeNull();
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
