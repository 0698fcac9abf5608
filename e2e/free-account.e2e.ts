import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, screenshot, signInLinkFromOutbox } from "./browser";

/**
 * Issue 23's free account, as a new user on a fresh install with the demo billing provider:
 * visitor → Pricing's Choose Basic → a free Basic account by emailed link → the Pro trial
 * through checkout → lapsed (canceled in the billing portal) → subscribed again, all by
 * clicking through the pages.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const email = `free-${Date.now()}@example.com`;

async function subscriptionStatus(page: Page) {
  return (await page.request.get(`${baseUrl}/api/subscription-status`)).json();
}

const planCard = (page: Page) => page.getByRole("region", { name: "Plan & billing" });
/** The value next to a term on the plan card ("Plan", "Status"). */
const planDetail = (page: Page, term: string) => planCard(page).locator("dt", { hasText: term }).locator("+ dd");

/** /subscribe → the demo checkout → Complete → activated on /auth; then the account page. */
async function subscribeThroughCheckout(page: Page) {
  await page.waitForURL(`${baseUrl}/subscribe`);
  await page.getByRole("button", { name: "Start Free Trial - $30/month" }).click();
  await page.waitForURL(/\/demo-checkout\?session_id=demo_cs_/);
  await page.getByText(email).first().waitFor();
  const activation = page.waitForResponse((response) => response.url().endsWith("/api/auth/activate"));
  await page.getByRole("button", { name: "Complete demo checkout" }).click();
  expect((await activation).status()).toBe(200);
  await page.getByRole("heading", { name: "Account Activated" }).waitFor();
  expect(await subscriptionStatus(page)).toMatchObject({ plan_type: "pro", has_access_to_pro: true });
  await page.goto(`${baseUrl}/account`);
  await planCard(page).getByRole("button", { name: "Manage billing (demo)" }).waitFor();
}

it("visitor → Basic account by emailed link → Pro trial → lapsed → subscribed again", async () => {
  const { page, problems, close } = await openPage(browser);

  // A visitor chooses Basic on Pricing: Create Account opens with Basic chosen, beside the Pro trial.
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole("link", { name: "Choose Basic" }).click();
  await page.waitForURL(`${baseUrl}/auth?plan=basic`);
  expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Create Account");
  expect(await page.getByRole("radio", { name: "Basic" }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: "Pro" }).isChecked()).toBe(false);
  await screenshot(page, "free-account-create-basic");

  // The email gets a link; nothing is signed in until it is used.
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("Email").fill(email);
  await panel.getByRole("button", { name: "Create Free Account" }).click();
  await panel.getByText("Check your inbox", { exact: true }).waitFor();
  expect((await page.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);

  // The link creates the Basic account, signs in and opens the account page with a welcome.
  const link = await signInLinkFromOutbox(email);
  await page.goto(link);
  await page.getByText(/Your free Basic account is ready/).first().waitFor();
  await page.waitForURL(/\/account\?welcome=1$/, { timeout: 10_000 });
  await planCard(page).getByText("Welcome to Tickerscope!").waitFor();
  expect(await planDetail(page, "Plan").textContent()).toBe("Basic");
  expect(await planDetail(page, "Status").textContent()).toBe("Free");
  expect(await subscriptionStatus(page)).toMatchObject({ plan_type: "basic", subscription_status: "free", has_access_to_pro: false });
  await screenshot(page, "free-account-welcome");

  // The link works once.
  await page.goto(link);
  await page.getByText("This sign-in link didn't work", { exact: true }).waitFor();

  // Pricing: Basic is the current plan.
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole("region", { name: "Basic" }).getByRole("button", { name: "Current Plan" }).waitFor();

  // From the account page to the Pro trial.
  await page.goto(`${baseUrl}/account`);
  await planCard(page).getByRole("link", { name: "Start 7-Day Free Trial" }).click();
  await subscribeThroughCheckout(page);
  expect(await planDetail(page, "Status").textContent()).toBe("Free trial");
  expect(await subscriptionStatus(page)).toMatchObject({ subscription_status: "trialing" });

  // A Pro user sees no upgrade prompts on Pricing.
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole("region", { name: "Pro" }).getByRole("button", { name: "Current Plan" }).waitFor();
  expect(await page.getByRole("main").getByRole("button", { name: /Free Trial|Choose Basic/ }).count()).toBe(0);

  // Lapsed: the subscription is canceled in the (demo) billing portal.
  await page.goto(`${baseUrl}/account`);
  await planCard(page).getByRole("button", { name: "Manage billing (demo)" }).click();
  await page.waitForURL(`${baseUrl}/demo-billing-portal`);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
  await page.getByText("There is no demo subscription to cancel.").waitFor();
  expect(await subscriptionStatus(page)).toMatchObject({ subscription_status: "canceled", has_access_to_pro: false });
  await page.goto(`${baseUrl}/account`);
  await planCard(page).getByText("Your subscription has ended, so Pro features are locked.").waitFor();
  expect(await planDetail(page, "Status").textContent()).toBe("Canceled");
  await screenshot(page, "free-account-lapsed");

  // Subscribed again, from the account page.
  await planCard(page).getByRole("link", { name: "Subscribe to Pro again" }).click();
  await subscribeThroughCheckout(page);
  await screenshot(page, "free-account-resubscribed");

  // Chromium logs the deliberate 400 of the reused link as a failed resource; nothing else may fail.
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  await close();
});
