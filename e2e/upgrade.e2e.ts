import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, screenshot, signInAsBasic, signInAsNewProUser } from "./browser";

/**
 * Every button that leads to money, pressed in Chromium the way a person presses it (real form
 * posts, with the referrer policy the server sends), for a visitor, a signed-in Basic user and a
 * lapsed subscriber: each must end on the checkout page, never on an error.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const CHECKOUT_URL = /\/demo-checkout\?session_id=demo_cs_/;
let emailCounter = 0;
const newEmail = (kind: string) => `upgrade-${kind}-${Date.now()}-${++emailCounter}@example.com`;

async function expectCheckout(page: Page, email?: string) {
  await page.waitForURL(CHECKOUT_URL);
  await page.getByText("This is a DEMO checkout").waitFor();
  if (email) await page.getByText(email).first().waitFor();
}

/** The Pro card's button on /pricing: a plain form post to /api/create-subscription. */
async function pressPricingProButton(page: Page) {
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
}

/** A Basic user: an account from an unfinished checkout, signed in with the emailed link. */
async function signInAsBasicUser(page: Page): Promise<string> {
  const email = newEmail("basic");
  await signInAsBasic(page, email);
  return email;
}

/** A lapsed subscriber: a trial started and activated, then canceled in the (demo) billing portal. */
async function signInAsLapsedUser(page: Page): Promise<string> {
  const email = newEmail("lapsed");
  await signInAsNewProUser(page, email, "Lapsed Person");
  await page.goto(`${baseUrl}/demo-billing-portal`);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
  await page.getByText("There is no demo subscription to cancel.").waitFor();
  const plan = await (await page.request.get(`${baseUrl}/api/subscription-status`)).json();
  expect(plan).toMatchObject({ subscription_status: "canceled", has_access_to_pro: false });
  return email;
}

describe("a visitor (signed out)", () => {
  it("Pricing's Start 7-Day Free Trial → Create Account → checkout", async () => {
    const { page, problems, close } = await openPage(browser);
    await pressPricingProButton(page);
    await page.waitForURL(`${baseUrl}/auth`);
    const email = newEmail("visitor");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Full Name").fill("New Visitor");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expectCheckout(page, email);
    await screenshot(page, "upgrade-visitor-checkout");
    expect(problems).toEqual([]);
    await close();
  });

  it("Home's Start Free Trial (7 Days) and the Pro overlay's Start 7-Day Free Trial lead to Create Account", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(baseUrl);
    await page.getByRole("link", { name: "Start Free Trial (7 Days)" }).click();
    await page.waitForURL(`${baseUrl}/auth`);
    await page.getByRole("button", { name: "Start Free Trial" }).waitFor();

    await page.goto(`${baseUrl}/combined-screener`);
    await page.getByRole("link", { name: "Start 7-Day Free Trial" }).click();
    await page.waitForURL(/\/(subscribe|auth)/);
    if (page.url().includes("/subscribe")) {
      // Spec: /subscribe asks a visitor to log in, and offers a new account's trial too.
      await page.getByRole("heading", { name: "Login Required" }).waitFor();
      await page.getByRole("link", { name: /Create an account/ }).click();
      await page.waitForURL(`${baseUrl}/auth`);
    }
    await page.getByRole("button", { name: "Start Free Trial" }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});

describe.each([
  ["a signed-in Basic user", signInAsBasicUser],
  ["a lapsed subscriber", signInAsLapsedUser],
])("%s", (who, signIn) => {
  it("reaches checkout from Pricing, /subscribe, /direct-stripe and the Pro overlay", async () => {
    const { page, problems, close } = await openPage(browser);
    const email = await signIn(page);
    const shot = who.includes("Basic") ? "basic" : "lapsed";

    await pressPricingProButton(page);
    await expectCheckout(page, email);
    await screenshot(page, `upgrade-${shot}-pricing-checkout`);

    await page.goto(`${baseUrl}/subscribe`);
    await page.getByRole("button", { name: "Start Free Trial - $30/month" }).click();
    await expectCheckout(page, email);

    // /direct-stripe submits the checkout form by itself.
    await page.goto(`${baseUrl}/direct-stripe`);
    await expectCheckout(page, email);

    await page.goto(`${baseUrl}/combined-screener`);
    await page.getByRole("link", { name: "Start 7-Day Free Trial" }).click();
    await page.waitForURL(`${baseUrl}/subscribe`);
    await page.getByRole("button", { name: "Start Free Trial - $30/month" }).click();
    await expectCheckout(page, email);

    // And finishing that checkout gives Pro access back.
    await page.getByRole("button", { name: "Complete demo checkout" }).click();
    await page.getByRole("heading", { name: "Account Activated" }).waitFor();
    const plan = await (await page.request.get(`${baseUrl}/api/subscription-status`)).json();
    expect(plan).toMatchObject({ has_access_to_pro: true });
    expect(problems).toEqual([]);
    await close();
  });
});
