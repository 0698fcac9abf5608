import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { findToast, renderApp } from "../../../test/render";
import { answerGraphQL, jsonResponse, mockRest, signedOut, stubNavigation } from "../Auth/accountTestKit";
import { DemoCheckoutPageQuery } from "./DemoCheckoutPage";

const SESSION = {
  id: "demo_cs_abc",
  email: "ada@example.com",
  planName: "Pro",
  amountCents: 3000,
  currency: "usd",
  interval: "month",
  trialDays: 7,
  status: "open",
  cancelUrl: "/pricing",
};

function renderCheckout(path: string, mocks: IMocks = signedOut) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, DemoCheckoutPageQuery, mocks);
  return renderApp(path, environment);
}

afterEach(() => jest.restoreAllMocks());

test("says plainly it is a demo, shows the order and completes back to /auth", async () => {
  const assign = stubNavigation();
  const calls = mockRest({
    "GET /api/billing/demo/checkout/demo_cs_abc": () => jsonResponse(200, SESSION),
    "POST /api/billing/demo/checkout/demo_cs_abc/complete": () => jsonResponse(200, { redirectUrl: "/auth?session_id=demo_cs_abc" }),
  });
  renderCheckout("/demo-checkout?session_id=demo_cs_abc");
  expect(await screen.findByText("This is a DEMO checkout")).toBeTruthy();
  expect(screen.getByText("No card is collected and nothing is charged, because no Stripe keys are configured on this server.")).toBeTruthy();
  expect(await screen.findByText("ada@example.com")).toBeTruthy();
  expect(screen.getByText("Tickerscope Pro")).toBeTruthy();
  expect(screen.getByText("$30.00/month after a 7-day free trial")).toBeTruthy();
  expect(screen.getByRole("link", { name: /Cancel/ }).getAttribute("href")).toBe("/pricing");

  fireEvent.click(screen.getByRole("button", { name: "Complete demo checkout" }));
  expect(screen.getByRole("button", { name: "Completing..." })).toHaveProperty("disabled", true);
  await waitFor(() => expect(assign).toHaveBeenCalledWith("/auth?session_id=demo_cs_abc"));
  expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("POST /api/billing/demo/checkout/demo_cs_abc/complete");
});

test("an unknown session shows the server's message and a way back", async () => {
  mockRest({
    "GET /api/billing/demo/checkout/demo_cs_nope": () =>
      jsonResponse(404, { message: "No demo checkout session with this id. Start again from the Pricing page.", code: "NOT_FOUND" }),
  });
  renderCheckout("/demo-checkout?session_id=demo_cs_nope");
  expect(await screen.findByText("No demo checkout session with this id. Start again from the Pricing page.")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Back to Pricing" }).getAttribute("href")).toBe("/pricing");
});

test("a completed session continues to activation instead of completing again", async () => {
  const assign = stubNavigation();
  mockRest({ "GET /api/billing/demo/checkout/demo_cs_abc": () => jsonResponse(200, { ...SESSION, status: "complete" }) });
  renderCheckout("/demo-checkout?session_id=demo_cs_abc");
  expect(await screen.findByText("This demo checkout is already complete")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Complete demo checkout" })).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Continue to your account" }));
  expect(assign).toHaveBeenCalledWith("/auth?session_id=demo_cs_abc");
});

test("a failed completion says so and lets the buyer try again", async () => {
  stubNavigation();
  mockRest({
    "GET /api/billing/demo/checkout/demo_cs_abc": () => jsonResponse(200, SESSION),
    "POST /api/billing/demo/checkout/demo_cs_abc/complete": () => jsonResponse(500, { message: "Something went wrong. Please try again." }),
  });
  renderCheckout("/demo-checkout?session_id=demo_cs_abc");
  fireEvent.click(await screen.findByRole("button", { name: "Complete demo checkout" }));
  expect(await findToast("Checkout Failed")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Complete demo checkout" })).toHaveProperty("disabled", false);
});

test("without a session id there is nothing to check out", async () => {
  mockRest({});
  renderCheckout("/demo-checkout");
  expect(await screen.findByText(/This link has no checkout session/)).toBeTruthy();
});

test("with Stripe configured the demo checkout is off and says so", async () => {
  const calls = mockRest({});
  renderCheckout("/demo-checkout?session_id=demo_cs_abc", { ...signedOut, BillingInfo: () => ({ provider: "STRIPE" }) });
  expect(await screen.findByText(/the demo checkout is off/)).toBeTruthy();
  expect(screen.queryByText("This is a DEMO checkout")).toBeNull();
  expect(calls).toEqual([]);
});
