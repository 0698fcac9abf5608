import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, screenshot, signInLinkFromOutbox } from "./browser";

/**
 * Issue 3's "Done when", as a new user on a fresh install with no keys: Create
 * Account → demo checkout → activated and signed in on /auth with a 7-day trial
 * → sign out → Sign In by email → the link from the development outbox signs in
 * → the same link fails the second time. Plus screenshots of every account page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const email = `e2e-${Date.now()}@example.com`;

/** The origin the browser is on: checkout and emailed links use the server's PUBLIC_URL (localhost), not 127.0.0.1. */
const originOf = (page: Page) => new URL(page.url()).origin;

async function currentUser(page: Page) {
  const response = await page.request.get(`${originOf(page)}/api/auth/user`);
  return { status: response.status(), body: response.ok() ? await response.json() : null };
}

it("Create Account → demo checkout → activated → sign out → email link → signed in; the link works once", async () => {
  const { page, problems, close } = await openPage(browser);

  // Create Account (the default tab).
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole("heading", { name: "Your Tickerscope account" }).waitFor();
  expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Create Account");
  await screenshot(page, "auth-create-account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full Name").fill("Grace Hopper");
  await page.getByRole("button", { name: "Start Free Trial" }).click();

  // The demo provider's checkout says what it is.
  await page.waitForURL(/\/demo-checkout\?session_id=demo_cs_/);
  await page.getByText("This is a DEMO checkout").waitFor();
  await page.getByText(email).waitFor();
  await page.getByText("$30.00/month after a 7-day free trial").waitFor();
  await screenshot(page, "demo-checkout");
  const activation = page.waitForResponse((response) => response.url().endsWith("/api/auth/activate"));
  await page.getByRole("button", { name: "Complete demo checkout" }).click();

  // Back on /auth: activated, signed in, trial ending 7 days from now.
  await page.waitForURL(/\/auth\?session_id=demo_cs_/);
  const activated = (await (await activation).json()) as { success: boolean; email: string; status: string; trialEnd: string };
  expect(activated).toMatchObject({ success: true, email, status: "trialing", signedIn: true });
  expect(Math.abs(new Date(activated.trialEnd).getTime() - Date.now() - 7 * DAY_MS)).toBeLessThan(10 * 60 * 1000);
  await page.getByRole("heading", { name: "Account Activated" }).waitFor();
  const trialEndShown = await page.evaluate((iso) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long" }), activated.trialEnd);
  await page.getByRole("tabpanel").getByText(trialEndShown).waitFor();
  await page.getByText("Your 7-day free trial has started.", { exact: true }).waitFor();
  // "You're signed in" holds for the header too, before the page opens /.
  await page.getByRole("banner").getByRole("button", { name: "Account menu for Grace Hopper" }).waitFor();
  await screenshot(page, "auth-activated");

  // After 2 s the app opens / as a signed-in Pro (trial) user.
  await page.waitForURL(`${originOf(page)}/`, { timeout: 10_000 });
  expect((await currentUser(page)).body).toMatchObject({ email, firstName: "Grace", lastName: "Hopper" });
  const status = await (await page.request.get(`${originOf(page)}/api/subscription-status`)).json();
  expect(status).toMatchObject({ plan_type: "pro", subscription_status: "trialing", has_access_to_pro: true });

  // Pro users are told they're subscribed; /auth sends signed-in users home.
  await page.goto(`${originOf(page)}/subscribe`);
  await page.getByRole("heading", { name: "You're already subscribed!" }).waitFor();
  await screenshot(page, "subscribe-already-subscribed");
  await page.goto(`${originOf(page)}/subscription-success`);
  await page.getByRole("heading", { name: "Subscription confirmed" }).waitFor();
  await screenshot(page, "subscription-success");
  await page.goto(`${originOf(page)}/auth`);
  await page.waitForURL(`${originOf(page)}/`);

  // Sign out.
  await page.goto(`${originOf(page)}/api/logout`);
  await page.waitForURL(`${originOf(page)}/`);
  expect((await currentUser(page)).status).toBe(401);

  // Sign In by email: the page says to check the inbox and where the demo install keeps mail.
  await page.goto(`${originOf(page)}/auth?tab=signin`);
  const signInPanel = page.getByRole("tabpanel");
  await signInPanel.getByLabel("Email").fill(email.toUpperCase());
  await signInPanel.getByRole("button", { name: "Sign In" }).click();
  await signInPanel.getByText("Check your inbox", { exact: true }).waitFor();
  await signInPanel.getByRole("link", { name: /development outbox/ }).waitFor();
  await screenshot(page, "auth-check-inbox");

  // The link from the development outbox signs in, once.
  const link = await signInLinkFromOutbox(email);
  await page.goto(link);
  await page.getByText(`Welcome back, ${email}!`).first().waitFor();
  await screenshot(page, "auth-signin-link");
  await page.waitForURL(`${new URL(link).origin}/`, { timeout: 10_000 });
  expect((await currentUser(page)).body).toMatchObject({ email });

  await page.goto(link);
  await page.getByText("This sign-in link didn't work", { exact: true }).waitFor();
  await page.getByRole("tabpanel").getByText(/invalid, has expired or was already used/).waitFor();
  await screenshot(page, "auth-signin-link-used");

  // Manage billing stand-in: cancel the demo subscription; Subscribe then offers Pro again.
  await page.goto(`${originOf(page)}/demo-billing-portal`);
  await page.getByText("This is a DEMO billing portal").waitFor();
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await screenshot(page, "demo-billing-portal-confirm");
  await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
  await page.getByText("There is no demo subscription to cancel.").waitFor();
  await screenshot(page, "demo-billing-portal-canceled");
  await page.goto(`${originOf(page)}/subscribe`);
  await page.getByRole("heading", { name: "Subscribe to Pro" }).waitFor();
  await screenshot(page, "subscribe-basic");

  // Chromium logs the deliberate 400 of the reused link as a failed resource; nothing else may fail.
  expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
  await close();
});

it("/direct-checkout.html starts a trial without the React app", async () => {
  const { page, problems, close } = await openPage(browser);
  await page.goto(`${baseUrl}/direct-checkout.html`);
  await page.getByRole("heading", { name: "Start your free trial" }).waitFor();
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await page.getByText("Please enter both email and name to start your trial.").waitFor();
  expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
  await screenshot(page, "direct-checkout-missing");

  await page.getByLabel("Email").fill(`direct-${Date.now()}@example.com`);
  await page.getByLabel("Full Name").fill("Katherine Johnson");
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await page.waitForURL(/\/demo-checkout\?session_id=demo_cs_/);
  await page.getByText("This is a DEMO checkout").waitFor();
  expect(problems).toEqual([]);
  await close();
});

it("shows Login Required on /subscribe and remembers the post-login action", async () => {
  const { page, problems, close } = await openPage(browser);
  await page.goto(`${baseUrl}/subscribe`);
  await page.getByRole("heading", { name: "Login Required" }).waitFor();
  await screenshot(page, "subscribe-login-required");
  await page.getByRole("button", { name: "Login to Continue" }).click();
  // Without an OpenID provider, /api/login leads to the email sign-in.
  await page.waitForURL(/\/auth\?tab=signin/);
  expect(await page.evaluate(() => sessionStorage.getItem("postLoginAction"))).toBe("subscribe");
  expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Sign In");
  expect(problems).toEqual([]);
  await close();
});

it("fits a 375 px phone screen, in the dark theme too", async () => {
  const { page, close } = await openPage(browser, { width: 375, height: 800 });
  for (const [path, name] of [
    ["/auth", "auth"],
    ["/subscribe", "subscribe"],
    ["/direct-stripe", "direct-stripe"],
    ["/demo-checkout?session_id=demo_cs_unknown", "demo-checkout-unknown"],
    ["/direct-checkout.html", "direct-checkout"],
  ]) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
    await screenshot(page, `mobile-${name}`);
  }
  await page.evaluate(() => localStorage.setItem("tickerscope.theme", "dark"));
  for (const [path, name] of [
    ["/auth?tab=signin", "auth"],
    ["/demo-checkout?session_id=demo_cs_unknown", "demo-checkout"],
  ]) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    await screenshot(page, `mobile-dark-${name}`);
  }
  await close();
});
