import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { findToast, renderApp } from "../../../test/render";
import { answerGraphQL, jsonResponse, mockRest, signedIn, signedOut } from "../Auth/accountTestKit";
import { DemoBillingPortalPageQuery } from "./DemoBillingPortalPage";

function renderPortal(mocks: IMocks) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, DemoBillingPortalPageQuery, mocks);
  return renderApp("/demo-billing-portal", environment);
}

/** The page itself (the shell around it may show plan names too). */
const page = () => within(screen.getByRole("main"));

afterEach(() => jest.restoreAllMocks());

test("shows the demo subscription and cancels it after a confirmation", async () => {
  const calls = mockRest({
    "GET /api/billing/demo/portal": () =>
      jsonResponse(200, { status: "trialing", planId: "pro", trialEndsAt: "2026-12-08T12:00:00.000Z", canCancel: true }),
    "POST /api/billing/demo/portal/cancel": () =>
      jsonResponse(200, { status: "canceled", planId: "basic", trialEndsAt: "2026-12-08T12:00:00.000Z", canCancel: false }),
  });
  renderPortal(signedIn({ hasProAccess: true }));
  expect(await screen.findByText("This is a DEMO billing portal")).toBeTruthy();
  expect(await page().findByText("Free trial")).toBeTruthy();
  expect(page().getByText("December 8, 2026")).toBeTruthy();
  expect(screen.getByRole("link", { name: /Back to your account/ }).getAttribute("href")).toBe("/account");

  fireEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
  expect(page().getByText("Cancel your Pro subscription?")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Keep subscription" }));
  expect(calls.filter((call) => call.method === "POST")).toEqual([]);

  fireEvent.click(screen.getByRole("button", { name: "Cancel subscription" }));
  fireEvent.click(screen.getByRole("button", { name: "Yes, cancel subscription" }));
  expect(await findToast("Subscription Canceled")).toBeTruthy();
  expect(page().getByText("Canceled")).toBeTruthy();
  expect(page().getByText("Basic")).toBeTruthy();
  expect(page().getByText("N/A")).toBeTruthy();
  expect(page().getByText("There is no demo subscription to cancel.")).toBeTruthy();
});

test("a signed-out visitor is asked to sign in", async () => {
  const calls = mockRest({});
  renderPortal(signedOut);
  expect(await screen.findByText("Sign in to see and manage your subscription.")).toBeTruthy();
  expect(calls).toEqual([]);
});

test("with Stripe configured it points to Stripe's portal instead", async () => {
  mockRest({});
  renderPortal({ ...signedIn({ hasProAccess: true }), BillingInfo: () => ({ provider: "STRIPE" }) });
  expect(await screen.findByText(/manages billing through Stripe's customer portal/)).toBeTruthy();
  expect(screen.queryByText("This is a DEMO billing portal")).toBeNull();
});
