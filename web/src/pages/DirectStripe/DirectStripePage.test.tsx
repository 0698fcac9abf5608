import { fireEvent, screen } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { findToast, renderApp } from "../../../test/render";
import type { IMocks } from "@graphql-tools/mock";
import { answerGraphQL, jsonResponse, mockRest, signedIn, signedOut, stubNavigation } from "../Auth/accountTestKit";
import { DirectStripePageQuery } from "./DirectStripePage";

function renderDirectStripe(mocks: IMocks) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, DirectStripePageQuery, mocks);
  return renderApp("/direct-stripe", environment);
}

afterEach(() => jest.restoreAllMocks());

test("a signed-in user's browser posts the checkout form at once", async () => {
  const submit = jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
  renderDirectStripe({ ...signedIn({ hasProAccess: false }), BillingInfo: () => ({ provider: "STRIPE" }) });
  const button = await screen.findByRole("button", { name: "Redirecting to Stripe..." });
  expect(button).toHaveProperty("disabled", true);
  expect(button.closest("form")?.getAttribute("action")).toBe("/api/create-subscription");
  expect(submit).toHaveBeenCalledTimes(1);
});

test("a signed-out visitor gets the Create Account form, which starts the trial", async () => {
  const assign = stubNavigation();
  const submit = jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
  mockRest({ "POST /api/auth/create-trial": () => jsonResponse(200, { checkoutUrl: "/demo-checkout?session_id=demo_cs_9" }) });
  renderDirectStripe(signedOut);
  expect(await screen.findByRole("heading", { name: "Start your 7-day free trial" })).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
  fireEvent.change(screen.getByLabelText("Full Name"), { target: { value: "Ada Lovelace" } });
  fireEvent.click(screen.getByRole("button", { name: "Start Free Trial" }));
  expect(await findToast("Redirecting to Checkout")).toBeTruthy();
  expect(assign).toHaveBeenCalledWith("/demo-checkout?session_id=demo_cs_9");
  expect(submit).not.toHaveBeenCalled();
});

test("a Pro user has nothing to check out", async () => {
  const submit = jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
  renderDirectStripe(signedIn({ hasProAccess: true }));
  expect(await screen.findByRole("heading", { name: "You're already subscribed!" })).toBeTruthy();
  expect(submit).not.toHaveBeenCalled();
});
