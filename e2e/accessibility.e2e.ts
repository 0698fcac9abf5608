import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext } from "playwright-core";
import { appRoutePaths } from "@shared/route-paths";
import { baseUrl, launchBrowser, signInAsNewProUser, waitForAiPicks } from "./browser";

/**
 * axe-core (WCAG 2.1 A and AA rules) over every page of the app, in the light and the dark theme, as a
 * visitor and as a Pro user: no serious or critical violation anywhere.
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

type Actor = "visitor" | "Pro";
type Scheme = "light" | "dark";

async function contextFor(actor: Actor, scheme: Scheme): Promise<BrowserContext> {
  // Reduced motion turns the app's fade-ins off, so axe never reads a colour halfway through one.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
  // The theme a user picked with the header's toggle (stored in the browser).
  await context.addInitScript((mode) => window.localStorage.setItem("tickerscope.theme", mode), scheme);
  if (actor === "Pro") {
    const page = await context.newPage();
    await signInAsNewProUser(page, `a11y-${scheme}-${Date.now()}@example.com`, "Axe Reader");
    await page.close();
  }
  return context;
}

/** Each serious or critical violation on the page, as "rule: selector [detail] (n more)". */
async function seriousViolations(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}${path}`);
    await page.locator("main h1, main h2").first().waitFor();
    await page.waitForLoadState("networkidle");
    // Content dimmed while newer data loads (aria-busy) is a passing state, not the page.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 30_000 });
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => {
        const [first, ...rest] = violation.nodes;
        // color-contrast says which colours and ratio; other rules say what to fix.
        const detail = first.any[0]?.message ?? first.failureSummary ?? "";
        return `${violation.id}: ${first.target.join(" ")} [${detail}]${rest.length > 0 ? ` (and ${rest.length} more)` : ""}`;
      });
  } finally {
    await page.close();
  }
}

// The four side by side (separate browser contexts): the suite waits on the server and on axe, not on one core.
it.concurrent.each<[Actor, Scheme]>([
  ["visitor", "light"],
  ["visitor", "dark"],
  ["Pro", "light"],
  ["Pro", "dark"],
])(`has no serious or critical axe violation on any of ${PAGES.length} pages as a %s in the %s theme`, async (actor, scheme) => {
  const context = await contextFor(actor, scheme);
  const found: string[] = [];
  for (const path of PAGES) for (const violation of await seriousViolations(context, path)) found.push(`${path} ${violation}`);
  await context.close();
  expect(found).toEqual([]);
}, 8 * 60_000);
