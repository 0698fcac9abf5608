import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, screenshot, signInAsBasic, signInAsNewProUser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const BERKSHIRE = "0001067983";
/** The bundled prices' last day: the latest 13F quarter known by then is 2020-12-31 (due 2021-02-14). */
const LAST_PRICE_DAY = "2021-04-21";

/** The text of each cell of the table's row whose security is `ticker`. */
async function rowCells(page: Page, table: string | RegExp, ticker: string): Promise<string[]> {
  const row = page.getByRole("table", { name: table }).getByText(ticker, { exact: true }).first().locator("xpath=ancestor::tr");
  return row.locator("td, th").allInnerTexts();
}

describe("Hedge fund 13F holdings and earnings predictions", () => {
  it("show a Pro trial user Berkshire's latest quarter known by the day with its changes, and AAPL's next report with its probability, base rate and record", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await signInAsNewProUser(page, `pro-data-${Date.now()}@example.com`, "Ada Holdings");

    // /ai-features: the first 5 holdings of the latest quarter known by the day, and the earnings section (AAPL by default).
    await page.goto(`${baseUrl}/ai-features?asOf=${LAST_PRICE_DAY}`);
    await page.getByText(/quarter ended 2020-12-31: .* in 47 holdings; changes vs 2020-09-30/).waitFor();
    const aaplOnAiFeatures = await rowCells(page, "Largest 5 holdings by reported value", "AAPL");
    expect(aaplOnAiFeatures.join(" ")).toMatch(/Reduced −6\.1 %/);
    await page.getByRole("heading", { name: "Earnings Predictions" }).waitFor();

    // /hedge-fund-tracker: the whole quarter, its changes, and an earlier quarter on request.
    await page.goto(`${baseUrl}/hedge-fund-tracker?asOf=${LAST_PRICE_DAY}`);
    await page.getByRole("heading", { name: "Holdings, quarter ended 2020-12-31" }).waitFor();
    await page.getByText("0 new, 9 added, 6 reduced, 5 sold out, 32 unchanged").waitFor();
    const aapl = await rowCells(page, "13F holdings of the quarter ended 2020-12-31", "AAPL");
    expect(aapl.join(" ")).toMatch(/887,135,554 .*Reduced −6\.1 % .*−57,160,000/);
    await expect(page.getByRole("table", { name: "13F holdings of the quarter ended 2020-12-31" }).locator("tbody tr").count()).resolves.toBeGreaterThanOrEqual(47);
    await page.locator('select:has(option[value="2020-09-30"])').selectOption("2020-09-30");
    await page.getByRole("heading", { name: "Holdings, quarter ended 2020-09-30" }).waitFor();

    // On the default day no quarter was filed yet: the page says so and offers the first day one is known.
    await page.goto(`${baseUrl}/hedge-fund-tracker`);
    await page.getByText(/No 13F quarter of .* was filed by Apr 22, 2020/).waitFor();
    await page.getByRole("button", { name: "Show the first quarter known: as of Aug 14, 2020" }).click();
    await page.getByRole("heading", { name: "Holdings, quarter ended 2020-06-30" }).waitFor();
    expect(new URL(page.url()).searchParams.get("asOf")).toBe("2020-08-14");
    await screenshot(page, "hedge-fund-tracker-pro");

    // /earnings-predictor: AAPL's next report, its probability beside the base rate, and the past record.
    await page.goto(`${baseUrl}/earnings-predictor?asOf=${LAST_PRICE_DAY}`);
    const next = page.getByRole("heading", { name: /AAPL · Apple Inc\.: next report/ }).locator("..");
    await next.getByText("Next report after Apr 21, 2021").waitFor();
    await expect(next.getByText(/^\d{1,3}\.\d %$/).first().innerText()).resolves.toMatch(/%/);
    await next.getByText(/base rate \d{1,3}\.\d %/).waitFor();
    const record = page.getByRole("table", { name: /Past quarters: the probability the model gave before each report/ });
    // The walk-forward record up to the day (reports after it are not past yet).
    await expect(record.locator("tbody tr").count()).resolves.toBeGreaterThanOrEqual(5);
    await page.getByRole("heading", { name: "How good the model is" }).waitFor();
    await screenshot(page, "earnings-predictor-pro");

    // The REST calls answer a Pro session.
    const fund = await page.evaluate(async ({ cik, day }) => (await fetch(`/api/hedge-funds/${cik}?asOf=${day}`)).json(), { cik: BERKSHIRE, day: LAST_PRICE_DAY });
    expect(fund).toMatchObject({ asOf: LAST_PRICE_DAY, quarter_end: "2020-12-31", holdings_count: 47 });
    const earnings = await page.evaluate(async () => (await fetch("/api/earnings/AAPL")).json());
    expect(earnings.beat_probability).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await close();
  });

  it("keep the gate pages and the blur for a Basic user, whom the API refuses", async () => {
    const { page, problems, close } = await openPage(browser, { width: 1366, height: 900 });
    await signInAsBasic(page, `basic-data-${Date.now()}@example.com`);
    await page.goto(`${baseUrl}/ai-features`);
    await page.getByRole("heading", { name: "Unlock hedge fund holdings and earnings predictions" }).waitFor();
    await expect(page.getByRole("table", { name: "Largest 5 holdings by reported value" }).count()).resolves.toBe(0);
    for (const [path, title] of [["/hedge-fund-tracker", "Hedge Fund Tracker"], ["/earnings-predictor", "Earnings Predictor"]]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole("heading", { name: title }).waitFor();
      await page.getByRole("link", { name: "View Pro plans" }).waitFor();
    }
    // The session's requests from outside the page (a refused fetch would log a console error there).
    expect((await page.request.get(`${baseUrl}/api/hedge-funds/${BERKSHIRE}`)).status()).toBe(403);
    expect((await page.request.get(`${baseUrl}/api/earnings/AAPL`)).status()).toBe(403);
    const answers = await page.evaluate(async (cik) => {
      const graphql = async (query: string) =>
        (await fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) })).json();
      return {
        holdings: await graphql(`{ hedgeFund(cik: "${cik}") { holdings(first: 5) { edges { node { ticker } } } } }`),
        predictions: await graphql(`{ stock(ticker: "AAPL") { earnings { next { beatProbability } } } }`),
      };
    }, BERKSHIRE);
    expect(answers.holdings.errors[0].extensions.code).toBe("PRO_REQUIRED");
    expect(answers.predictions.errors[0].extensions.code).toBe("PRO_REQUIRED");
    expect(problems).toEqual([]);
    await close();
  });
});
