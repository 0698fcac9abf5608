import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { e2ePort } from "./start-app";

export const baseUrl = `http://127.0.0.1:${e2ePort}`;
export const screenshotDir = path.resolve(__dirname, "..", "test-results", "screenshots");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page that records console errors and failed requests, so tests can assert there were none. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    // The address says which page it came from.
    if (message.type() === "error") problems.push(`console (${new URL(page.url()).pathname}): ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Signs this page in as a new Pro user the way a buyer gets there on a fresh machine:
 * create-trial → the demo checkout's Complete → activation, called from the page so
 * the session cookie lands in the browser.
 */
export async function signInAsNewProUser(page: Page, email: string, name: string) {
  await page.goto(`${baseUrl}/pricing`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  const result = await page.evaluate(
    async ({ email, name }) => {
      const post = async (path: string, body: unknown = {}) => {
        const response = await fetch(path, {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const { checkoutUrl } = await post("/api/auth/create-trial", { email, name });
      const sessionId = new URL(checkoutUrl, location.origin).searchParams.get("session_id");
      await post(`/api/billing/demo/checkout/${sessionId}/complete`);
      return post("/api/auth/activate", { sessionId });
    },
    { email, name },
  );
  expect(result).toMatchObject({ success: true, email, status: "trialing", signedIn: true });
}

/** Signs this page in as a Basic user: an account from an unfinished checkout, signed in with the emailed link. */
export async function signInAsBasic(page: Page, email: string) {
  await page.goto(`${baseUrl}/auth`);
  const started = await page.evaluate(async (email) => {
    const response = await fetch("/api/auth/create-trial", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, name: "Basic Person" }),
    });
    return response.status;
  }, email);
  expect(started).toBe(200);
  await page.goto(`${baseUrl}/auth?tab=signin`);
  await page.getByRole("tabpanel").getByLabel("Email").fill(email);
  await page.getByRole("tabpanel").getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("tabpanel").getByText("Check your inbox", { exact: true }).waitFor();
  await page.goto(await signInLinkFromOutbox(email));
  await page.waitForURL(`${baseUrl}/`, { timeout: 10_000 });
  const plan = await (await page.request.get(`${baseUrl}/api/subscription-status`)).json();
  expect(plan).toMatchObject({ plan_type: "basic", has_access_to_pro: false });
}

/** The newest sign-in link the server would have emailed to `to` (development outbox, loopback only). */
export async function signInLinkFromOutbox(to: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/dev/outbox`);
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
    const link = messages.find((message) => message.to === to)?.text.match(/https?:\/\/\S+signin_token=\S+/)?.[0];
    if (link) return link;
    // The mail is sent in the background, right after the answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in link for ${to} in the development outbox`);
}

/** Waits until the AI picks pass (it runs in the background after /readyz) has stored the picks of `day`. */
export async function waitForAiPicks(day: string): Promise<void> {
  for (let attempt = 0; attempt < 360; attempt += 1) {
    const { total } = (await (await fetch(`${baseUrl}/api/ai-picks?asOf=${day}`)).json()) as { total?: number };
    if (total) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the AI picks of ${day} were not stored within 3 minutes`);
}

/** The CSV an "Export CSV" button downloads, as rows keyed by its header (the columns read hold no commas). */
export async function exportedCsvRows(page: Page): Promise<Record<string, string>[]> {
  // Dispatched rather than clicked: a toast (bottom right) may cover the button, and a pointer over
  // a toast pauses its timer, so a real click could wait on it for good.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).dispatchEvent("click")]);
  const [header, ...lines] = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  const columns = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, index) => [columns[index], value])));
}

/** A test timeout that covers waitForAiPicks: the first start's pass takes about 30 s on a quiet machine, far longer beside CI's other suites. */
export const AI_PICKS_WAIT_MS = 240_000;
