// `npm run bench:past-days [-- --served-days 200 --refused-seconds 5]`: does one request for many past days hold the server?
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never the
//     app's own), with the bundled news and price snapshots loaded as a first start does, and the
//     HTTP app listening in-process (as server.ts runs it), with the default limits.
//  2. GET /healthz every 20 ms from its own thread (a load balancer is another process), while one
//     anonymous client sends, one after another, the operations of issue 24's finding 1: a
//     `stock(ticker: "AAPL")` with one alias per distinct past day of technicals(asOf:) (200 and
//     500 days), news(asOf:) (300 days) and priceHistory(days: 3650, asOf:) (100 days); then five
//     days of technicals (within the per-operation limit: served). An operation refused is sent
//     again and again for --refused-seconds, one after another.
//  3. The 200-day technicals operation again on a second app whose past-day limits are lifted
//     (PAST_DAYS_PER_OPERATION and PAST_DAYS_PER_MINUTE at 100,000): every day computed, to see
//     what serving them costs the request loop (--served-days 0 skips it).
//  Per operation: the HTTP status, the error code, the answer's time and size, and /healthz
//  p50/p99/max while it ran. Aim (issue 24): /healthz p99 ≤ 100 ms whether the operation is
//  refused or served.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, ms, percentiles, printReport, runBench } from "../bench/harness";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { flushScreenRuns } from "../screening/screen-runs";
import { epochNow as now, startLoopClient, type Sample } from "./bench-http";

const { values: args } = parseArgs({ options: { "served-days": { type: "string", default: "200" }, "refused-seconds": { type: "string", default: "5" } } });
const servedDays = Number(args["served-days"]);
const refusedSeconds = Number(args["refused-seconds"]);

/** `count` distinct calendar days from 2018-03-01 on (all inside the bundled prices, 2018-01-02 → 2021-04-21). */
function days(count: number): string[] {
  const start = Date.parse("2018-03-01T00:00:00Z");
  return Array.from({ length: count }, (_, index) => new Date(start + index * 86_400_000).toISOString().slice(0, 10));
}

/** `{ stock(ticker: "AAPL") { a0: <field>(asOf: "…") <selection> a1: … } }`, one alias per day. */
function perDayOperation(field: string, count: number, selection: string, extraArgs = ""): string {
  const aliases = days(count).map((day, index) => `a${index}: ${field}(${extraArgs}asOf: "${day}") ${selection}`);
  return `{ stock(ticker: "AAPL") { ${aliases.join(" ")} } }`;
}

type Operation = { name: string; query: string };

const operations: Operation[] = [
  { name: "technicals × 200 days", query: perDayOperation("technicals", 200, "{ rsi14 }") },
  { name: "technicals × 500 days", query: perDayOperation("technicals", 500, "{ rsi14 }") },
  { name: "news × 300 days", query: perDayOperation("news", 300, "{ newsCount }") },
  { name: "priceHistory(days: 3650) × 100 days", query: perDayOperation("priceHistory", 100, "{ asOf bars { close } }", "days: 3650, ") },
  { name: "technicals × 5 days", query: perDayOperation("technicals", 5, "{ rsi14 }") },
];

type Answer = { status: number; code: string | null; message: string | null; ms: number; bytes: number; from: number; to: number };

async function send(port: number, query: string): Promise<Answer> {
  const from = now();
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  const text = await response.text();
  const to = now();
  const body = JSON.parse(text) as { errors?: { message: string; extensions?: { code?: string } }[] };
  const error = body.errors?.[0];
  return { status: response.status, code: error?.extensions?.code ?? null, message: error?.message ?? null, ms: to - from, bytes: Buffer.byteLength(text), from, to };
}

async function listen(app: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-past-days-"));
  log(`temporary database: ${directory}`);
  const settings = { LOG_LEVEL: "error", DATA_DIR: directory, WEB_REQUESTS_PER_10_MINUTES: "100000000" };
  const config = loadConfig(settings);
  const lifted = loadConfig({ ...settings, PAST_DAYS_PER_OPERATION: "100000", PAST_DAYS_PER_MINUTE: "100000" });
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  const servers: http.Server[] = [];
  try {
    const sessionSecret = "bench-session-secret-0123456789abcdef-0123456789";
    const deps = buildDeps({ config, db, logger, sessionSecret });
    log("first start: loading the bundled news and price snapshots...");
    await loadNewsSnapshot(deps, { force: true });
    const prices = await loadPriceSnapshot(deps, { force: true });
    await deps.technicals.current();
    log(`  ${prices.rows} bars of ${prices.tickers} tickers`);
    const webDistDir = path.join(directory, "no-web");
    const limited = await listen(buildApp(deps, { webDistDir }));
    servers.push(limited.server);
    // Warm-up: the schema, the JIT, the latest indicators and every bar in memory (a past day's source).
    await send(limited.port, `{ stock(ticker: "AAPL") { technicals { rsi14 } } }`);
    await deps.technicals.bars();

    const health = startLoopClient({ port: limited.port, method: "GET", path: "/healthz", body: null, gapMs: 20 });
    const measured: { name: string; answers: Answer[] }[] = [];
    // An operation served runs once (again, its days would be in memory); one refused is sent again
    // and again for --refused-seconds, so /healthz has samples to measure while refusals stream in.
    const run = async (name: string, port: number, query: string) => {
      log(`${name}...`);
      const answers = [await send(port, query)];
      const [first] = answers;
      log(`  ${first.status} ${first.code ?? "ok"} in ${Math.round(first.ms)} ms (${first.bytes} bytes)${first.message ? `: ${first.message}` : ""}`);
      if (first.status >= 400) {
        while (now() - first.from < refusedSeconds * 1_000) answers.push(await send(port, query));
        log(`  sent ${answers.length} times in ${refusedSeconds} s, all ${[...new Set(answers.map((answer) => answer.status))].join(", ")}`);
      }
      measured.push({ name, answers });
      // A pause, so one operation's last /healthz samples do not count in the next.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    };
    for (const operation of operations) await run(operation.name, limited.port, operation.query);
    if (servedDays > 0) {
      const open = await listen(buildApp(buildDeps({ config: lifted, db, logger, sessionSecret }), { webDistDir }));
      servers.push(open.server);
      await send(open.port, `{ stock(ticker: "AAPL") { technicals { rsi14 } } }`);
      await run(`technicals × ${servedDays} days, limits lifted`, open.port, perDayOperation("technicals", servedDays, "{ rsi14 }"));
    }
    const healthSamples = await health.stop();

    const inWindow = (samples: Sample[], answers: Answer[]) => samples.filter((sample) => sample.at >= answers[0].from && sample.at < answers.at(-1)!.to);
    const results = measured.map(({ name, answers }) => {
      const samples = inWindow(healthSamples, answers);
      return {
        operation: name,
        status: answers[0].status,
        code: answers[0].code,
        sent: answers.length,
        answer: percentiles(answers.map((answer) => answer.ms)),
        bytes: answers[0].bytes,
        healthz: percentiles(samples.filter((sample) => !sample.error).map((sample) => sample.ms)),
        healthzFailed: samples.filter((sample) => sample.error).length,
      };
    });
    printReport({
      bench: "past-days",
      environment: benchEnvironment(describeDatabase(config.database)),
      tables: [
        {
          title: `One anonymous operation per row (bundled snapshot: ${prices.rows.toLocaleString("en-US")} bars of ${prices.tickers} tickers), /healthz every 20 ms meanwhile`,
          columns: ["operation", "status", "code", "sent", "answer p50 ms", "answer max ms", "bytes", "healthz", "healthz p50 ms", "healthz p99 ms", "healthz max ms", "failed"],
          rows: results.map((result) => [
            result.operation,
            result.status,
            result.code ?? "–",
            result.sent,
            ms(result.answer.p50, 0),
            ms(result.answer.max, 0),
            result.bytes,
            result.healthz.runs,
            ms(result.healthz.p50),
            ms(result.healthz.p99),
            ms(result.healthz.max),
            result.healthzFailed,
          ]),
        },
      ],
      notes: [
        "- Aim (issue 24): /healthz p99 ≤ 100 ms while a many-day operation is refused or served.",
        "- Each alias asks for a different calendar day from 2018-03-01 on, for AAPL; the server's caches start empty but for the latest day and the bars.",
        "- An operation refused is sent again and again for the seconds given (sent); one served, once. With few /healthz samples in a row, p99 is the slowest of them: a held loop answers few.",
      ],
      results,
    });
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    await flushScreenRuns();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
