import type { Browser } from "playwright-core";
import { eventually } from "../api/test/eventually";
import { baseUrl, launchBrowser, openPage, screenshot, signInAsBasic } from "./browser";

/**
 * Issue 27's watchlists, as a Basic user would try them: a stock page's "Add to a new watchlist",
 * then /watchlists (linked from the header): the list's figures at the as-of day, tickers added,
 * reordered and removed, the one-list limit said plainly, and nothing lost on reload.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

it("a Basic user builds a watchlist from a stock page and the Watchlists page", async () => {
  const { page, problems, close } = await openPage(browser);
  await signInAsBasic(page, `watchlist-${Date.now()}@example.com`);

  await page.goto(`${baseUrl}/stocks/KO`);
  await page.getByRole("button", { name: "+ Add to a new watchlist" }).click();
  await page.getByRole("status").filter({ hasText: "In My watchlist" }).waitFor();
  await page.getByRole("status").getByRole("link", { name: "My watchlist" }).click();
  await page.waitForURL(/\/watchlists\?list=/);

  const tickers = page.getByRole("list", { name: "My watchlist: tickers in order" });
  await tickers.getByRole("link", { name: "KO" }).waitFor();
  await page.getByRole("textbox", { name: "Add tickers" }).fill("pep, jnj");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await tickers.getByRole("link", { name: "JNJ" }).waitFor();
  await page.getByRole("button", { name: "Move JNJ up" }).click();
  await page.getByRole("button", { name: "Remove KO" }).click();
  await eventually(async () => (await tickers.getByRole("link").allTextContents()).join() === "JNJ,PEP");

  // The figures: the screeners' table for the list's tickers, with the data's source and day.
  const table = page.getByRole("region", { name: "My watchlist table (scrolls)" }).getByRole("table");
  await table.getByRole("link", { name: "JNJ" }).first().waitFor();
  await table.getByRole("link", { name: "PEP" }).first().waitFor();
  // The figures follow the list: KO's row goes once the list's new view is in.
  await eventually(async () => (await table.getByRole("link", { name: "KO" }).count()) === 0);
  await page.getByRole("note", { name: "About this data" }).first().waitFor();

  // Basic keeps one list: the form to start another is not offered, and the plan's limit is said.
  expect(await page.getByRole("form", { name: "New watchlist" }).count()).toBe(0);
  await page.getByText("You have your one list this plan keeps.").waitFor();
  await screenshot(page, "watchlists-basic");

  // An unknown ticker is refused by name, and nothing else changes.
  await page.getByRole("textbox", { name: "Add tickers" }).fill("ZQXW");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("alert").filter({ hasText: "ZQXW" }).waitFor();
  await page.reload();
  await page.getByRole("list", { name: "My watchlist: tickers in order" }).getByRole("link", { name: "PEP" }).waitFor();
  expect(await page.getByRole("list", { name: "My watchlist: tickers in order" }).getByRole("link").allTextContents()).toEqual(["JNJ", "PEP"]);

  // The header links the page.
  await page.goto(`${baseUrl}/`);
  // Once Home's queries are in: a re-render in between closed the menu just opened.
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Main sections" }).getByRole("button", { name: "Research" }).click();
  await page.getByRole("menuitem", { name: /^Watchlists/ }).click();
  await page.waitForURL(`${baseUrl}/watchlists`);
  expect(problems).toEqual([]);
  await close();
});
