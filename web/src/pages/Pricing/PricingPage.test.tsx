import type { IMocks } from "@graphql-tools/mock";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { GraphQLTaggedNode } from "relay-runtime";
import { createMockEnvironment } from "relay-test-utils";
import { renderApp } from "../../../test/render";
import { answerGraphQL } from "../Auth/accountTestKit";
import { AuthPageQuery } from "../Auth/AuthPage";
import { PricingPageQuery } from "./PricingPage";

const BASIC = { planId: "basic", planType: "basic", status: "free", hasProAccess: false, trialEndsAt: null };
const PRO_TRIAL = { planId: "pro", planType: "pro", status: "trialing", hasProAccess: true, trialEndsAt: "2026-12-01T12:00:00.000Z" };

/** /pricing with every query (page and header, and `laterPages`' preloaded ones) answered from the schema with these mocks. */
function renderPricing(mocks: IMocks, laterPages: GraphQLTaggedNode[] = []) {
  const environment = createMockEnvironment();
  answerGraphQL(environment, [PricingPageQuery, ...laterPages], mocks);
  return renderApp("/pricing", environment);
}

const signedOut = { Query: () => ({ viewer: null }) };
// One viewer id for every operation, as the real server gives: the store keeps one viewer record.
const signedIn = (plan: object) => ({ PlanStatus: () => plan, Viewer: () => ({ id: "viewer-1", firstName: "Ada", lastName: "Lovelace" }) });

test("a visitor sees both plans with no banner; Choose Basic opens Create Account with Basic chosen", async () => {
  const { router } = renderPricing(signedOut, [AuthPageQuery]);
  await screen.findByRole("heading", { name: "Simple, transparent pricing" });
  expect(screen.queryByRole("heading", { name: /Your current plan/ })).toBeNull();
  expect(screen.queryByRole("button", { name: "Current Plan" })).toBeNull();
  fireEvent.click(screen.getByRole("link", { name: "Choose Basic" }));
  await waitFor(() => expect(router.state.location.search).toBe("?plan=basic"));
  expect(router.state.location.pathname).toBe("/auth");
  expect(await screen.findByRole("radio", { name: "Basic" })).toHaveProperty("checked", true);
  expect(screen.getByRole("radio", { name: "Pro" })).toHaveProperty("checked", false);
  expect(screen.getByRole("button", { name: "Create Free Account" })).toBeTruthy();
});

test("what is not built yet says 'Coming soon' on the plan cards and in the showcase, after what Pro includes", async () => {
  renderPricing(signedOut);
  const proCard = within(await screen.findByRole("region", { name: "Pro" }));
  const proItems = proCard.getAllByRole("listitem").map((item) => item.textContent);
  expect(proItems).toEqual([
    "Everything in Basic Plan",
    "Combined technical + sentiment screener",
    "API access",
    "AI Stock Picker (daily refresh)",
    "Stock comparison tools",
    "Real-time news videos",
    "SEC 13F hedge fund tracking",
    "Earnings predictions",
    "Advanced screener filters",
    "Advanced technical analysis Coming soon",
    "Priority support Coming soon",
  ]);
  const basicCard = within(screen.getByRole("region", { name: "Basic" }));
  expect(basicCard.getAllByRole("listitem").map((item) => item.textContent)).toContain("AI stock picks preview (top 5)");

  const showcase = within(screen.getByRole("region", { name: "Everything in Pro" }));
  expect(showcase.getByRole("article", { name: "API access" }).textContent).not.toContain("Coming soon");
  expect(showcase.getByRole("article", { name: "AI Stock Picker (daily refresh)" }).textContent).not.toContain("Coming soon");
  expect(showcase.getByRole("article", { name: "Real-time news videos" }).textContent).not.toContain("Coming soon");
  expect(showcase.getByRole("article", { name: "Priority support" }).textContent).toContain("Coming soon");
});

test("a Basic user sees the banner and a disabled 'Current Plan' on Basic; Pro stays available", async () => {
  renderPricing(signedIn(BASIC));
  const banner = (await screen.findByRole("heading", { name: "Your current plan: Basic" })).closest("section")!;
  expect(within(banner).getByText("Status: Free")).toBeTruthy();
  expect(within(banner).queryByText(/Trial ends/)).toBeNull();

  const basicCard = within(screen.getByRole("region", { name: "Basic" }));
  expect(basicCard.getByRole("button", { name: "Current Plan" })).toHaveProperty("disabled", true);
  const proCard = within(screen.getByRole("region", { name: "Pro" }));
  expect(proCard.getByRole("button", { name: "Start 7-Day Free Trial" })).toHaveProperty("disabled", false);
});

test("a Pro user in the trial sees plan, status and trial end, and 'Current Plan' on Pro", async () => {
  renderPricing(signedIn(PRO_TRIAL));
  const banner = (await screen.findByRole("heading", { name: "Your current plan: Pro" })).closest("section")!;
  expect(within(banner).getByText("Status: Free trial")).toBeTruthy();
  expect(within(banner).getByText("Trial ends December 1, 2026")).toBeTruthy();

  const proCard = within(screen.getByRole("region", { name: "Pro" }));
  expect(proCard.getByRole("button", { name: "Current Plan" })).toHaveProperty("disabled", true);
  const basicCard = within(screen.getByRole("region", { name: "Basic" }));
  expect(basicCard.queryByRole("button", { name: "Choose Basic" })).toBeNull();
  expect(basicCard.getByRole("link", { name: "Manage plan in Account" }).getAttribute("href")).toBe("/account");
});

test("a lapsed Pro subscription counts as Basic and says why", async () => {
  renderPricing(signedIn({ ...PRO_TRIAL, status: "canceled", hasProAccess: false, trialEndsAt: null }));
  const banner = (await screen.findByRole("heading", { name: "Your current plan: Basic" })).closest("section")!;
  expect(within(banner).getByText("Status: Canceled")).toBeTruthy();
  expect(within(banner).getByText("Your Pro subscription is not active, so Pro features are locked.")).toBeTruthy();
  expect(within(screen.getByRole("region", { name: "Basic" })).getByRole("button", { name: "Current Plan" })).toBeTruthy();
});
