import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, screenshot, signInAsNewProUser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// The spec §7 columns, with the market cap known on the day beside P/E.
const SPEC_CSV_HEADER = "Ticker,Price,SMA 5,SMA 20,SMA 50,RSI,Volume,Tech Score,Sentiment,News Count,Analyst Activity,Momentum,P/E,Market Cap,Beta";

async function tile(page: Page, label: string): Promise<number> {
  const text = await page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]").textContent();
  return Number((text ?? "").replace(/,/g, ""));
}

const basicForm = (page: Page) => page.getByRole("form", { name: "Basic screen parameters" });

/** /screener, once the first visit's own run (the default screen at the default day) has answered. */
async function openScreener(page: Page) {
  await page.goto(`${baseUrl}/screener`);
  await page.getByRole("table").waitFor({ timeout: 45_000 });
}

/** Runs the form and waits for its answer: the Universe tile shows the universe asked for. */
async function runBasicScreen(page: Page, universe: number) {
  await basicForm(page).getByRole("button", { name: "Run Screen" }).click();
  await page.getByText("Screening Complete", { exact: true }).first().waitFor();
  for (let waited = 0; (await tile(page, "Symbols Screened")) !== universe; waited += 200) {
    if (waited > 45_000) throw new Error(`the Universe tile never showed ${universe}`);
    await page.waitForTimeout(200);
  }
  await page.getByRole("table").waitFor();
}

describe("Basic Screener", () => {
  it("screens my five default tickers with real snapshot data, then exports exactly the spec's CSV", async () => {
    const { page, problems, close } = await openPage(browser);
    await openScreener(page);
    await basicForm(page).getByLabel("Universe").selectOption("MANUAL");
    await expect(basicForm(page).getByLabel("Tickers", { exact: true }).inputValue()).resolves.toBe("AAPL, MSFT, NVDA, JPM, AMZN");
    await runBasicScreen(page, 5);

    expect(await tile(page, "Symbols Screened")).toBe(5);
    expect(await tile(page, "With Price Data")).toBe(5);
    const tickers = await page.locator('tbody tr a[href^="/stocks/"]').allTextContents();
    expect(tickers.map((text) => text.match(/^[A-Z]+/)?.[0]).sort()).toEqual(["AAPL", "AMZN", "JPM", "MSFT", "NVDA"]);
    // After the run, focus is on its summary ("5 matches as of …"), so a screen reader reads it out.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^5 matches as of /);
    // The data is labelled: its source and as-of day.
    const results = page.getByRole("region", { name: "Basic screen results", exact: true });
    await expect(results.getByText(/snapshot/i).first().isVisible()).resolves.toBe(true);
    // Offline, the app opens at the bundled news's richest day (the date control's default).
    await expect(results.getByText(/as of Apr 22, 2020/).first().isVisible()).resolves.toBe(true);
    // No control that does nothing: there is no options data, and no batch size to choose.
    await expect(basicForm(page).getByText(/options|batch size/i).count()).resolves.toBe(0);
    await screenshot(page, "screener-manual");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).dispatchEvent("click")]);
    expect(download.suggestedFilename()).toBe("basic_screening_results.csv");
    const lines = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe(SPEC_CSV_HEADER);
    expect(lines).toHaveLength(6);
    expect(problems).toEqual([]);
    await close();
  });

  it("screens the whole market: hundreds of rows that add up, every column in view at 1440 px, sortable; a ticker opens its chart and Back keeps the results", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1440, height: 900 });
    await openScreener(page);
    await basicForm(page).getByLabel("Universe").selectOption("ALL_MARKET");
    await runBasicScreen(page, 4000);

    const universe = await tile(page, "Symbols Screened");
    const withPrices = await tile(page, "With Price Data");
    const maPass = await tile(page, "MA Pass 5 over 20");
    // maxSymbols (default 4,000) keeps the most liquid symbols of the ~5,900 listed, and says so.
    expect(universe).toBe(4000);
    await expect(page.getByText(/most liquid/).first().isVisible()).resolves.toBe(true);
    expect(withPrices).toBeGreaterThan(400);
    expect(withPrices).toBeLessThanOrEqual(universe);
    expect(maPass).toBeLessThanOrEqual(withPrices);
    const matches = Number((((await page.getByTestId("results-summary").textContent()) ?? "").match(/^([\d,]+) matches/)?.[1] ?? "").replace(/,/g, ""));
    expect(matches).toBeGreaterThan(100);
    expect(matches).toBeLessThanOrEqual(withPrices);
    // Virtualised: far fewer rows in the DOM than matches.
    expect(await page.locator("tbody tr[aria-rowindex]").count()).toBeLessThan(matches);

    // A click anywhere in the header cell sorts (here its corner); the keyboard sorts too.
    await page.getByRole("columnheader", { name: /^Beta/ }).click({ position: { x: 3, y: 3 } });
    await expect(page.getByRole("columnheader", { name: /^Beta/ }).getAttribute("aria-sort")).resolves.toBe("descending");
    await page.getByRole("columnheader", { name: /^RSI/ }).getByRole("button").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("columnheader", { name: /^RSI/ }).getAttribute("aria-sort")).resolves.toMatch(/ascending|descending/);
    await expect(page.getByRole("columnheader", { name: /^Beta/ }).getAttribute("aria-sort")).resolves.toBe("none");
    await screenshot(page, "screener-all-market");

    // Every column fits: the table never scrolls sideways at 1440 px, its last columns included.
    const table = page.getByRole("region", { name: /Screening results table/ });
    const { scrollWidth, clientWidth } = await table.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const column of [/^Momentum/, /^P\/E/, /^Beta/]) {
      await expect(page.getByRole("columnheader", { name: column }).isVisible()).resolves.toBe(true);
    }

    const first = page.locator('tbody tr a[href^="/stocks/"]').first();
    const ticker = ((await first.textContent()) ?? "").match(/^[A-Z]+/)?.[0];
    await first.click();
    await page.waitForURL(new RegExp(`/stocks/${ticker}$`));
    await page.locator("canvas").first().waitFor();
    await expect(page.getByText(/SMA 50/).first().isVisible()).resolves.toBe(true);
    const oneMonth = page.getByRole("group", { name: "Chart range" }).getByRole("button", { name: "1M", exact: true });
    await oneMonth.click();
    await expect(oneMonth.getAttribute("aria-pressed")).resolves.toBe("true");
    await screenshot(page, "stock-detail");

    // Back: the same universe, rows and sort, without running again.
    await page.goBack();
    await page.getByText(`${matches.toLocaleString("en-US")} matches`).first().waitFor();
    await expect(basicForm(page).getByLabel("Universe").inputValue()).resolves.toBe("ALL_MARKET");
    await expect(page.getByRole("columnheader", { name: /^RSI/ }).getAttribute("aria-sort")).resolves.toMatch(/ascending|descending/);
    expect(problems).toEqual([]);
    await close();
  });

  it("keeps the Combined Screener behind Pro for visitors, with the spec's toast", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${baseUrl}/combined-screener`);
    await page.getByRole("button", { name: "Run Combined Analysis" }).last().click();
    await page.getByText("Pro Feature Required", { exact: true }).first().waitFor();
    await screenshot(page, "combined-screener-visitor");
    await close();
  });

  it("gives a Pro user every graded combined row, sortable and exported, no upgrade tab, and keeps a saved screen across visits", async () => {
    const { page, problems, close } = await openPage(browser);
    await signInAsNewProUser(page, `screener-pro-${Date.now()}@example.com`, "Ada Pro");
    // Pro users never see an upgrade prompt on the screener.
    await page.goto(`${baseUrl}/screener?tab=upgrade`);
    await page.getByRole("tab", { name: "Basic Screener" }).waitFor();
    await expect(page.getByRole("tab").allTextContents()).resolves.toEqual(["Basic Screener", "Combined Analysis"]);
    await page.goto(`${baseUrl}/combined-screener`);
    // The first visit runs the default screen by itself; then a run by hand.
    await page.getByText("Combined Analysis Complete", { exact: true }).first().waitFor({ timeout: 45_000 });
    await page.getByRole("button", { name: "Run Combined Analysis" }).click();
    await page.getByText("Combined Analysis Complete", { exact: true }).first().waitFor();
    const results = page.getByRole("region", { name: "Combined analysis results" }).or(page.locator('[aria-label="Combined analysis results"]'));
    // The first run's "Complete" is still shown while the second one's rows arrive.
    await results.first().locator('[aria-label^="Grade "]').first().waitFor();
    const grades = await results.first().locator('tbody [aria-label^="Grade "]').allTextContents();
    expect(grades.length).toBeGreaterThan(0);
    for (const grade of grades) expect(grade.trim()).toMatch(/^[ABCD]$/);
    // Every match is in the table (not a top 10), sortable from its headers, and exported.
    const matches = Number((((await results.first().getByTestId("results-summary").textContent()) ?? "").match(/^([\d,]+) matches/)?.[1] ?? "").replace(/,/g, ""));
    expect(matches).toBeGreaterThan(10);
    await expect(results.first().getByRole("table").getAttribute("aria-rowcount")).resolves.toBe(String(matches + 1));
    await results.first().getByRole("columnheader", { name: /^News/ }).click({ position: { x: 3, y: 3 } });
    await expect(results.first().getByRole("columnheader", { name: /^News/ }).getAttribute("aria-sort")).resolves.toBe("descending");
    const [download] = await Promise.all([page.waitForEvent("download"), results.first().getByRole("button", { name: "Export CSV" }).dispatchEvent("click")]);
    expect(download.suggestedFilename()).toBe("combined_screening_results.csv");
    const lines = fs.readFileSync(await download.path(), "utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Ticker,Price,Grade,Combined Score,Tech Score,Sentiment,News,Crossover,Momentum");
    expect(lines).toHaveLength(matches + 1);
    const news = lines.slice(1).map((line) => Number(line.split(",")[6]));
    expect(news).toEqual([...news].sort((a, b) => b - a));
    await screenshot(page, "combined-screener-pro");

    await page.getByRole("form", { name: "Save the current screen" }).getByLabel("Name").fill("My combined S&P screen");
    await page.getByRole("form", { name: "Save the current screen" }).getByRole("button", { name: "Save" }).click();
    await page.getByText("Screen Saved", { exact: true }).first().waitFor();
    await page.reload();
    await page.getByText("My combined S&P screen").first().waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});
