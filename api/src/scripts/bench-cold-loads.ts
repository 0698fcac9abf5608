// `npm run bench:cold-loads [-- --runs 5]`: how long a first visit takes to show a page's data, with
// an empty browser cache, on a server that has its bundled data in (the AI picks pass done):
// /screener as a visitor (until the results summary shows), /ai-features and /research-compare as a
// Pro user (until the top picks table, and the side-by-side table, show). Aim: ≤ 2 s each.
//  1. The server as `npm start` runs it (api/dist/server.cjs) on a fresh temporary data folder, with
//     no live refresh; it waits for /readyz and for the AI picks of the default day.
//  2. Each run opens each page in a new browser context (no cache; the Pro user's session cookie
//     copied in), timing from navigation start to the data on screen.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type Page } from "playwright-core";
import { serverBundle } from "../../build";
import { benchEnvironment, log, percentileCells, percentileColumns, percentiles, printReport, runBench, type Percentiles } from "../bench/harness";
import { projectRoot } from "../config/project-root";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(args.runs);
const port = 3390;
const baseUrl = `http://127.0.0.1:${port}`;
const defaultDay = "2020-04-22";

type Visit = { path: string; who: "visitor" | "Pro"; shown: (page: Page) => Promise<unknown> };

const VISITS: Visit[] = [
  { path: "/screener", who: "visitor", shown: (page) => page.getByTestId("results-summary").first().waitFor({ timeout: 60_000 }) },
  { path: "/ai-features", who: "Pro", shown: (page) => page.getByRole("table", { name: /^Top 5 of [\d,]+ tickers scored on/ }).waitFor({ timeout: 60_000 }) },
  { path: "/research-compare", who: "Pro", shown: (page) => page.getByRole("table", { name: /Side by side/ }).waitFor({ timeout: 60_000 }) },
];

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A Pro trial session through the demo checkout, as a buyer gets one; returns its cookies. */
async function proSessionCookies(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/pricing`);
  // A string, so that the bundler's helpers do not leak into the page.
  await page.evaluate(`(async () => {
    const post = async (path, body = {}) => {
      const response = await fetch(path, { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(path + ": " + response.status);
      return response.json();
    };
    const { checkoutUrl } = await post("/api/auth/create-trial", { email: "bench-" + Date.now() + "@example.com", name: "Bench Reader" });
    const sessionId = new URL(checkoutUrl, location.origin).searchParams.get("session_id");
    await post("/api/billing/demo/checkout/" + sessionId + "/complete");
    await post("/api/auth/activate", { sessionId });
  })()`);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

async function coldLoadMs(browser: Browser, visit: Visit, cookies: Awaited<ReturnType<typeof proSessionCookies>>): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (visit.who === "Pro") await context.addCookies(cookies);
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(`${baseUrl}${visit.path}`);
    await visit.shown(page);
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

async function main() {
  const environment = benchEnvironment("PGlite (a fresh temporary folder; the server bundle in its own process)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-cold-"));
  const server = spawn(process.execPath, [serverBundle], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", MARKET_DATA_REFRESH_MINUTES: "0", NEWS_INGEST_INTERVAL_MINUTES: "0" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    log("waiting for the bundled data and the AI picks pass…");
    await until(async () => (await fetch(`${baseUrl}/readyz`)).ok, "/readyz");
    await until(async () => Boolean(((await (await fetch(`${baseUrl}/api/ai-picks?asOf=${defaultDay}`)).json()) as { total?: number }).total), "the AI picks pass");
    const cookies = await proSessionCookies(browser);
    const samples = new Map(VISITS.map((visit) => [visit.path, [] as number[]]));
    // One visit of each first, not counted: the server's own first requests (query plans, caches).
    for (const visit of VISITS) await coldLoadMs(browser, visit, cookies);
    for (let run = 0; run < runs; run += 1) {
      for (const visit of VISITS) samples.get(visit.path)!.push(await coldLoadMs(browser, visit, cookies));
      log(`run ${run + 1}/${runs}`);
    }
    const results: Record<string, Percentiles> = Object.fromEntries([...samples].map(([page, values]) => [page, percentiles(values)]));
    printReport({
      bench: "cold-loads",
      environment,
      tables: [
        {
          title: "First visit with an empty browser cache, to the page's data on screen",
          columns: ["page", "as", ...percentileColumns],
          rows: VISITS.map((visit) => [visit.path, visit.who, ...percentileCells(results[visit.path], 0)]),
        },
      ],
      notes: [`Aim: ≤ 2,000 ms each. ${runs} runs; the data is the bundled snapshot as of ${defaultDay} (the app's default day).`],
      results,
    });
  } finally {
    await browser.close();
    process.kill(-server.pid!, "SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
