import type { Browser, Page } from "playwright-core";
import { isNavGroup, MAIN_NAV, PRO_PAGES, type NavPage } from "../web/src/components/Header/navigation";
import { appRoutePaths } from "@shared/route-paths";
import { baseUrl, launchBrowser, openPage, screenshot } from "./browser";

/**
 * Every route of the web app is reached by clicking from Home: no typed address after Home. The
 * one exception is named with its reason, so a route nothing links to fails this test until it is.
 */
const NOT_CLICKABLE: Partial<Record<(typeof appRoutePaths)[number], string>> = {
  "/subscription-success": "nothing links it: both checkouts (demo and Stripe) return to /auth?session_id=…",
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The route pattern (appRoutePaths) a pathname belongs to. */
function routeOf(pathname: string): string {
  const route = appRoutePaths.find((pattern) => new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`).test(pathname));
  if (!route) throw new Error(`${pathname} is not a route of shared/route-paths.ts`);
  return route;
}

/** The routes reached in any test of this file (checked against every route by the last test). */
const reachedInAnyJourney = new Set<string>();

/** Home, once the header knows who is signed in (its menus show the Pro marks and the trial from then on). */
async function openHome(page: Page, arrive: (pathname: string) => Promise<void>) {
  await page.goto(`${baseUrl}/`);
  await arrive("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor({ timeout: 30_000 });
}

/** Records the routes a user reaches, each once its page has rendered its heading. */
function journey(page: Page) {
  const reached = new Set<string>();
  return {
    reached,
    async arrive(pathname: string) {
      await page.waitForURL((url) => url.pathname === pathname, { timeout: 30_000 });
      await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 30_000 });
      reached.add(routeOf(pathname));
      reachedInAnyJourney.add(routeOf(pathname));
    },
  };
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main sections" });

/** Every page of the main navigation with its group ("" for Home and Contact, which are plain links). */
const NAV_PAGES: { group: string; page: NavPage }[] = MAIN_NAV.flatMap((entry) =>
  isNavGroup(entry) ? entry.pages.map((page) => ({ group: entry.label, page })) : [{ group: "", page: entry }],
);

/** Opens a page through the header: its group's menu, then the item (or the plain link). */
async function clickNav(page: Page, group: string, label: string) {
  if (!group) return mainNav(page).getByRole("link", { name: label, exact: true }).click();
  await mainNav(page).getByRole("button", { name: group }).click();
  return page.getByRole("menuitem", { name: new RegExp(`^${label.replace(/[&]/g, "\\$&")}`) }).click();
}

/** Every navigation page, in menu order, asserting each Pro page's mark is shown (visitor) or not (Pro). */
async function visitEveryNavPage(page: Page, arrive: (pathname: string) => Promise<void>, { proMarks }: { proMarks: boolean }) {
  for (const { group, page: target } of NAV_PAGES) {
    if (group) {
      await mainNav(page).getByRole("button", { name: group }).click();
      const item = page.getByRole("menuitem", { name: new RegExp(`^${target.label}`) });
      expect(await item.getByRole("img", { name: "Pro feature" }).count()).toBe(proMarks && target.pro ? 1 : 0);
      await item.click();
    } else {
      await clickNav(page, group, target.label);
    }
    await arrive(target.to);
  }
}

/** Types in the header search and picks the suggestion for `ticker` with the keyboard. */
async function searchStock(page: Page, typed: string, ticker: string) {
  const search = page.getByRole("combobox", { name: "Search stocks by ticker or company" });
  await search.fill(typed);
  const option = page.getByRole("option", { name: new RegExp(`^${ticker}\\b`) });
  await option.waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
    await screenshot(page, `navigation-search-${typed}`);
    const shown = await page.getByRole("search").textContent();
    throw new Error(`${error.message}\nthe search showed: ${shown}`);
  });
  await search.focus();
  while ((await option.getAttribute("aria-selected")) !== "true") await search.press("ArrowDown");
  await search.press("Enter");
}

it("a visitor reaches every page by clicking from Home: the menus, the search, the stock page's links, sign-in and the trial", async () => {
  const { page, problems, close } = await openPage(browser, { width: 1440, height: 900 });
  const { reached, arrive } = journey(page);
  await openHome(page, arrive);

  // The skip link comes first and moves the focus to the page.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

  await visitEveryNavPage(page, arrive, { proMarks: true });

  await searchStock(page, "app", "AAPL");
  await arrive("/stocks/AAPL");
  await page.getByRole("link", { name: "AAPL earnings prediction" }).click();
  await arrive("/earnings-predictor");

  // A Pro page's gate offers the trial.
  await clickNav(page, "Screeners", "Combined Screener");
  await arrive("/combined-screener");
  await page.getByRole("link", { name: "Start 7-Day Free Trial" }).first().click();
  await arrive("/subscribe");

  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  await arrive("/auth");
  // A full page load: the header's menus are ready once its sign-in check has answered.
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();

  await clickNav(page, "AI & Pro", "Start the 7-day Pro trial");
  await arrive("/direct-stripe");

  const expected = new Set([...NAV_PAGES.map(({ page: target }) => target.to), "/stocks/:ticker", "/subscribe", "/auth", "/direct-stripe"]);
  expect([...reached].sort()).toEqual([...expected].sort());
  expect(problems).toEqual([]);
  await close();
});

it("a visitor starts the trial by clicking, and as a Pro user reaches every page, with no upgrade prompt in the header", async () => {
  const { page, problems, close } = await openPage(browser, { width: 1440, height: 900 });
  const { reached, arrive } = journey(page);
  await openHome(page, arrive);

  // Visitor → Pro trial, through the header's trial link and the demo checkout.
  await clickNav(page, "AI & Pro", "Start the 7-day Pro trial");
  await arrive("/direct-stripe");
  const email = `nav-${Date.now()}@example.com`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full Name").fill("Nav Tester");
  await page.getByRole("button", { name: /Start Free Trial|Create/ }).click();
  await arrive("/demo-checkout");
  await page.getByRole("button", { name: "Complete demo checkout" }).click();
  await page.waitForURL((url) => url.pathname === "/auth", { timeout: 30_000 });
  const avatar = page.getByRole("button", { name: "Account menu for Nav Tester" });
  await avatar.waitFor({ timeout: 30_000 });

  // As a Pro user: no Pro marks, no trial or upgrade prompt in the header or its menus.
  await visitEveryNavPage(page, arrive, { proMarks: false });
  for (const group of ["Screeners", "Research", "AI & Pro"]) {
    await mainNav(page).getByRole("button", { name: group }).click();
    expect(await page.getByRole("menu").textContent()).not.toMatch(/upgrade|trial/i);
    await page.keyboard.press("Escape");
  }
  expect(await page.getByRole("banner").textContent()).not.toMatch(/upgrade|trial/i);

  // The avatar menu: every Pro page, and Account.
  for (const target of PRO_PAGES) {
    await avatar.click();
    expect(await page.getByRole("menu").textContent()).not.toMatch(/upgrade|trial/i);
    await page.getByRole("menuitem", { name: target.label }).click();
    await arrive(target.to);
  }
  await avatar.click();
  await page.getByRole("menuitem", { name: "Account" }).click();
  await arrive("/account");
  await page.getByRole("button", { name: /^Manage billing/ }).click();
  await arrive("/demo-billing-portal");

  await searchStock(page, "microsoft", "MSFT");
  await arrive("/stocks/MSFT");
  await page.getByRole("link", { name: "Compare MSFT with other stocks" }).click();
  await page.waitForURL((url) => url.pathname === "/research-compare" && (url.searchParams.get("tickers") ?? "").startsWith("MSFT"));
  await screenshot(page, "navigation-pro-compare");

  expect(reached.has("/account") && reached.has("/demo-billing-portal") && reached.has("/demo-checkout")).toBe(true);
  expect(problems).toEqual([]);
  await close();
});

it("on a 390 px phone the Menu button opens the same groups, and the search opens a stock", async () => {
  const { page, problems, close } = await openPage(browser, { width: 390, height: 844 });
  const { arrive } = journey(page);
  await openHome(page, arrive);
  expect(await mainNav(page).isVisible()).toBe(false);

  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  for (const group of ["Screeners", "Research", "AI & Pro"]) expect(await menu.getByRole("group").filter({ hasText: group }).count()).toBe(1);
  await page.getByRole("menuitem", { name: /^Market Videos/ }).click();
  await arrive("/market-videos");
  await screenshot(page, "navigation-phone-market-videos");

  await page.getByRole("button", { name: "Menu" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  expect(await page.getByRole("menu").count()).toBe(0);

  await searchStock(page, "nvidia", "NVDA");
  await arrive("/stocks/NVDA");
  expect(problems).toEqual([]);
  await close();
});

it("together these journeys reach every route of the app but the one named in NOT_CLICKABLE", () => {
  expect(appRoutePaths.filter((route) => !reachedInAnyJourney.has(route) && !NOT_CLICKABLE[route])).toEqual([]);
});
