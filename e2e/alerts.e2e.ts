import type { Browser, Page } from "playwright-core";
import { eventually } from "../api/test/eventually";
import { seriousViolations } from "./axe";
import { baseUrl, launchBrowser, openPage, screenshot, signInAsBasic, signInAsNewProUser } from "./browser";

/**
 * Alerts as a user would try them on a fresh machine (no SMTP: mail goes to the development outbox,
 * webhooks to the development inbox): a Basic user watches a watchlist by email; a Pro user saves a
 * screen on the screener, adds a signed webhook alert on a ticker entering it, reads its history,
 * replays ten stored trading days and finds each firing once, under the bell (live), in the
 * notifications with its evidence, in the mail and at the webhook inbox; the same days again add nothing.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type OutboxMessage = { to: string; subject: string; text: string };
type InboxRequest = { name: string; headers: Record<string, string>; rawBody: string; signatureValid: boolean | null; status: number };
type WebhookBody = { deliveryId: string; firing: { id: string; ticker: string; day: string; summary: string; origin: string }; alert: { id: string; name: string } };

async function mailsTo(email: string): Promise<OutboxMessage[]> {
  const { messages } = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as { messages: OutboxMessage[] };
  return messages.filter((message) => message.to === email);
}

/** The development inbox's requests for one alert (newest first), with their parsed bodies. */
async function webhooksOf(alertName: string): Promise<(InboxRequest & { body: WebhookBody })[]> {
  const { requests } = (await (await fetch(`${baseUrl}/api/dev/webhooks`)).json()) as { requests: InboxRequest[] };
  return requests.map((request) => ({ ...request, body: JSON.parse(request.rawBody) as WebhookBody })).filter((request) => request.name === "e2e" && request.body.alert?.name === alertName);
}

/** The viewer's firings as the REST shim lists them (newest first). */
async function firingsOf(page: Page): Promise<{ id: string; summary: string; origin: string }[]> {
  const response = await page.request.get(`${baseUrl}/api/alerts/firings`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { firings: { id: string; summary: string; origin: string }[] }).firings;
}

async function createWatchlist(page: Page, name: string, tickers: string[]) {
  await page.goto(`${baseUrl}/watchlists`);
  const form = page.getByRole("form", { name: "New watchlist" });
  await form.getByLabel("New list").fill(name);
  await form.getByLabel("Tickers").fill(tickers.join(", "));
  await form.getByRole("button", { name: "Create list" }).click();
  await page.getByRole("list", { name: `${name}: tickers in order` }).getByRole("link", { name: tickers.at(-1) }).waitFor();
}

/** Fills the new-alert form for a price move on the first watchlist. */
async function fillPriceMoveOnWatchlist(page: Page, name: string, percent: string) {
  const form = page.getByRole("form", { name: "New alert" });
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("radio", { name: "One of your watchlists" }).check();
  await form.getByRole("combobox", { name: "Condition" }).selectOption("PRICE_MOVE");
  expect(await form.getByRole("combobox", { name: "Direction" }).inputValue()).toBe("either");
  await form.getByRole("spinbutton", { name: "Change (%)" }).fill(percent);
  return form;
}

/** Runs the replay with its defaults (10 trading days from 15 before the as-of day) and returns "N firings over D trading days". */
async function replay(page: Page): Promise<{ firings: number; days: number }> {
  const form = page.getByRole("form", { name: "Replay the stored history" });
  expect(await form.getByRole("spinbutton", { name: /Trading days/ }).inputValue()).toBe("10");
  // A day inside the bundled prices, before the app's as-of day.
  expect(await form.getByLabel("From").inputValue()).toMatch(/^20(1\d|2[01])-\d\d-\d\d$/);
  await form.getByRole("button", { name: "Replay" }).click();
  const result = page.getByRole("status", { name: "Replay result" });
  await result.waitFor({ timeout: 120_000 });
  const [, firings, days] = /(\d+) firings? over (\d+) trading days?/.exec((await result.textContent()) ?? "") ?? [];
  await form.getByRole("button", { name: "Replay" }).and(page.locator(":enabled")).waitFor();
  return { firings: Number(firings), days: Number(days) };
}

it("a Basic user watches a watchlist for 1 % moves by email (a daily digest)", async () => {
  const { page, problems, close } = await openPage(browser);
  const email = `alerts-basic-${Date.now()}@example.com`;
  await signInAsBasic(page, email);
  await createWatchlist(page, "Big three", ["AAPL", "MSFT", "KO"]);

  // The header's Research menu links the page.
  await page.goto(`${baseUrl}/`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Main sections" }).getByRole("button", { name: "Research" }).click();
  await page.getByRole("menuitem", { name: /^Alerts/ }).click();
  await page.waitForURL(/\/alerts/);

  const form = await fillPriceMoveOnWatchlist(page, "Big moves", "1");
  // Webhooks and 13F alerts are Pro.
  expect(await form.getByRole("checkbox", { name: /Webhook/ }).isDisabled()).toBe(true);
  expect(await form.getByRole("option", { name: "13F: a fund changes its position (Pro)" }).isDisabled()).toBe(true);
  await form.getByRole("radio", { name: "Daily digest" }).check();
  await form.getByRole("button", { name: "Create alert" }).click();

  const card = page.getByRole("region", { name: "Big moves", exact: true });
  await card.getByText("Moves at least 1 % in a day, up or down").waitFor();
  await card.getByText("watchlist Big three (3 tickers)").waitFor();
  await card.getByText("In the app, email (daily digest)").waitFor();
  await page.getByText("1 of 3", { exact: true }).waitFor();

  // A name already taken is refused beside the name.
  await fillPriceMoveOnWatchlist(page, "Big moves", "2");
  await form.getByRole("button", { name: "Create alert" }).click();
  await form.getByRole("alert").filter({ hasText: 'You already have an alert named "Big moves".' }).waitFor();
  expect(await form.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");

  const { firings, days } = await replay(page);
  expect(days).toBe(10);
  expect(firings).toBeGreaterThan(0);
  await page.getByRole("link", { name: `Notifications, ${firings} unread` }).waitFor();
  // The digest mails (a replayed day's go out at once, so one or more) list each firing once.
  const stored = await firingsOf(page);
  expect(stored).toHaveLength(firings);
  const digests = async () => (await mailsTo(email)).filter((mail) => mail.subject.startsWith("Tickerscope alerts:"));
  const counted = (mails: OutboxMessage[]) => mails.reduce((sum, mail) => sum + Number(/: (\d+) firings?$/.exec(mail.subject)?.[1] ?? 0), 0);
  await eventually(async () => counted(await digests()) >= firings, 40_000);
  const mails = await digests();
  expect(counted(mails)).toBe(firings);
  const text = mails.map((mail) => mail.text).join("\n");
  for (const firing of stored) expect(text.split(firing.summary).length - 1).toBe(1);
  expect(problems).toEqual([]);
  await close();
}, 240_000);

it("a Pro user's webhook alert on a saved screen: its history, a replay delivered once by mail and signed webhooks, the bell live", async () => {
  const { page, problems, close } = await openPage(browser);
  const email = `alerts-pro-${Date.now()}@example.com`;
  const screenName = "Giants above SMA 20";
  const alertName = `Giant enters ${Date.now()}`;
  await signInAsNewProUser(page, email, "Pro Person");

  // A screen saved on the screener: the five default tickers with SMA 5 above SMA 20 (at the app's day, 4 of them).
  await page.goto(`${baseUrl}/screener`);
  await page.getByRole("table").waitFor({ timeout: 45_000 });
  const screenForm = page.getByRole("form", { name: "Basic screen parameters" });
  await screenForm.getByLabel("Universe").selectOption("MANUAL");
  expect(await screenForm.getByLabel("Tickers", { exact: true }).inputValue()).toBe("AAPL, MSFT, NVDA, JPM, AMZN");
  await screenForm.getByRole("checkbox", { name: "SMA 5 above SMA 20" }).check();
  await screenForm.getByRole("button", { name: "Run Screen" }).click();
  const results = page.getByRole("region", { name: "Basic screen results", exact: true });
  await results.getByTestId("results-summary").filter({ hasText: /^4 matches as of / }).waitFor({ timeout: 45_000 });
  const saveForm = page.getByRole("form", { name: "Save the current screen" });
  await saveForm.getByLabel("Name").fill(screenName);
  await saveForm.getByRole("button", { name: "Save" }).click();
  await page.getByText("Screen Saved", { exact: true }).first().waitFor();

  await page.goto(`${baseUrl}/alerts`);
  await page.getByRole("link", { name: "Notifications, 0 unread" }).waitFor();
  const form = page.getByRole("form", { name: "New alert" });
  await form.getByRole("textbox", { name: "Name" }).fill(alertName);
  await form.getByRole("radio", { name: "One of your saved screens" }).check();
  await form.getByRole("combobox", { name: "Saved screen" }).selectOption({ label: `${screenName} (basic)` });
  await form.getByRole("combobox", { name: "Condition" }).selectOption({ label: "A stock enters the screen" });
  // While filling the form: when it would have fired over the stored history.
  const preview = page.getByRole("region", { name: "History of the new alert", exact: true });
  await preview.waitFor({ timeout: 60_000 });
  await preview.getByText(/It would (not )?have fired/).waitFor({ timeout: 60_000 });
  await form.getByRole("checkbox", { name: "Webhook" }).check();
  await form.getByRole("textbox", { name: "Webhook URL" }).fill(`${baseUrl}/dev/webhooks/e2e`);
  await form.getByRole("button", { name: "Create alert" }).click();

  const card = page.getByRole("region", { name: alertName, exact: true });
  await card.getByText(`Enters saved screen “${screenName}”`, { exact: true }).waitFor();
  await card.getByText(`saved screen “${screenName}”`, { exact: true }).waitFor();
  await card.getByText("In the app, email (immediately), webhook").waitFor();
  await card.getByText(`${baseUrl}/dev/webhooks/e2e`).waitFor();
  await card.getByText("Not fired yet.").waitFor();
  await card.getByRole("button", { name: "Reveal" }).click();
  expect(await card.getByRole("button", { name: "Hide" }).getAttribute("aria-expanded")).toBe("true");

  // Its history: the screen run at each day of the period, each entry with the +5 and +21 trading-day returns against the universe.
  await card.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("region", { name: `${alertName}: history`, exact: true });
  await history.waitFor({ timeout: 60_000 });
  await history.getByText(/It would have fired \d+ times? over this period\./).waitFor({ timeout: 60_000 });
  await history.getByRole("rowheader", { name: "+5 trading days" }).waitFor();
  await history.getByRole("rowheader", { name: "+21 trading days" }).waitFor();
  await history.getByRole("cell", { name: new RegExp(`^[A-Z]+ entered your screen “${screenName}” on \\d{4}-\\d\\d-\\d\\d`) }).first().waitFor();
  await card.getByRole("button", { name: "Hide history" }).click();

  // Another tab of the same user, on another page: its bell listens (the user has an alert now).
  const other = await page.context().newPage();
  const otherProblems: string[] = [];
  other.on("console", (message) => void (message.type() === "error" && otherProblems.push(message.text())));
  await other.goto(`${baseUrl}/watchlists`);
  await other.getByRole("link", { name: "Notifications, 0 unread" }).waitFor();

  // Ten stored trading days (two weeks from 2020-03-31) replayed: AAPL enters the screen on 2020-04-08 and JPM
  // on 2020-04-09 (their SMA 5 rises above their SMA 20). The bell counts up, in the other tab too, without a reload.
  const { firings } = await replay(page);
  expect(firings).toBe(2);
  const entries = [`AAPL entered your screen “${screenName}” on 2020-04-08`, `JPM entered your screen “${screenName}” on 2020-04-09`];
  await page.getByRole("link", { name: `Notifications, ${firings} unread` }).waitFor();
  await other.getByRole("link", { name: `Notifications, ${firings} unread` }).waitFor();
  expect(otherProblems).toEqual([]);
  await other.close();
  // The alert's card lists them.
  for (const entry of entries) await card.getByRole("list", { name: `${alertName}: recent firings` }).getByText(entry).waitFor();

  // The notifications, with their evidence: the screen's matches on the day before and on the day.
  const notifications = page.getByRole("list", { name: "Notifications, newest first" });
  await eventually(async () => (await notifications.getByRole("article").count()) === firings);
  for (const entry of entries) await notifications.getByRole("article").filter({ hasText: entry }).getByText("replay", { exact: true }).waitFor();
  const first = notifications.getByRole("article").first();
  expect(await first.getByLabel("Evidence", { exact: true }).textContent()).toMatch(/Source.*daily prices/);
  await first.getByText("All evidence").click();
  const allEvidence = (await first.getByRole("region", { name: /^All evidence of / }).textContent()) ?? "";
  expect([allEvidence.includes('"inScreen": false'), allEvidence.includes('"inScreen": true')]).toEqual([true, true]);

  // Each firing once by mail and once at the webhook, signed with the alert's secret.
  const stored = await firingsOf(page);
  expect(stored).toHaveLength(firings);
  const alertMails = async () => (await mailsTo(email)).filter((mail) => mail.subject.startsWith(`Tickerscope alert: ${alertName}`));
  await eventually(async () => (await alertMails()).length >= firings && (await webhooksOf(alertName)).length >= firings, 50_000);
  const mails = await alertMails();
  expect(mails).toHaveLength(firings);
  for (const firing of stored) expect(mails.filter((mail) => mail.text.includes(firing.summary))).toHaveLength(1);
  const hooks = await webhooksOf(alertName);
  expect(hooks).toHaveLength(firings);
  expect(hooks.every((hook) => hook.signatureValid === true && hook.status === 200)).toBe(true);
  expect(new Set(hooks.map((hook) => hook.body.firing.id)).size).toBe(firings);
  expect(new Set(hooks.map((hook) => hook.body.firing.summary))).toEqual(new Set(stored.map((firing) => firing.summary)));
  expect(hooks.every((hook) => hook.headers["tickerscope-delivery"] === hook.body.deliveryId && hook.body.firing.origin === "replay")).toBe(true);

  // The development webhook inbox, as its page shows it: each entry once, signature valid, with its evidence.
  const inbox = await page.context().newPage();
  await inbox.goto(`${baseUrl}/dev/webhooks`);
  await inbox.getByRole("heading", { name: "Development webhook inbox" }).waitFor();
  for (const entry of entries) {
    const received = inbox.getByRole("article").filter({ hasText: alertName }).filter({ hasText: entry });
    expect(await received.count()).toBe(1);
    const text = (await received.textContent()) ?? "";
    expect(text).toMatch(/answered 200[\s\S]*signature valid/);
    // The evidence: out of the screen the trading day before, in it on the day.
    expect([text.includes('"inScreen": false'), text.includes('"inScreen": true')]).toEqual([true, true]);
  }
  await inbox.close();

  // The delivery status per channel, once the page asks again.
  await page.getByRole("button", { name: "Refresh" }).click();
  await eventually(async () => ((await first.getByRole("list", { name: "Deliveries" }).textContent()) ?? "").match(/delivered/g)?.length === 2, 30_000);

  for (const scheme of ["light", "dark"] as const) {
    await page.getByRole("button", { name: scheme === "light" ? "Light theme" : "Dark theme" }).click();
    await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, scheme);
    await screenshot(page, `alerts-pro-${scheme}`);
    expect([scheme, await seriousViolations(page, scheme === "light" ? "all" : "contrast")]).toEqual([scheme, []]);
  }
  await page.getByRole("button", { name: "Light theme" }).click();

  // The same days again: nothing new fires, nothing is sent again.
  expect(await replay(page)).toEqual({ firings: 0, days: 10 });
  // No new firing, so no new delivery was written: nothing can be sent again.
  expect(await firingsOf(page)).toHaveLength(firings);
  expect(await alertMails()).toHaveLength(firings);
  expect(await webhooksOf(alertName)).toHaveLength(firings);

  // "Send again" sends a delivered webhook once more, under the same delivery id.
  const resent = hooks.find((hook) => hook.body.firing.id === stored[0]!.id) ?? hooks[0]!;
  await first.getByRole("button", { name: "Send again: webhook" }).click();
  await eventually(async () => (await webhooksOf(alertName)).length === firings + 1, 30_000);
  const again = (await webhooksOf(alertName))[0]!;
  expect(again.body.deliveryId).toBe(resent.body.deliveryId);
  expect(again.signatureValid).toBe(true);

  // Opening the page marked nothing read; "Mark all read" does, and the bell says so.
  await page.getByRole("link", { name: `Notifications, ${firings} unread` }).waitFor();
  await page.getByRole("button", { name: "Mark all read" }).click();
  await page.getByRole("link", { name: "Notifications, 0 unread" }).waitFor();
  await screenshot(page, "alerts-pro-read");

  // A phone's width: nothing spills sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl}/alerts#notifications`);
  await notifications.getByRole("article").first().waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, "alerts-pro-phone");
  expect(problems).toEqual([]);
  await close();
}, 300_000);
