import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The summary the page should show, asked of the API directly (the same GraphQL the page uses, at the page's as-of day). */
async function summaryFromApi(page: Page, ticker: string, timeframe: "H1" | "H24" | "D7") {
  const asOf = await page.getByRole("region", { name: "As-of date" }).getByLabel("As of").inputValue();
  const response = await page.request.post(`${baseUrl}/graphql`, {
    headers: { "content-type": "application/json", "x-graphql-yoga-csrf": "1" },
    data: {
      query: `query ($ticker: String!, $timeframe: NewsTimeframe!, $asOf: String) {
        stock(ticker: $ticker) { news(timeframe: $timeframe, asOf: $asOf) { mode asOf newsCount bullishCount bearishCount neutralCount } }
      }`,
      variables: { ticker, timeframe, asOf },
    },
  });
  const body = await response.json();
  return body.data.stock.news as { mode: string; asOf: string; newsCount: number; bullishCount: number; bearishCount: number; neutralCount: number };
}

const headlines = (page: Page) => page.locator('section[aria-labelledby="headlines-title"] > ul > li');

async function tile(page: Page, label: string): Promise<number> {
  const value = await page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]/span[1]").textContent();
  return Number(value);
}

/** Loads every page of headlines ('Load more') and returns how many are listed. */
async function listAll(page: Page): Promise<number> {
  const more = page.getByRole("button", { name: "Load more" });
  while (await more.isVisible()) {
    const before = await headlines(page).count();
    await more.click();
    await page.waitForFunction(
      ([selector, count]) => document.querySelectorAll(selector as string).length > (count as number),
      ['section[aria-labelledby="headlines-title"] > ul > li', before],
    );
  }
  return headlines(page).count();
}

/** The tiles equal the API's counts and the listed headlines (all pages), label by label. */
async function expectConsistent(page: Page, ticker: string, timeframe: "H1" | "H24" | "D7") {
  const api = await summaryFromApi(page, ticker, timeframe);
  expect({
    total: await tile(page, "Total articles"),
    bullish: await tile(page, "Bullish"),
    bearish: await tile(page, "Bearish"),
    neutral: await tile(page, "Neutral"),
  }).toEqual({ total: api.newsCount, bullish: api.bullishCount, bearish: api.bearishCount, neutral: api.neutralCount });
  const listed = await listAll(page);
  expect(listed).toBe(api.newsCount);
  const tones = await headlines(page).locator("[data-tone]").evaluateAll((badges) => badges.map((badge) => badge.getAttribute("data-tone")));
  expect({
    bullish: tones.filter((tone) => tone === "bullish").length,
    bearish: tones.filter((tone) => tone === "bearish").length,
    neutral: tones.filter((tone) => tone === "neutral").length,
  }).toEqual({ bullish: api.bullishCount, bearish: api.bearishCount, neutral: api.neutralCount });
  return api;
}

it("shows real snapshot headlines for AAPL whose counts match the tiles, with the snapshot label", async () => {
  const { page, problems, close } = await openPage(browser);
  // The latest price day, whose AAPL headlines (Finnhub) carry links; the default day's are Benzinga's, without.
  await page.goto(`${baseUrl}/news-analysis?asOf=2021-04-21`);
  await page.getByRole("heading", { level: 2, name: /^AAPL · Apple Inc\. · Last 24 Hours/ }).waitFor();
  const note = page.getByRole("note", { name: "About this data" });
  await note.getByText(/^Offline snapshot of real headlines as of .+ — time windows are measured back from then\.$/).waitFor();
  expect(await note.textContent()).toMatch(/Sources: .*Finnhub/);
  await screenshot(page, "news-analysis");

  const api = await expectConsistent(page, "AAPL", "H24");
  expect(api.mode).toBe("SNAPSHOT");
  expect(api.newsCount).toBeGreaterThan(0);
  expect(await page.getByText(`Showing ${api.newsCount} of ${api.newsCount}`).count()).toBe(1);

  // Every headline links to its source (http(s) only, a new tab, no opener).
  const links = await headlines(page)
    .locator("h3 a")
    .evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute("href") ?? "", rel: a.getAttribute("rel"), target: a.getAttribute("target") })));
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    expect(link.href).toMatch(/^https?:\/\//);
    expect(link).toMatchObject({ rel: "noopener noreferrer", target: "_blank" });
  }
  await screenshot(page, "news-analysis-all-headlines");
  expect(problems).toEqual([]);
  await close();
});

it("switching timeframe and ticker changes the figures consistently, keeps them in the URL and across a reload", async () => {
  const { page, problems, close } = await openPage(browser);
  await page.goto(`${baseUrl}/news-analysis`);
  await page.getByRole("heading", { level: 2, name: /^AAPL · Apple Inc\. · Last 24 Hours/ }).waitFor();

  await page.getByRole("radio", { name: /Last 7 Days/ }).click();
  await page.waitForURL(`${baseUrl}/news-analysis?ticker=AAPL&timeframe=7d`);
  await page.getByRole("heading", { level: 2, name: /^AAPL · Apple Inc\. · Last 7 Days/ }).waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: "detached" }).catch(() => {});
  const week = await expectConsistent(page, "AAPL", "D7");

  await page.getByRole("radio", { name: /Last Hour/ }).click();
  await page.waitForURL(`${baseUrl}/news-analysis?ticker=AAPL&timeframe=1h`);
  await page.getByRole("heading", { level: 2, name: /^AAPL · Apple Inc\. · Last Hour/ }).waitFor();
  const hour = await expectConsistent(page, "AAPL", "H1");
  expect(hour.newsCount).toBeLessThanOrEqual(week.newsCount);

  await page.getByLabel("Stock", { exact: true }).selectOption("MSFT");
  await page.waitForURL(`${baseUrl}/news-analysis?ticker=MSFT&timeframe=1h`);
  await page.getByRole("heading", { level: 2, name: /^MSFT · Microsoft/ }).waitFor();
  const msft = await expectConsistent(page, "MSFT", "H1");
  if (msft.newsCount === 0) {
    await page.getByText("No news for MSFT in the last hour").waitFor();
    await screenshot(page, "news-analysis-no-news");
  }

  await page.getByRole("radio", { name: /Last 7 Days/ }).click();
  await page.waitForURL(`${baseUrl}/news-analysis?ticker=MSFT&timeframe=7d`);
  await page.getByRole("heading", { level: 2, name: /^MSFT · Microsoft.* · Last 7 Days/ }).waitFor();
  await expectConsistent(page, "MSFT", "D7");

  await page.reload();
  await page.getByRole("heading", { level: 2, name: /^MSFT · Microsoft.* · Last 7 Days/ }).waitFor();
  expect(await page.getByLabel("Stock", { exact: true }).inputValue()).toBe("MSFT");
  expect(await page.getByRole("radio", { name: /Last 7 Days/ }).isChecked()).toBe(true);
  await page.goBack();
  await page.getByRole("heading", { level: 2, name: /^MSFT · Microsoft.* · Last Hour/ }).waitFor();
  expect(problems).toEqual([]);
  await close();
});

it("reads well in the dark theme and on a 375 px phone", async () => {
  const { page, problems, close } = await openPage(browser, { width: 375, height: 800 });
  await page.goto(`${baseUrl}/news-analysis?ticker=AAPL&timeframe=7d`);
  await page.getByRole("heading", { level: 2, name: /^AAPL · Apple Inc\. · Last 7 Days/ }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBe(0);
  await screenshot(page, "mobile-news-analysis");

  await page.getByRole("button", { name: "Dark theme" }).click();
  expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
  await screenshot(page, "mobile-news-analysis-dark");
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, "news-analysis-dark");
  expect(problems).toEqual([]);
  await close();
});
