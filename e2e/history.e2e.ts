// The 2013–2021 history as a visitor meets it: the S&P 500 of a 2015 day with its former members,
// fundamentals known then, and a former member's own page.
import type { Browser } from "playwright-core";
import { baseUrl, exportedCsvRows, launchBrowser, openPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("Eight years of history", () => {
  it("screens the S&P 500 of 2015-06-01: that day's members, former ones included, with market cap and P/E where the 10-Ks known then give them", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1440, height: 900 });
    await page.goto(`${baseUrl}/screener?asOf=2015-06-01`);
    await page.getByText("As of Jun 1, 2015", { exact: true }).first().waitFor();
    await page.getByText(/S&P 500 on Jun 1, 2015: 500 members/).waitFor();
    await page.getByRole("button", { name: "Run Screen" }).click();
    await page.getByText(/matches as of Jun 1, 2015/).waitFor({ timeout: 45_000 });
    const rows = await exportedCsvRows(page);
    const tickers = rows.map((row) => row.Ticker);
    // The default market filters (price ≥ $3, 20-day volume ≥ 100,000) leave almost every member in.
    expect(rows.length).toBeGreaterThan(450);
    expect(tickers).toEqual(expect.arrayContaining(["YHOO", "EMC-201609", "AAPL"]));
    // Today's members that joined later are not in that day's index.
    expect(tickers).not.toContain("TSLA");
    const withMarketCap = rows.filter((row) => row["Market Cap"] !== "").length;
    expect(withMarketCap).toBeGreaterThan(300);
    expect(Number(rows.find((row) => row.Ticker === "AAPL")!["P/E"])).toBeGreaterThan(10);
    // The rows without them are counted in the caveats.
    await page.getByText(/caveats about these results/).click();
    await page.getByText(/Market cap is known for \d+ and P\/E for \d+ of \d+ rows on 2015-06-01/).waitFor();
    await screenshot(page, "history-screener-2015");
    expect(problems).toEqual([]);
    await close();
  });

  it("shows a former member's page: Yahoo's history to its last day in the index, and why its fundamentals are unknown then", async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${baseUrl}/stocks/YHOO`);
    await page.getByRole("heading", { name: /YHOO/ }).first().waitFor();
    await page.getByText("Yahoo Inc.").first().waitFor();
    await page.getByText(/Quandl WIKI daily prices/).first().waitFor();
    await page.getByText(/Close on Jun 16, 2017/).waitFor();
    await page.getByRole("heading", { name: "Fundamentals" }).waitFor();
    await page.getByText(/fiscal 2016 10-K was due by 2017-03-31/).waitFor();

    await page.goto(`${baseUrl}/stocks/YHOO?asOf=2015-06-01`);
    await page.getByText(/As known on Jun 1, 2015/).waitFor();
    await page.getByText("Market cap", { exact: true }).waitFor();
    await screenshot(page, "history-former-member");
    expect(problems).toEqual([]);
    await close();
  });
});
