import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { PRO_PLAN_FEATURES } from "../../components/PricingCards/plans";
import { answerGraphQL, signedIn, signedOut, stubNavigation } from "../Auth/accountTestKit";
import { POST_LOGIN_ACTION_KEY } from "./postLoginAction";
import { SubscribePageQuery } from "./SubscribePage";

function renderSubscribe(mocks: IMocks) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, SubscribePageQuery, mocks);
  return renderApp("/subscribe", environment);
}

afterEach(() => {
  jest.restoreAllMocks();
  window.sessionStorage.clear();
});

test("a signed-out visitor is asked to log in; 'Login to Continue' remembers 'subscribe' and goes to /api/login", async () => {
  const assign = stubNavigation();
  renderSubscribe(signedOut);
  expect(await screen.findByRole("heading", { name: "Login Required" })).toBeTruthy();
  // A visitor without an account is offered the trial's Create Account instead.
  expect(screen.getByRole("link", { name: /Create an account/ }).getAttribute("href")).toBe("/auth");
  fireEvent.click(screen.getByRole("button", { name: "Login to Continue" }));
  expect(window.sessionStorage.getItem(POST_LOGIN_ACTION_KEY)).toBe("subscribe");
  expect(assign).toHaveBeenCalledWith("/api/login");
});

test("a Pro user is told they're already subscribed", async () => {
  renderSubscribe(signedIn({ hasProAccess: true }));
  expect(await screen.findByRole("heading", { name: "You're already subscribed!" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Go to Screener" }).getAttribute("href")).toBe("/screener");
  expect(screen.getByRole("link", { name: "View Plans" }).getAttribute("href")).toBe("/pricing");
});

test("a Basic user sees the Pro plan, the order summary and a plain form post to checkout", async () => {
  renderSubscribe(signedIn({ hasProAccess: false }));
  const plan = within(await screen.findByRole("region", { name: "Pro Plan" }));
  expect(plan.getByText("Most Popular")).toBeTruthy();
  expect(plan.getByText("$30")).toBeTruthy();
  // Features not built yet are listed after the included ones, marked "Coming soon".
  expect(plan.getAllByRole("listitem").map((item) => item.textContent)).toEqual(
    PRO_PLAN_FEATURES.map(({ name, available }) => (available ? name : `${name} Coming soon`)),
  );
  expect(plan.getByText("API access").closest("li")?.textContent).toBe("API access");
  expect(plan.getByText("SEC 13F hedge fund tracking").closest("li")?.textContent).toBe("SEC 13F hedge fund tracking");
  expect(plan.getByText("Stock comparison tools").closest("li")?.textContent).toBe("Stock comparison tools");
  expect(plan.getByText("Priority support").closest("li")?.textContent).toBe("Priority support Coming soon");

  const summary = within(screen.getByRole("region", { name: "Order summary" }));
  expect(summary.getByText("Pro Plan (Monthly)")).toBeTruthy();
  expect(summary.getByText("$30.00")).toBeTruthy();
  expect(summary.getByText("$30.00/month")).toBeTruthy();
  expect(summary.getByText("Cancel anytime")).toBeTruthy();
  expect(summary.getByText("7-day money-back guarantee")).toBeTruthy();
  expect(summary.getByText(/7-day free trial, then \$30\/month/)).toBeTruthy();
  expect(summary.getByText(/no card is collected and nothing is charged/)).toBeTruthy();

  const button = summary.getByRole("button", { name: "Start Free Trial - $30/month" });
  const form = button.closest("form");
  expect(form?.getAttribute("method")).toBe("post");
  expect(form?.getAttribute("action")).toBe("/api/create-subscription");
  expect(form?.querySelectorAll("input")).toHaveLength(0);

  fireEvent.submit(form as HTMLFormElement);
  const redirecting = summary.getByRole("button", { name: "Redirecting to demo checkout..." });
  expect(redirecting).toHaveProperty("disabled", true);

  expect(screen.getByRole("link", { name: /Back to Pricing/ }).getAttribute("href")).toBe("/pricing");
  // Only true statements: the spec's uptime, coverage and 24/7 figures are not verified.
  expect(document.body.textContent).not.toMatch(/99\.9%|5,000\+|24\/7/);
});

test("with Stripe the button says 'Redirecting to Stripe...'", async () => {
  renderSubscribe({ ...signedIn({ hasProAccess: false }), BillingInfo: () => ({ provider: "STRIPE" }) });
  const button = await screen.findByRole("button", { name: "Start Free Trial - $30/month" });
  fireEvent.submit(button.closest("form") as HTMLFormElement);
  expect(screen.getByRole("button", { name: "Redirecting to Stripe..." })).toHaveProperty("disabled", true);
  expect(screen.getByText(/handled securely by Stripe/)).toBeTruthy();
});
