import type { Browser, BrowserContext, Request } from "playwright-core";
import { baseUrl, launchBrowser } from "./browser";

/**
 * A heavy visitor: one browser (one IP, one cookie jar) opens every page 100 times under the
 * server's default limits, and nothing is refused. Chromium opens each page for real at the start
 * and at the end; the 98 visits between replay exactly the API requests each page made in Chromium
 * (same method, URL, headers, body and cookies), so the test takes a minute, not the quarter of an
 * hour that 1,300 rendered page loads take on a CI machine.
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
const REPLAY_CONCURRENCY = 4;

type ApiCall = { method: string; url: string; headers: Record<string, string>; body: string | null };

const isApiCall = (request: Request) => /^\/(graphql|api)(\/|$|\?)/.test(new URL(request.url()).pathname);

/** Opens the page in Chromium; returns the API calls it made and whether it said it was limited. */
async function visit(context: BrowserContext, path: string): Promise<{ calls: ApiCall[]; limited: boolean; refused: number }> {
  const page = await context.newPage();
  const calls: ApiCall[] = [];
  let refused = 0;
  page.on("request", (request) => {
    if (!isApiCall(request)) return;
    const headers = Object.fromEntries(Object.entries(request.headers()).filter(([name]) => name !== "cookie"));
    calls.push({ method: request.method(), url: request.url(), headers, body: request.postData() });
  });
  page.on("response", (response) => {
    if (response.status() === 429) refused += 1;
  });
  await page.goto(`${baseUrl}${path}`);
  await page.locator("main h1, main h2").first().waitFor();
  await page.waitForLoadState("networkidle");
  const limited = (await page.getByText("Too many requests").count()) > 0;
  await page.close();
  return { calls, limited, refused };
}

it(`opens each of ${PAGES.length} pages ${VISITS_PER_PAGE} times as one visitor and is never refused`, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const refusals: string[] = [];

  const firstVisits = new Map<string, ApiCall[]>();
  for (const path of PAGES) {
    const { calls, limited, refused } = await visit(context, path);
    expect(calls.length).toBeGreaterThan(0);
    if (limited || refused > 0) refusals.push(`first visit of ${path}`);
    firstVisits.set(path, calls);
  }

  // Visits 2-99 of every page, as their API requests, a few at a time, with the browser's cookies.
  const replays = PAGES.flatMap((path) => Array.from({ length: VISITS_PER_PAGE - 2 }, () => firstVisits.get(path)!).flat());
  let next = 0;
  await Promise.all(
    Array.from({ length: REPLAY_CONCURRENCY }, async () => {
      while (next < replays.length) {
        const call = replays[next++];
        const response = await context.request.fetch(call.url, { method: call.method, headers: call.headers, data: call.body ?? undefined });
        if (response.status() === 429) refusals.push(`${call.method} ${new URL(call.url).pathname}: ${await response.text()}`);
        else expect(response.status()).toBeLessThan(400);
      }
    }),
  );

  for (const path of PAGES) {
    const { limited, refused } = await visit(context, path);
    if (limited || refused > 0) refusals.push(`visit ${VISITS_PER_PAGE} of ${path}`);
  }
  console.log(`${PAGES.length * VISITS_PER_PAGE} page visits: ${replays.length} API requests replayed, ${PAGES.length * 2} pages rendered`);
  expect(refusals).toEqual([]);
  await context.close();
}, 10 * 60_000);
