import type { Browser, Page } from "playwright-core";
import { AI_PICKS_WAIT_MS, baseUrl, exportedCsvRows, launchBrowser, openPage, screenshot, signInAsNewProUser, waitForAiPicks } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// The bundled data's default day: the latest within 15% of the newsiest 7-day window for S&P 500 companies.
const DEFAULT_DAY = "2020-04-22";

const asOfInput = (page: Page) => page.getByRole("region", { name: "As-of date" }).getByLabel("As of");

describe("As of a day", () => {
  it("opens /screener offline at the news-richest day with dozens of rows with news, and moving the date re-runs the screen", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await page.goto(`${baseUrl}/screener`);
    await expect(asOfInput(page).inputValue()).resolves.toBe(DEFAULT_DAY);
    await page.getByText(/Offline, views open at 2020-04-22/).first().waitFor();
    // The first visit runs the default S&P 500 screen at that day by itself.
    await page.getByRole("table").waitFor({ timeout: 45_000 });
    await page.getByText("As of Apr 22, 2020", { exact: true }).first().waitFor();
    const rows = await exportedCsvRows(page);
    const withNews = rows.filter((row) => Number(row["News Count"]) > 0);
    expect(rows.length).toBeGreaterThan(300);
    expect(withNews.length).toBeGreaterThanOrEqual(20);
    await screenshot(page, "as-of-screener-default");

    await asOfInput(page).fill("2020-07-17");
    await page.waitForURL(/asOf=2020-07-17/);
    await page.getByText("As of Jul 17, 2020", { exact: true }).first().waitFor();
    await page.getByText(/as of Jul 17, 2020/).first().waitFor({ timeout: 45_000 });
    // Back returns to the previous day.
    await page.goBack();
    await expect(asOfInput(page).inputValue()).resolves.toBe(DEFAULT_DAY);
    expect(problems).toEqual([]);
    await close();
  });

  it("keeps the day across pages, and an out-of-range ?asOf= says so instead of failing", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${baseUrl}/news-analysis?asOf=2020-06-10`);
    await page.getByText("As of Jun 10, 2020", { exact: true }).first().waitFor();
    await page.getByRole("navigation", { name: "Main sections" }).getByRole("button", { name: "Screeners" }).click();
    await page.getByRole("menuitem", { name: /^Basic Screener/ }).click();
    await page.waitForURL(/\/screener\?.*asOf=2020-06-10/);
    await expect(asOfInput(page).inputValue()).resolves.toBe("2020-06-10");

    await page.goto(`${baseUrl}/news-analysis?asOf=2030-01-01`);
    await page.getByRole("alert").filter({ hasText: /outside the stored prices/ }).waitFor();
    await page.getByRole("heading", { name: /AAPL · Apple Inc\./ }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it("News Analysis at the default day: most of the 9 tickers have articles in 7 days, and date-only sources say so", async () => {
    const { page, problems, close } = await openPage(browser);
    const tickers = ["AAPL", "MSFT", "NVDA", "GOOGL", "AMZN", "TSLA", "META", "NFLX", "ORCL"];
    let withArticles = 0;
    for (const ticker of tickers) {
      await page.goto(`${baseUrl}/news-analysis?ticker=${ticker}&timeframe=7d`);
      await page.getByRole("heading", { name: new RegExp(`^${ticker} · .* · Last 7 Days`) }).waitFor();
      const total = await page.locator("dt", { hasText: /^Total articles$/ }).locator("xpath=following-sibling::dd[1]").textContent();
      if (Number(total?.match(/\d+/)?.[0] ?? 0) > 0) withArticles++;
    }
    expect(withArticles).toBeGreaterThanOrEqual(6);
    // Reuters and Yahoo's ratings give days, not times: the window says which of their articles it counts.
    await page.goto(`${baseUrl}/news-analysis?ticker=AAPL&timeframe=7d`);
    await page.getByText(/give dates only, no times of day\. 1 article dated Apr 15, 2020 is not counted/).waitFor();
    await screenshot(page, "as-of-news-7d");
    expect(problems).toEqual([]);
    await close();
  });

  it("backtests the screen: forward returns, a chart and a 12-month table; a free plan asking for more is told the limit", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await page.goto(`${baseUrl}/screener?asOf=2019-06-03`);
    await page.getByRole("table").first().waitFor({ timeout: 45_000 });
    const settings = page.getByRole("form", { name: "Backtest settings" });
    await settings.getByLabel("From").fill("2019-06");
    await settings.getByLabel("To", { exact: true }).fill("2020-05");
    await settings.getByRole("button", { name: "Run backtest" }).click();
    const report = page.getByRole("region", { name: "Backtest results" }).or(page.locator('[aria-label="Backtest results"]')).first();
    await report.waitFor({ timeout: 60_000 });
    await report.locator("canvas").first().waitFor();
    const months = await report.locator("tbody tr").count();
    expect(months).toBe(12);
    await expect(report.getByText(/\+21 trading days/).first().isVisible()).resolves.toBe(true);
    await screenshot(page, "as-of-backtest");

    await settings.getByLabel("To", { exact: true }).fill("2021-03");
    await settings.getByRole("button", { name: "Run backtest" }).click();
    await page.getByText(/12 months/).first().waitFor();
    await page.getByRole("link", { name: /Pro|Upgrade|pricing/i }).first().waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it("a Pro user's first visit to /combined-screener runs the S&P 500 screen at the default day and grades rows A to D", async () => {
    const { page, problems, close } = await openPage(browser);
    await signInAsNewProUser(page, `as-of-pro-${Date.now()}@example.com`, "Ada Asof");
    await page.goto(`${baseUrl}/combined-screener`);
    await expect(asOfInput(page).inputValue()).resolves.toBe(DEFAULT_DAY);
    // A Pro user's first visit opens on graded results at that day, with no click.
    await page.getByText("Combined Analysis Complete", { exact: true }).first().waitFor({ timeout: 45_000 });
    // The grades of every match, not only the top 10 shown: each of A to D is given to some.
    const spread = (await page.getByLabel("Grades of all matches").textContent()) ?? "";
    for (const grade of ["A", "B", "C", "D"]) expect(Number(spread.match(new RegExp(`${grade}\\s*([\\d,]+)`))?.[1].replace(/,/g, ""))).toBeGreaterThan(0);
    await screenshot(page, "as-of-combined-pro");
    expect(problems).toEqual([]);
    await close();
  });

  it("a day chosen on the screener is the day of the earnings, 13F, videos, AI and compare pages", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await signInAsNewProUser(page, `as-of-pages-${Date.now()}@example.com`, "Ada Pages");
    await page.goto(`${baseUrl}/screener`);
    await asOfInput(page).fill("2021-03-01");
    await page.waitForURL(/asOf=2021-03-01/);
    // Moves inside the app (as a link does), so the day chosen is carried to pages opened without ?asOf=.
    const openInApp = async (path: string) => {
      await page.evaluate((to) => {
        window.history.pushState({}, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, path);
      await page.waitForURL(new RegExp(`${path}\\?(.*&)?asOf=2021-03-01`));
      // The date control follows the URL as the page renders.
      const input = await asOfInput(page).elementHandle();
      await page.waitForFunction((element) => (element as HTMLInputElement).value === "2021-03-01", input);
    };

    await openInApp("/earnings-predictor");
    await page.getByText("Next report after Mar 1, 2021", { exact: true }).waitFor();
    await page.getByText("As of Mar 1, 2021", { exact: true }).first().waitFor();
    await page.getByRole("heading", { name: "Past predictions and surprises, reported by Mar 1, 2021" }).waitFor();

    // 2020-12-31 was due on 2021-02-14; 2021-03-31 was not yet due.
    await openInApp("/hedge-fund-tracker");
    await page.getByRole("heading", { name: "Holdings, quarter ended 2020-12-31" }).waitFor();
    await page.getByText("As of Mar 1, 2021", { exact: true }).first().waitFor();

    // The bundled videos start in April 2021: none was published by then.
    await openInApp("/market-videos");
    await page.getByText("No videos published by Mar 1, 2021 match these filters.").waitFor();

    await waitForAiPicks("2021-03-01");
    await openInApp("/ai-features");
    await page.getByText("Picks of Mar 1, 2021", { exact: true }).waitFor();

    await openInApp("/research-compare");
    await page.getByText("As of Mar 1, 2021", { exact: true }).first().waitFor();
    await screenshot(page, "as-of-compare-carried");
    expect(problems).toEqual([]);
    await close();
  }, AI_PICKS_WAIT_MS);
});
