import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { AI_PICKS_WAIT_MS, baseUrl, launchBrowser, openPage, screenshot, signInAsBasic, signInAsNewProUser, waitForAiPicks } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/**
 * Offline, as the tests must be: every request outside the app (YouTube's player and thumbnails)
 * fails, as it would on a machine without network. The browser logs each failed image as a
 * console error; those, and only those, are expected.
 */
async function offline(page: Page) {
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort("internetdisconnected"));
}
const withoutOfflineImages = (problems: string[]) => problems.filter((problem) => !/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(problem));

/** The bundled prices' last day, and the app's default day (where news and prices overlap most). */
const lastPriceDay = "2021-04-21";
const defaultDay = "2020-04-22";

describe("Pro research tools", () => {
  it("let a Pro trial user compare four stocks and play a bundled market video (or see its placeholder)", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await offline(page);
    await signInAsNewProUser(page, `pro-research-${Date.now()}@example.com`, "Grace Compare");

    // Research & Compare: the chart, the side-by-side table and the correlation matrix of AAPL, MSFT, NVDA and AMZN,
    // as of the snapshot's last price day (the first day the AI picks pass scores, and within the videos' weeks).
    await waitForAiPicks(lastPriceDay);
    await page.goto(`${baseUrl}/research-compare?tickers=AAPL,MSFT,NVDA,AMZN&asOf=${lastPriceDay}`);
    await page.getByRole("heading", { name: "Performance, rebased to 100" }).waitFor();
    const side = page.getByRole("table", { name: /Side by side/ });
    await side.waitFor();
    await expect(side.locator("thead th").allInnerTexts()).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/^AAPL/), expect.stringMatching(/^AMZN/)]));
    const aiRow = side.getByRole("rowheader", { name: /AI score/ }).locator("xpath=..");
    await expect(aiRow.innerText()).resolves.toMatch(/#\d+ of \d+/);
    const matrix = page.getByRole("heading", { name: "Correlation of daily returns" }).locator("xpath=..").getByRole("table");
    await expect(matrix.locator("tbody tr").count()).resolves.toBe(4);
    await expect(matrix.locator("tbody td").filter({ hasText: /^1\.00$/ }).count()).resolves.toBe(4);
    await page.getByText(/over \d+ common trading days/).waitFor();
    await screenshot(page, "research-compare-pro");

    // Market Videos: the bundled snapshot, labelled; offline the player is a placeholder with the link.
    // On the default day (April 2020) none was published yet: the page offers the day of the first.
    await page.goto(`${baseUrl}/market-videos`);
    await page.getByRole("button", { name: /^Show the first videos: as of / }).click();
    await page.waitForURL(/asOf=2021-04-/);
    await page.getByText(/46 videos are the/).waitFor();
    await page.getByText("bundled snapshot, April–May 2021", { exact: false }).first().waitFor();
    const play = page.getByRole("button", { name: /^Play: / }).first();
    const title = (await play.getAttribute("aria-label"))!.replace(/^Play: /, "");
    await play.click();
    await page.getByRole("img", { name: `Player unavailable: ${title}` }).waitFor();
    await expect(page.getByRole("link", { name: "Watch on youtube.com" }).getAttribute("href")).resolves.toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    await screenshot(page, "market-videos-pro");

    expect(withoutOfflineImages(problems)).toEqual([]);
    await close();
  }, AI_PICKS_WAIT_MS);

  it("run the Pro Screener on arrival for a Pro trial user, show and sort every row, and run and export a Pro screen by AI score and beat probability", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await offline(page);
    await signInAsNewProUser(page, `pro-screener-${Date.now()}@example.com`, "Grace Screen");

    // It runs its default criteria on arrival (on the default day), showing every match in the sortable table.
    await waitForAiPicks(defaultDay);
    await page.goto(`${baseUrl}/pro-screener`);
    const results = page.getByRole("region", { name: "Pro screen results", exact: true });
    await results.getByTestId("results-summary").waitFor({ timeout: 45_000 });
    const arrival = Number((((await results.getByTestId("results-summary").textContent()) ?? "").match(/^([\d,]+) match/)?.[1] ?? "").replace(/,/g, ""));
    expect(arrival).toBeGreaterThan(0);
    await expect(results.getByRole("table").getAttribute("aria-rowcount")).resolves.toBe(String(arrival + 1));
    await results.getByRole("columnheader", { name: /^AI score/ }).click({ position: { x: 3, y: 3 } });
    await expect(results.getByRole("columnheader", { name: /^AI score/ }).getAttribute("aria-sort")).resolves.toBe("descending");
    // The caveats and the table agree on days to the next report.
    await expect(results.textContent()).resolves.not.toMatch(/Days to earnings are known for/);

    // Then AI score ≥ 50 % and beat probability ≥ 60 % (with the preset's report within 30 days), then the CSV.
    await page.getByRole("button", { name: "AI top decile with likely beat" }).click();
    const form = page.getByRole("form", { name: "Pro screen parameters" });
    await form.getByLabel("Min AI score (%)").fill("50");
    await expect(form.getByLabel("Min beat probability (%)").inputValue()).resolves.toBe("60");
    await form.getByRole("button", { name: "Run Pro Screen" }).click();
    // Once the run from the form is in, focus moves to its summary.
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "results-summary", null, { timeout: 45_000 });
    await results.getByRole("button", { name: "Export CSV" }).waitFor({ timeout: 45_000 });
    await screenshot(page, "pro-screener-pro");
    const [download] = await Promise.all([page.waitForEvent("download"), results.getByRole("button", { name: "Export CSV" }).dispatchEvent("click")]);
    expect(download.suggestedFilename()).toBe("pro_screening_results.csv");
    const rows: Record<string, string>[] = parse(fs.readFileSync(await download.path(), "utf8"), { bom: true, columns: true });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number(row.ai_score)).toBeGreaterThanOrEqual(0.5);
      expect(Number(row.beat_probability)).toBeGreaterThanOrEqual(0.6);
    }
    expect(withoutOfflineImages(problems)).toEqual([]);
    await close();
  }, AI_PICKS_WAIT_MS);

  it("keep the three gate pages for a Basic user, whom every Pro field and shim refuses", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await signInAsBasic(page, `basic-research-${Date.now()}@example.com`);
    for (const [path, title] of [
      ["/research-compare", "Research & Compare"],
      ["/market-videos", "Market Videos"],
      ["/pro-screener", "Pro Screener"],
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole("heading", { name: title }).waitFor();
      await page.getByRole("link", { name: "View Pro plans" }).waitFor();
    }
    const answers = await page.evaluate(async () => {
      const graphql = async (query: string) =>
        (await fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) })).json();
      return {
        research: await graphql(`{ stocks(tickers: ["AAPL", "MSFT"]) { ticker research { aiScore } } }`),
        comparison: await graphql(`{ stockComparison(tickers: ["AAPL", "MSFT"], range: Y1) { asOf } }`),
        videos: await graphql(`{ marketVideos(first: 1) { edges { node { title } } } }`),
        screen: await graphql(`{ proScreen(input: { universe: SP500 }) { stats { universeSize } } }`),
      };
    });
    for (const answer of Object.values(answers)) expect(answer.errors[0].extensions.code).toBe("PRO_REQUIRED");
    // The tickers themselves are public reference data.
    expect(answers.research.data.stocks.map((stock: { ticker: string }) => stock.ticker)).toEqual(["AAPL", "MSFT"]);
    const shim = await page.request.post(`${baseUrl}/api/screening/pro`, { data: { universe: "sp500" }, headers: { origin: baseUrl } });
    expect([shim.status(), (await shim.json()).code]).toEqual([403, "PRO_REQUIRED"]);
    expect(problems).toEqual([]);
    await close();
  });
});
