import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { answerGraphQL, jsonResponse, mockRest, notifications, signedIn, signedOut, stubNavigation } from "../Auth/accountTestKit";
import { AuthPageQuery } from "../Auth/AuthPage";
import { SubscriptionSuccessPageQuery } from "./SubscriptionSuccessPage";

afterEach(() => jest.restoreAllMocks());

test("with ?session_id= it hands over to /auth, which activates the account", async () => {
  stubNavigation();
  const calls = mockRest({
    "POST /api/auth/activate": () => jsonResponse(200, { success: true, email: "ada@example.com", status: "trialing", trialEnd: null }),
  });
  const environment = createMockEnvironment();
  answerGraphQL(environment, [SubscriptionSuccessPageQuery, AuthPageQuery], signedOut);
  const { router } = renderApp("/subscription-success?session_id=cs_test_42", environment);
  expect(await screen.findByRole("heading", { name: "Account Activated" })).toBeTruthy();
  expect(router.state.location.pathname).toBe("/auth");
  expect(calls[0].body).toEqual({ sessionId: "cs_test_42" });
});

test("a signed-out visitor is asked to sign in to see the plan", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, SubscriptionSuccessPageQuery, signedOut);
  renderApp("/subscription-success", environment);
  expect(await screen.findByRole("heading", { name: "Thanks for subscribing!" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth?tab=signin");
});

test("a Pro user sees the confirmed plan", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, SubscriptionSuccessPageQuery, signedIn({ hasProAccess: true, trialEndsAt: "2026-12-08T12:00:00.000Z" }));
  renderApp("/subscription-success", environment);
  expect(await screen.findByRole("heading", { name: "Subscription confirmed" })).toBeTruthy();
  expect(within(screen.getByRole("main")).getByText("Pro")).toBeTruthy();
  expect(within(screen.getByRole("main")).getByText("Free trial")).toBeTruthy();
  expect(within(screen.getByRole("main")).getByText("December 8, 2026")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Go to Screener" }).getAttribute("href")).toBe("/screener");
});

test("'Refresh status' re-reads the subscription and updates the page", async () => {
  const environment = createMockEnvironment();
  answerGraphQL(environment, SubscriptionSuccessPageQuery, (operation) =>
    operation.request.node.params.operationKind === "mutation"
      ? signedIn({ hasProAccess: true, status: "trialing", trialEndsAt: "2026-12-08T12:00:00.000Z" })
      : signedIn({ hasProAccess: false }),
  );
  renderApp("/subscription-success", environment);
  expect(await screen.findByRole("heading", { name: "Subscription not active yet" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Refresh status" }));
  expect(await screen.findByRole("heading", { name: "Subscription confirmed" })).toBeTruthy();
  await waitFor(() => expect(notifications().getByText("Subscription Refreshed")).toBeTruthy());
  expect(within(screen.getByRole("main")).getByText("Free trial")).toBeTruthy();
});
