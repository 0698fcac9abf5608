import type { Browser } from "playwright-core";
import { appRoutePaths } from "@shared/route-paths";
import { baseUrl, launchBrowser, openPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// Reaching each page by clicking is navigation.e2e.ts; here each page opens with no console error
// (the account and demo billing pages need a session: the account and upgrade tests open them).
const NEEDS_A_SESSION = new Set(["/account", "/demo-checkout", "/demo-billing-portal"]);

it.each(appRoutePaths.filter((path) => !NEEDS_A_SESSION.has(path)).map((path) => path.replace(":ticker", "AAPL")))("renders %s", async (path) => {
  const { page, problems, close } = await openPage(browser);
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await screenshot(page, `page${path.replaceAll("/", "-")}`);
  expect(problems).toEqual([]);
  await close();
});

it("shows '404 Page Not Found' for an unknown path", async () => {
  const { page, close } = await openPage(browser);
  await page.goto(`${baseUrl}/nope`);
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  await screenshot(page, "not-found");
  await close();
});

it("switches to the dark theme and keeps it after a reload", async () => {
  const { page, close } = await openPage(browser);
  await page.goto(`${baseUrl}/`);
  expect(await page.locator("html").getAttribute("data-theme")).toBe("light");
  await page.getByRole("button", { name: "Dark theme" }).click();
  expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
  await page.reload();
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
  expect(await page.evaluate(() => localStorage.getItem("tickerscope.theme"))).toBe("dark");
  await screenshot(page, "home-dark");
  await close();
});

it("submits the contact form: 'Message Sent' toast, the stored message's id, and a reset form", async () => {
  const { page, problems, close } = await openPage(browser);
  await page.goto(`${baseUrl}/contact`);
  await page.getByRole("heading", { name: "Get in Touch" }).waitFor();
  await page.getByLabel("First Name").fill("Grace");
  await page.getByLabel("Last Name").fill("Hopper");
  await page.getByLabel("Email Address").fill("grace@example.com");
  await page.getByLabel("Investment Focus").selectOption("institutional");
  await page.getByLabel("Message", { exact: true }).fill("Please tell me about API access for our desk.");

  const stored = page.waitForResponse((response) => response.url().endsWith("/graphql") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Send Message" }).click();
  const body = await (await stored).json();
  expect(body.data.submitContactMessage.id).toMatch(/^[0-9a-f-]{36}$/);

  await page.getByText("Thank you for your message! We will get back to you soon.", { exact: true }).waitFor();
  await screenshot(page, "contact-sent");
  expect(await page.getByLabel("First Name").inputValue()).toBe("");
  expect(problems).toEqual([]);
  await close();
});

it("fits a 375 px wide phone screen without sideways scrolling", async () => {
  const { page, close } = await openPage(browser, { width: 375, height: 800 });
  for (const path of ["/", "/pricing", "/contact"]) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
    await screenshot(page, `mobile${path === "/" ? "-home" : path.replaceAll("/", "-")}`);
  }
  await close();
});

it("opens GraphiQL at /graphql", async () => {
  const { page, close } = await openPage(browser);
  await page.goto(`${baseUrl}/graphql`);
  await page.locator(".graphiql-container").first().waitFor({ timeout: 20_000 });
  await screenshot(page, "graphiql");
  await close();
});
