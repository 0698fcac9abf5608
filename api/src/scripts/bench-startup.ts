// `npm run bench:startup`: how long the production server takes to serve its
// first page on a fresh embedded database (migrations included) and on a warm
// restart, how large the Home route's JavaScript is (gzipped), and how many bytes
// a browser really downloads (Chromium, Accept-Encoding: br, gzip) for a first visit to
// Home and for a first and a repeat visit to GraphiQL.
// Builds first; the server serves WEB_DIST_DIR (default web/dist). Prints a table, then one JSON line.
import { benchEnvironment, printReport } from "../bench/harness";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { loadConfig } from "../config/config";
import { projectRoot } from "../config/project-root";

const port = Number(process.env.BENCH_PORT ?? 3200);
const baseUrl = `http://127.0.0.1:${port}`;
const webDistDir = loadConfig().webDistDir;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Starts the production server and resolves once it serves `/`, with the time that took. */
async function startServer(dataDir: string): Promise<{ readyMs: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const server = spawn(process.execPath, [require.resolve("tsx/cli"), "api/src/server.ts"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  };
  try {
    for (;;) {
      try {
        const response = await fetch(`${baseUrl}/`);
        if (response.ok) return { readyMs: performance.now() - started, stop };
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error("server did not start within 180 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
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

async function measureTransfers() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const newContext = () => browser.newContext({ extraHTTPHeaders: { "accept-encoding": "br, gzip" } });
    const home = await visit(await newContext(), `${baseUrl}/`, (page) => page.getByRole("heading", { level: 1 }).first().waitFor());
    const graphiqlContext = await newContext();
    // Monaco starts its three editor workers once the editors show; they count too.
    const graphiqlReady = (page: Page) => page.locator(".graphiql-container .monaco-editor").first().waitFor({ timeout: 60_000 });
    const graphiqlFirst = await visit(graphiqlContext, `${baseUrl}/graphql`, graphiqlReady);
    const graphiqlRepeat = await visit(graphiqlContext, `${baseUrl}/graphql`, graphiqlReady);
    return { home, graphiqlFirst, graphiqlRepeat };
  } finally {
    await browser.close();
  }
}

const inKB = (transfer: Transfer) => ({
  total: kb(Object.values(transfer).reduce((sum, bytes) => sum + bytes, 0)),
  ...Object.fromEntries(Object.entries(transfer).map(([category, bytes]) => [category, kb(bytes)])),
});

async function main() {
  const environment = benchEnvironment("PGlite (fresh temporary folder; the server in its own process)");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-"));
  const cold = await startServer(dataDir);
  await cold.stop();
  const warm = await startServer(dataDir);
  let transfers: Awaited<ReturnType<typeof measureTransfers>>;
  try {
    transfers = await measureTransfers();
  } finally {
    await warm.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const bundle = homeRouteGzipBytes();
  const { home, graphiqlFirst, graphiqlRepeat } = transfers;
  const results = {
    firstPageFreshDatabaseMs: Math.round(cold.readyMs),
    firstPageWarmRestartMs: Math.round(warm.readyMs),
    homeRouteJsGzipKB: kb(bundle.entry + bundle.home),
    entryChunkGzipKB: kb(bundle.entry),
    homeChunkGzipKB: kb(bundle.home),
    homeFirstVisitTransferKB: inKB(home),
    graphiqlFirstVisitTransferKB: inKB(graphiqlFirst),
    graphiqlRepeatVisitTransferKB: inKB(graphiqlRepeat),
  };
  printReport({ bench: "startup", environment, tables: [{ columns: ["measure", "value"], rows: Object.entries(results).map(([name, value]) => [name, typeof value === "number" ? value : JSON.stringify(value)]) }], results });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
