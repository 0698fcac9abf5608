import type { Browser } from "playwright-core";
import { baseUrl, launchBrowser, openPage, screenshot, signInAsNewProUser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A GraphQL call as an API client makes it: the key in the header, no cookies. */
async function graphqlWithKey(secret: string, query: string) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
}

it("a Pro user creates an API key on /account, reads Pro data with it, revokes it, and the key then gets 401", async () => {
  const { page, problems, close } = await openPage(browser);
  await signInAsNewProUser(page, "grace.e2e@example.com", "Grace Hopper");

  // The shell knows who is signed in.
  await page.goto(`${baseUrl}/account`);
  await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Account menu for Grace Hopper" }).waitFor();
  const planCard = page.getByRole("region", { name: "Plan & billing" });
  await planCard.getByText("Free trial").waitFor();
  await planCard.getByRole("button", { name: "Manage billing (demo)" }).waitFor();
  await page.getByText("You have no API keys yet.").waitFor();
  await screenshot(page, "account-pro");

  await page.getByLabel("Key name").fill("E2E notebook");
  await page.getByRole("button", { name: "Create key" }).click();
  const secretBox = page.getByRole("region", { name: "Copy your new key “E2E notebook” now" });
  await secretBox.getByText("You won't see it again.").waitFor();
  const secret = await secretBox.getByLabel("Your new API key").inputValue();
  expect(secret).toMatch(/^tsk_[A-Za-z0-9_-]{30,}$/);
  const item = page.getByRole("listitem", { name: "E2E notebook" });
  await item.getByText(`${secret.slice(0, 12)}…`).waitFor();
  await screenshot(page, "account-key-created");

  const answer = await graphqlWithKey(secret, "{ viewer { email proSince plan { hasProAccess } } }");
  expect(answer.status).toBe(200);
  expect(answer.body.errors).toBeUndefined();
  expect(answer.body.data.viewer).toMatchObject({ email: "grace.e2e@example.com", plan: { hasProAccess: true } });
  expect(Date.parse(answer.body.data.viewer.proSince)).not.toBeNaN();
  expect(Number(answer.headers.get("x-ratelimit-remaining"))).toBeGreaterThan(0);

  await secretBox.getByRole("button", { name: "I've saved my key" }).click();
  expect(await page.getByText(secret).count()).toBe(0);

  await item.getByRole("button", { name: "Revoke E2E notebook" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Revoke “E2E notebook”?" });
  await screenshot(page, "account-revoke-confirm");
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await dialog.waitFor({ state: "detached" });
  await item.getByRole("button", { name: "Revoke E2E notebook" }).waitFor({ state: "detached" });
  await item.getByRole("term").filter({ hasText: "Revoked" }).waitFor();

  const afterRevoke = await graphqlWithKey(secret, "{ viewer { email } }");
  expect(afterRevoke.status).toBe(401);

  expect(problems).toEqual([]);
  await close();
});

it("Pro screens: a visitor sees the blurred preview and the upgrade prompt; a Pro user does not", async () => {
  const visitor = await openPage(browser);
  await visitor.page.goto(`${baseUrl}/combined-screener`);
  await visitor.page.getByRole("heading", { name: "Unlock the Combined Screener" }).waitFor();
  await visitor.page.getByRole("button", { name: "Sign In" }).waitFor();
  expect(await visitor.page.locator("[inert][aria-hidden='true']").count()).toBe(1);
  await screenshot(visitor.page, "combined-screener-locked");
  await visitor.page.goto(`${baseUrl}/ai-features`);
  await visitor.page.getByRole("heading", { name: "Unlock hedge fund holdings and earnings predictions" }).waitFor();
  await screenshot(visitor.page, "ai-features-locked");
  expect(visitor.problems).toEqual([]);
  await visitor.close();

  const pro = await openPage(browser);
  await signInAsNewProUser(pro.page, "ada.e2e@example.com", "Ada Lovelace");
  await pro.page.goto(`${baseUrl}/combined-screener`);
  await pro.page.getByRole("form", { name: "Combined analysis parameters" }).waitFor();
  expect(await pro.page.getByText("Pro Feature").count()).toBe(0);
  await pro.page.goto(`${baseUrl}/pricing`);
  await pro.page.getByRole("heading", { name: "Your current plan: Pro" }).waitFor();
  expect(await pro.page.getByRole("region", { name: "Pro" }).getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
  await screenshot(pro.page, "pricing-pro");
  expect(pro.problems).toEqual([]);
  await pro.close();
});

it("the avatar menu names the user and signs out", async () => {
  const { page, problems, close } = await openPage(browser, { width: 375, height: 800 });
  await signInAsNewProUser(page, "katherine.e2e@example.com", "Katherine Johnson");
  await page.goto(`${baseUrl}/`);
  await page.getByRole("button", { name: "Account menu for Katherine Johnson" }).click();
  const menu = page.getByRole("menu");
  await menu.getByText("katherine.e2e@example.com").waitFor();
  await screenshot(page, "mobile-user-menu");
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole("button", { name: "Sign In" }).waitFor();
  expect(problems).toEqual([]);
  await close();
});

it("fits a 375 px phone: account, pricing and the Pro overlay", async () => {
  const { page, close } = await openPage(browser, { width: 375, height: 800 });
  await signInAsNewProUser(page, "mary.e2e@example.com", "Mary Jackson");
  for (const path of ["/account", "/pricing", "/ai-features"]) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.getByRole("button", { name: /Account menu/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
    await screenshot(page, `mobile-signed-in${path.replaceAll("/", "-")}`);
  }
  await close();
});
