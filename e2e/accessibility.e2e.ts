import type { Browser, BrowserContext } from "playwright-core";
import { appRoutePaths } from "@shared/route-paths";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, signInAsNewProUser, waitForAiPicks } from "./browser";

/**
 * axe-core (WCAG 2.1 A and AA rules) over every page of the app, in the light and the dark theme, as a
 * visitor (every page) and as a Pro user (the pages that differ for Pro): no serious or critical
 * violation anywhere. Each page loads once per user and is checked in both themes (every rule in
 * the first, colour contrast in the second).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // The pages as a user finds them once the start-up passes are done (the AI page waits for its picks).
  await waitForAiPicks("2020-04-22");
}, 4 * 60_000);
afterAll(() => browser.close());

// Every route of the app (a stock page for the ticker one), and an unknown address (the Not Found page).
const PAGES = [...appRoutePaths.map((path) => path.replace(":ticker", "AAPL")), "/no-such-page"];
// The pages a Pro user sees differently from a visitor (Pro content where a visitor meets the upgrade
// gate, an account, a subscription); the others render the same for both, bar the header's account
// menu, which these cover. Checking those again as Pro took a third of the suite's time.
const PRO_PAGES = [
  "/",
  "/screener",
  "/combined-screener",
  "/ai-features",
  "/account",
  "/subscription-success",
  "/demo-billing-portal",
  "/stocks/AAPL",
  "/hedge-fund-tracker",
  "/earnings-predictor",
  "/research-compare",
  "/market-videos",
  "/pro-screener",
  "/watchlists",
  "/alerts",
];

type Actor = "visitor" | "Pro";
type Scheme = "light" | "dark";
const SCHEMES: Scheme[] = ["light", "dark"];

async function contextFor(actor: Actor): Promise<BrowserContext> {
  // Reduced motion turns the app's fade-ins and colour transitions off, so axe never reads a
  // colour halfway through one.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
  if (actor === "Pro") {
    const page = await context.newPage();
    await signInAsNewProUser(page, `a11y-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, "Axe Reader");
    await page.close();
  }
  return context;
}

/**
 * The page loaded once and checked in each theme, switched with the header's theme buttons as a
 * user would: "<scheme> <path> <violation>" for each serious or critical one.
 */
async function violationsInEachTheme(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}${path}`);
    await page.locator("main h1, main h2").first().waitFor();
    await page.waitForLoadState("networkidle");
    // Content dimmed while newer data loads (aria-busy) is a passing state, not the page.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 30_000 });
    const found: string[] = [];
    for (const scheme of SCHEMES) {
      await page.getByRole("button", { name: scheme === "light" ? "Light theme" : "Dark theme" }).click();
      await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, scheme);
      // A theme changes colours only: the other rules' answer is the same in both, so the second checks contrast.
      const rules = scheme === SCHEMES[0] ? "all" : "contrast";
      for (const violation of await seriousViolations(page, rules)) found.push(`${scheme} ${path} ${violation}`);
    }
    return found;
  } finally {
    await page.close();
  }
}

// Four side by side (separate browser contexts, each actor's pages in two halves): the suite waits
// on the server and on axe, not on one core.
const halvesOf = (pages: string[]) => [pages.filter((_, index) => index % 2 === 0), pages.filter((_, index) => index % 2 === 1)];
const halves: Record<Actor, string[][]> = { visitor: halvesOf(PAGES), Pro: halvesOf(PRO_PAGES) };
it.concurrent.each<[Actor, number]>([
  ["visitor", 0],
  ["visitor", 1],
  ["Pro", 0],
  ["Pro", 1],
])(`has no serious or critical axe violation in the light and the dark theme as a %s (half %i of the pages)`, async (actor, half) => {
  const context = await contextFor(actor);
  const found: string[] = [];
  for (const path of halves[actor][half]) found.push(...(await violationsInEachTheme(context, path)));
  await context.close();
  expect(found).toEqual([]);
}, 15 * 60_000);
