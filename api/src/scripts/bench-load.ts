// `npm run bench:load`: the app as `npm start` runs it (a separate server process, the built web
// app), under BENCH_CONNECTIONS (100) concurrent connections for BENCH_SECONDS (30) per target:
// the home page, news sentiment for AAPL, a manual screen, a small GraphQL query, the AI picks,
// the data coverage, an S&P 500 screen as of a past day and a Pro user's four-stock comparison
// (API key); on the embedded database (PGlite) and on PostgreSQL (BENCH_DATABASE_URL, default the
// local server's `tickerscope_bench` database, created when missing). Per target: req/s, p50/p99
// latency (also without each connection's first answer, which pays for opening 100 connections at
// once), errors (non-2xx or failed), and the p99 of `/healthz` asked once every 50 ms meanwhile
// on its own connection by a separate process. Allowances are raised so limits do not shape the numbers; each database
// is loaded once and kept between runs (the first run pays the snapshot load). Aims (issue 24):
// p99 ≤ 500 ms, 0 errors, `/healthz` p99 ≤ 100 ms.
// Latency percentiles are exact, from every response's time (autocannon's own are whole-millisecond
// histogram buckets). Progress on stderr; the report (table, then one JSON line) on stdout.
import { benchEnvironment, log, percentiles, printReport, runBench } from "../bench/harness";
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { hashApiKey } from "../api-keys/api-keys";
import { loadConfig } from "../config/config";
import { projectRoot } from "../config/project-root";
import { openMigratedDatabase } from "../db/migrations";
import { createLogger } from "../logging/logger";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3455);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/tickerscope_bench";
/** BENCH_TARGETS=ai-picks,compare: only the targets whose name contains one of these (case-insensitive). */
const TARGET_FILTER = process.env.BENCH_TARGETS?.toLowerCase().split(",");
/** BENCH_DATABASES=pglite or postgres to measure one only. */
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");

type Target = { name: string; method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

/** The Research & Compare page's comparison (as in bench:compare), asked with a Pro user's API key. */
const compareQuery = `query ($tickers: [String!]!) {
  stockComparison(tickers: $tickers, range: Y1) {
    asOf method startDate source
    series { ticker firstDate totalReturn points { date value } }
    universe { label totalReturn membersLastDay points { date value } }
    correlation { tickers commonDays firstDay lastDay rows { ticker values } }
  }
}`;

/** The targets; `proKey` is the bearer secret of a Pro user's API key in the measured database. */
const targetsFor = (proKey: string): Target[] => [
  { name: "GET / (web app)", method: "GET", path: "/", headers: { "accept-encoding": "gzip, br" } },
  { name: "GET /api/news-sentiment/AAPL", method: "GET", path: "/api/news-sentiment/AAPL?timeframe=7d" },
  {
    name: "POST /api/screening/run (manual, 5 tickers)",
    method: "POST",
    path: "/api/screening/run",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ universe: "manual", tickers: ["AAPL", "MSFT", "NVDA", "JPM", "AMZN"] }),
  },
  {
    name: "POST /graphql (a stock's close, RSI and 7-day news)",
    method: "POST",
    path: "/graphql",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: '{ stock(ticker: "MSFT") { ticker technicals { close rsi14 } news(timeframe: D7) { newsCount sentimentScore } } }' }),
  },
  { name: "GET /api/ai-picks", method: "GET", path: "/api/ai-picks" },
  { name: "GET /api/data-coverage", method: "GET", path: "/api/data-coverage" },
  {
    name: "POST /api/screening/run (S&P 500 as of 2020-06-01)",
    method: "POST",
    path: "/api/screening/run",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ universe: "sp500", asOf: "2020-06-01" }),
  },
  {
    name: "POST /graphql (Pro: compare 4 stocks over 1Y, API key)",
    method: "POST",
    path: "/graphql",
    headers: { "content-type": "application/json", authorization: `Bearer ${proKey}` },
    body: JSON.stringify({ query: compareQuery, variables: { tickers: ["AAPL", "MSFT", "NVDA", "AMZN"] } }),
  },
];

/**
 * A Pro user with an API key in the database the server will open (created before the server
 * starts, as the embedded database admits one process at a time); returns the key's secret.
 */
async function createProApiKey(environment: NodeJS.ProcessEnv): Promise<string> {
  const config = loadConfig({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...environment });
  const db = await openMigratedDatabase(config.database, createLogger(config));
  try {
    const user = await db.prisma.user.upsert({
      where: { email: "bench-load-pro@example.com" },
      update: { planType: "pro", subscriptionStatus: "active" },
      create: { email: "bench-load-pro@example.com", firstName: "Bench", lastName: "Pro", planType: "pro", subscriptionStatus: "active", proSince: new Date() },
    });
    const secret = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
    await db.prisma.apiKey.create({ data: { userId: user.id, name: `bench-load ${new Date().toISOString()}`, prefix: secret.slice(0, 12), secretHash: hashApiKey(secret) } });
    return secret;
  } finally {
    await db.close();
  }
}

type Row = {
  database: string;
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  /** What the errors were: non-2xx statuses by code, timeouts (10 s), failed connections. */
  errorKinds: string;
  /**
   * p99 and max without each connection's first answer: those include opening 100 connections at
   * once on a busy server, which a browser or API client keeping its connection pays once.
   */
  steadyP99: number;
  steadyMax: number;
  /** `/healthz` asked every 50 ms on its own connection while the target was under load. */
  healthzP99: number;
  healthzMax: number;
  healthzFailures: number;
};

/**
 * The `/healthz` probe: a separate process (so the load generator's own busy event loop does not
 * add to what it measures) asking every 50 ms, one at a time, until told to stop; it then prints
 * every answer's time (ms) and the failures as one JSON line.
 */
const HEALTH_PROBE = `
const times = []; const slow = []; let failures = 0; let running = true;
process.on("SIGTERM", () => { running = false; });
// One answer first, reported as "ready": the process's own start (and fetch's first use) is not measured.
await fetch(process.argv[1]).then((r) => r.arrayBuffer(), () => undefined);
process.stdout.write("ready\\n");
const begun = performance.now();
while (running) {
  const started = performance.now();
  const ok = await fetch(process.argv[1], { signal: AbortSignal.timeout(10000) }).then((r) => r.ok, () => false);
  const took = performance.now() - started;
  times.push(took);
  if (took > 250) slow.push(Math.round(took) + " ms at " + ((started - begun) / 1000).toFixed(1) + " s");
  if (!ok) failures += 1;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.stdout.write(JSON.stringify({ times, slow, failures }));`;

type HealthProbeResult = { times: number[]; /** answers over 250 ms: "<ms> ms at <s> s" after the probe began */ slow: string[]; failures: number };

/** Starts the probe; resolves once it is measuring. */
async function probeHealth(): Promise<{ stop: () => Promise<HealthProbeResult> }> {
  const probe = spawn(process.execPath, ["--input-type=module", "-e", HEALTH_PROBE, `http://127.0.0.1:${PORT}/healthz`], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  const ready = new Promise<void>((resolve) =>
    probe.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith("ready\n")) resolve();
    }),
  );
  const exited = new Promise<void>((resolve) => probe.once("exit", () => resolve()));
  await Promise.race([ready, exited]);
  return {
    stop: async () => {
      probe.kill("SIGTERM");
      await exited;
      return JSON.parse(output.slice("ready\n".length)) as HealthProbeResult;
    },
  };
}

async function ensurePostgresDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (error) {
    log(`PostgreSQL at ${target.host} is not reachable (${(error as Error).message}): skipping it.`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function startServer(environment: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NEWS_INGEST_INTERVAL_MINUTES: "0",
      MARKET_DATA_REFRESH_MINUTES: "0",
      WEB_REQUESTS_PER_10_MINUTES: "1000000000",
      WEB_SCREEN_RUNS_PER_10_MINUTES: "1000000000",
      API_POINTS_PER_HOUR: "1000000000",
      PAST_DAYS_PER_MINUTE: "1000000000",
      ...environment,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (server.exitCode !== null) return reject(new Error(`the server exited with ${server.exitCode}`));
      const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then((response) => response.ok, () => false);
      if (ready) {
        log(`  server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return resolve(server);
      }
      setTimeout(poll, 250);
    };
    void poll();
  });
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
  });
}

/**
 * One autocannon run; `onResponseTime` gets every response's time in (fractional) milliseconds,
 * and whether it was its connection's first (which includes opening the connection).
 */
function run(target: Target, connections: number, duration: number, onResponseTime?: (ms: number, first: boolean) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${PORT}${target.path}`,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections,
        duration,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    const answered = new WeakSet<object>();
    instance.on("response", (client, _status, _bytes, responseTime) => {
      onResponseTime?.(responseTime, !answered.has(client));
      answered.add(client);
    });
  });
}

function errorKinds(result: autocannon.Result): string {
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith("2"))
    .map(([status, { count }]) => `${count}×${status}`);
  if (result.timeouts > 0) statuses.push(`${result.timeouts} timeouts`);
  if (result.errors - result.timeouts > 0) statuses.push(`${result.errors - result.timeouts} connection errors`);
  return statuses.length ? `(${statuses.join(", ")})` : "";
}

async function measure(database: string, environment: NodeJS.ProcessEnv): Promise<Row[]> {
  const proKey = await createProApiKey(environment);
  log(`\n${database}: starting the server…`);
  const server = await startServer(environment);
  const rows: Row[] = [];
  try {
    for (const target of targetsFor(proKey).filter(({ name }) => !TARGET_FILTER || TARGET_FILTER.some((part) => name.toLowerCase().includes(part)))) {
      await run(target, 4, 2); // warm caches and compiled plans
      const times: number[] = [];
      const health = await probeHealth();
      const steadyTimes: number[] = [];
      const result = await run(target, CONNECTIONS, SECONDS, (ms, first) => {
        times.push(ms);
        if (!first) steadyTimes.push(ms);
      });
      const steady = percentiles(steadyTimes);
      const healthz = await health.stop();
      const healthLatency = percentiles(healthz.times);
      if (healthz.slow.length) log(`  /healthz over 250 ms: ${healthz.slow.join(", ")}`);
      const latency = percentiles(times);
      const row = {
        database,
        target: target.name,
        requestsPerSecond: result.requests.average,
        p50: latency.p50,
        p99: latency.p99,
        max: latency.max,
        steadyP99: steady.p99,
        steadyMax: steady.max,
        requests: result.requests.total,
        // autocannon counts timeouts among its errors.
        errors: result.non2xx + result.errors,
        errorKinds: errorKinds(result),
        healthzP99: healthLatency.p99,
        healthzMax: healthLatency.max,
        healthzFailures: healthz.failures,
      };
      log(
        `  ${row.target}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms (${row.steadyP99.toFixed(1)} after each connection's first), ${row.errors} errors ${row.errorKinds}; /healthz p99 ${row.healthzP99.toFixed(1)} ms`,
      );
      rows.push(row);
    }
  } finally {
    await stopServer(server);
  }
  return rows;
}

async function main() {
  const measured = DATABASES.map((name) => (name === "postgres" ? `PostgreSQL (${new URL(POSTGRES_URL).host}${new URL(POSTGRES_URL).pathname})` : "PGlite (embedded)"));
  const environment = benchEnvironment(`${measured.join(" and ")}; the server in its own process`);
  log(`bench:load: ${CONNECTIONS} connections × ${SECONDS} s per target, server on port ${PORT}`);
  const rows: Row[] = [];
  if (DATABASES.includes("pglite")) rows.push(...(await measure("PGlite", { DATA_DIR: path.join(os.tmpdir(), "tickerscope-bench-load"), DATABASE_URL: "" })));
  if (DATABASES.includes("postgres") && (await ensurePostgresDatabase(POSTGRES_URL))) rows.push(...(await measure("PostgreSQL", { DATABASE_URL: POSTGRES_URL })));
  printReport({
    bench: "load",
    environment,
    tables: [
      {
        title: `${CONNECTIONS} connections × ${SECONDS} s per target`,
        columns: ["database", "target", "req/s", "p50 ms", "p99 ms", "max ms", "p99 ms after 1st", "max ms after 1st", "requests", "errors", "/healthz p99 ms", "/healthz max ms"],
        rows: rows.map((row) => [
          row.database,
          row.target,
          row.requestsPerSecond.toFixed(0),
          row.p50.toFixed(1),
          row.p99.toFixed(1),
          row.max.toFixed(1),
          row.steadyP99.toFixed(1),
          row.steadyMax.toFixed(1),
          row.requests,
          `${row.errors} ${row.errorKinds}`.trim(),
          row.healthzP99.toFixed(1),
          `${row.healthzMax.toFixed(1)}${row.healthzFailures ? ` (${row.healthzFailures} failed)` : ""}`,
        ]),
      },
    ],
    results: { connections: CONNECTIONS, seconds: SECONDS, rows },
  });
}

runBench(main);
