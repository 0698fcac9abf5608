// `npm run bench:startup`: how long `npm start` takes to show Home in a browser and to have all the
// bundled data in (/readyz), on a fresh embedded database, on a warm restart, and on a fresh
// database with the 2018–2021 price file tripled (1.25 M bars: three times the set of issue 22's
// time, a little more than today's 2013–2021 set, not three times it); how large the Home route's
// JavaScript is (gzipped); and how many bytes a browser really downloads (Chromium,
// Accept-Encoding: br, gzip) for a first visit to Home and for a first and a repeat visit to GraphiQL.
// Builds first (`npm start` then finds the build current); prints a table, then one JSON line.
import { benchEnvironment, printReport } from "../bench/harness";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { loadConfig } from "../config/config";
import { projectRoot } from "../config/project-root";
import { priceSnapshotDirectory } from "../market-data/price-snapshot";

const port = Number(process.env.BENCH_PORT ?? 3200);
const baseUrl = `http://127.0.0.1:${port}`;
const webDistDir = loadConfig().webDistDir;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

type StartTimes = { portOpenMs: number; homeShownMs: number; homeReadyMs: number; allDataInMs: number; stop: () => Promise<void> };

const poll = async (url: string, ok: (status: number) => boolean, deadline: number) => {
  for (;;) {
    const status = await fetch(url).then((response) => response.status, () => 0);
    if (ok(status)) return;
    if (performance.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * Runs `npm start` (build check included) and times, from the command: the port answering
 * /healthz, Home's heading shown in Chromium, Home ready (its account buttons shown: the full app
 * answers, the database is open), and /readyz (every bundled load done).
 */
async function timeStart(browser: Browser, dataDir: string, environment: NodeJS.ProcessEnv = {}): Promise<StartTimes> {
  const started = performance.now();
  const deadline = started + 600_000;
  const server = spawn("npm", ["start", "--silent"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info", NEWS_INGEST_INTERVAL_MINUTES: "0", MARKET_DATA_REFRESH_MINUTES: "0", ...environment },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  readline.createInterface({ input: server.stdout! }).on("line", () => undefined);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  // npm exits at the signal without waiting for the server, which may still be shutting down
  // (finishing a pass, closing the database): the next start waits until the whole process group is gone.
  const stop = async () => {
    if (server.exitCode === null) process.kill(-server.pid!, "SIGTERM");
    await exited;
    const groupAlive = () => {
      try {
        process.kill(-server.pid!, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (groupAlive()) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  try {
    await poll(`${baseUrl}/healthz`, (status) => status === 200, deadline);
    const portOpenMs = performance.now() - started;
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 120_000 });
    const homeShownMs = performance.now() - started;
    await page.getByRole("link", { name: /Start Free Trial|Access Screener/ }).first().waitFor({ timeout: 120_000 });
    const homeReadyMs = performance.now() - started;
    await page.close();
    await poll(`${baseUrl}/readyz`, (status) => status === 200, deadline);
    return { portOpenMs, homeShownMs, homeReadyMs, allDataInMs: performance.now() - started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The bundled 2018–2021 price file three times over (1.25 M bars, beside the real 2013–2021 set's
 * 1.09 M that every other start here loads): each ticker's bars, then two copies of them moved back
 * by 1,210 and 2,420 days (so no date repeats), in the file's order (symbol, then date).
 */
function writeTripledPriceSet(directory: string) {
  fs.mkdirSync(directory, { recursive: true });
  for (const file of fs.readdirSync(priceSnapshotDirectory)) if (file.endsWith(".csv")) fs.copyFileSync(path.join(priceSnapshotDirectory, file), path.join(directory, file));
  // The 2018–2021 file only: the 2013–2018 files are left out of this folder (the real start loads them).
  const source = "sp500_daily_2018-2021.csv.gz";
  const lines = zlib.gunzipSync(fs.readFileSync(path.join(priceSnapshotDirectory, source))).toString("utf8").trimEnd().split("\n");
  const shifted = (line: string, days: number) => {
    const fields = line.split(",");
    const date = new Date(`${fields[1]}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - days);
    fields[1] = date.toISOString().slice(0, 10);
    return fields.join(",");
  };
  const output = [lines[0]];
  let symbolLines: string[] = [];
  const flush = () => {
    output.push(...symbolLines.map((line) => shifted(line, 2420)), ...symbolLines.map((line) => shifted(line, 1210)), ...symbolLines);
    symbolLines = [];
  };
  for (const line of lines.slice(1)) {
    if (symbolLines.length > 0 && line.slice(0, line.indexOf(",")) !== symbolLines[0].slice(0, symbolLines[0].indexOf(","))) flush();
    symbolLines.push(line);
  }
  flush();
  fs.writeFileSync(path.join(directory, source), zlib.gzipSync(output.join("\n") + "\n"));
  return output.length - 1;
}

/**
 * Gzipped JS a first visit to Home downloads: every script index.html loads
 * (entry and its preloaded shared chunks), plus the Home chunk and the chunks it
 * imports that are not among them.
 */
function homeRouteGzipBytes(): { entry: number; home: number } {
  const assets = path.join(webDistDir, "assets");
  const gzip = (name: string) => zlib.gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length;
  const indexHtml = fs.readFileSync(path.join(webDistDir, "index.html"), "utf8");
  const entryChunks = new Set([...indexHtml.matchAll(/assets\/([\w.-]+\.js)/g)].map((match) => match[1]));
  const homeChunks = new Set<string>();
  const visit = (name: string) => {
    if (entryChunks.has(name) || homeChunks.has(name)) return;
    homeChunks.add(name);
    const code = fs.readFileSync(path.join(assets, name), "utf8");
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(match[1]);
  };
  const homePage = fs.readdirSync(assets).find((name) => name.startsWith("HomePage-") && name.endsWith(".js"));
  if (homePage) visit(homePage);
  const sum = (names: Set<string>) => [...names].reduce((total, name) => total + gzip(name), 0);
  return { entry: sum(entryChunks), home: sum(homeChunks) };
}

type Transfer = { html: number; js: number; css: number; data: number; other: number };

/**
 * Bytes on the wire (compressed bodies plus response headers) for one visit in `context`,
 * whose HTTP cache carries over between visits as a browser's does: what it reuses
 * without asking costs nothing, a revalidation costs its 304. `data` is GraphQL/API
 * answers, `other` images and icons. Videos are left out: they stream on demand, after
 * first paint.
 */
async function visit(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>): Promise<Transfer> {
  const page = await context.newPage();
  const transfer: Transfer = { html: 0, js: 0, css: 0, data: 0, other: 0 };
  const pending: Promise<void>[] = [];
  let lastActivity = performance.now();
  const active = () => {
    lastActivity = performance.now();
  };
  page.on("request", active);
  page.on("requestfailed", active);
  page.on("requestfinished", (request) => {
    active();
    const type = request.resourceType();
    if (type === "media" || !request.url().startsWith(baseUrl)) return;
    const categories: Record<string, keyof Transfer> = { document: "html", script: "js", stylesheet: "css", fetch: "data", xhr: "data" };
    pending.push(
      (async () => {
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        // Playwright does not see the body bytes of a script a worker loads (0 with the headers
        // received): the Content-Length the server sent stands in. From cache both sizes cancel out.
        const body =
          responseBodySize === 0 && responseHeadersSize > 0
            ? Number((await request.response())?.headers()["content-length"] ?? 0)
            : responseBodySize;
        transfer[categories[type] ?? "other"] += body + responseHeadersSize;
      })(),
    );
  });
  await page.goto(url);
  await ready(page);
  // What the page fetches once it runs (GraphQL, editor workers) counts too: wait for two quiet
  // seconds (not for zero requests in flight: Playwright never sees one of Monaco's worker loads finish).
  while (performance.now() - lastActivity < 2000) await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.all(pending);
  await page.close();
  return transfer;
}

async function measureTransfers(browser: Browser) {
  const newContext = () => browser.newContext({ extraHTTPHeaders: { "accept-encoding": "br, gzip" } });
  const home = await visit(await newContext(), `${baseUrl}/`, (page) => page.getByRole("heading", { level: 1 }).first().waitFor());
  const graphiqlContext = await newContext();
  // Monaco starts its three editor workers once the editors show; they count too.
  const graphiqlReady = (page: Page) => page.locator(".graphiql-container .monaco-editor").first().waitFor({ timeout: 60_000 });
  const graphiqlFirst = await visit(graphiqlContext, `${baseUrl}/graphql`, graphiqlReady);
  const graphiqlRepeat = await visit(graphiqlContext, `${baseUrl}/graphql`, graphiqlReady);
  return { home, graphiqlFirst, graphiqlRepeat };
}

const inKB = (transfer: Transfer) => ({
  total: kb(Object.values(transfer).reduce((sum, bytes) => sum + bytes, 0)),
  ...Object.fromEntries(Object.entries(transfer).map(([category, bytes]) => [category, kb(bytes)])),
});

async function main() {
  const environment = benchEnvironment("PGlite (fresh temporary folders; `npm start` in its own process)");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-startup-"));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
  const seconds = (ms: number) => Math.round(ms / 100) / 10;
  const rows: (string | number)[][] = [];
  const record = (scenario: string, times: StartTimes) =>
    rows.push([scenario, seconds(times.portOpenMs), seconds(times.homeShownMs), seconds(times.homeReadyMs), seconds(times.allDataInMs)]);
  try {
    const bundledDir = path.join(scratch, "bundled");
    const fresh = await timeStart(browser, bundledDir);
    await fresh.stop();
    record("fresh database, bundled data", fresh);
    const warm = await timeStart(browser, bundledDir);
    record("warm restart", warm);
    const transfers = await measureTransfers(browser);
    await warm.stop();

    const tripledDir = path.join(scratch, "prices-3x");
    const tripledBars = writeTripledPriceSet(tripledDir);
    const tripled = await timeStart(browser, path.join(scratch, "tripled"), { MARKET_DATA_SNAPSHOT_DIR: tripledDir });
    await tripled.stop();
    record(`fresh database, the 2018–2021 file tripled (${tripledBars.toLocaleString("en-US")} bars)`, tripled);

    const bundle = homeRouteGzipBytes();
    const { home, graphiqlFirst, graphiqlRepeat } = transfers;
    const results = {
      starts: rows.map(([scenario, portOpenS, homeShownS, homeReadyS, allDataInS]) => ({ scenario, portOpenS, homeShownS, homeReadyS, allDataInS })),
      homeRouteJsGzipKB: kb(bundle.entry + bundle.home),
      entryChunkGzipKB: kb(bundle.entry),
      homeChunkGzipKB: kb(bundle.home),
      homeFirstVisitTransferKB: inKB(home),
      graphiqlFirstVisitTransferKB: inKB(graphiqlFirst),
      graphiqlRepeatVisitTransferKB: inKB(graphiqlRepeat),
    };
    printReport({
      bench: "startup",
      environment,
      tables: [
        { columns: ["from `npm start`", "port open (s)", "Home shown (s)", "Home ready (s)", "all data in, /readyz (s)"], rows },
        {
          columns: ["measure", "value"],
          rows: Object.entries(results)
            .filter(([name]) => name !== "starts")
            .map(([name, value]) => [name, typeof value === "number" ? value : JSON.stringify(value)]),
        },
      ],
      results,
    });
  } finally {
    await browser.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
