import type { Browser, Response } from "playwright-core";
import { baseUrl, launchBrowser } from "./browser";

/**
 * A heavy visitor: one browser (one IP, one cookie jar) opens every page 100 times with the
 * server's default limits. Nothing may be refused: no 429, no "Too many requests" on a page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PAGES = [
  "/",
  "/screener",
  "/screener?tab=combined",
  "/news-analysis",
  "/combined-screener",
  "/ai-features",
  "/pricing",
  "/contact",
  "/auth",
  "/subscribe",
  "/stocks/AAPL",
  "/pro-screener",
  "/hedge-fund-tracker",
];
const VISITS_PER_PAGE = 100;
// Tabs of the same browser context: the same visitor, a few pages at a time (as a person with tabs, only faster).
const TABS = 3;

it(`opens each of ${PAGES.length} pages ${VISITS_PER_PAGE} times as one visitor and is never refused`, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const refused: string[] = [];
  let apiRequests = 0;
  context.on("response", (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/graphql") || url.pathname.startsWith("/api")) apiRequests += 1;
    if (response.status() === 429) refused.push(`${response.status()} ${url.pathname}`);
  });

  const visits = PAGES.flatMap((path) => Array.from({ length: VISITS_PER_PAGE }, () => path));
  const started = Date.now();
  await Promise.all(
    Array.from({ length: TABS }, async (_, tab) => {
      const page = await context.newPage();
      for (let index = tab; index < visits.length; index += TABS) {
        await page.goto(`${baseUrl}${visits[index]}`, { waitUntil: "domcontentloaded" });
        // Each page's own content (or its error panel) has rendered.
        await page.locator("main h1, main h2").first().waitFor();
        const limited = await page.getByText("Too many requests").count();
        if (limited > 0) refused.push(`page ${visits[index]}`);
      }
      await page.close();
    }),
  );
  console.log(`${visits.length} page loads, ${apiRequests} API requests in ${Math.round((Date.now() - started) / 1000)} s`);
  expect(refused).toEqual([]);
  await context.close();
}, 15 * 60_000);
