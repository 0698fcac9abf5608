// `npm run bench:load`: the app as `npm start` runs it (a separate server process, the built web
// app), under BENCH_CONNECTIONS (100) concurrent connections for BENCH_SECONDS (30) per target:
// the home page, news sentiment for AAPL, a manual screen and a small GraphQL query; on the
// embedded database (PGlite) and on PostgreSQL (BENCH_DATABASE_URL, default the local server's
// `tickerscope_bench` database, created when missing). Per target: req/s, p50/p99 latency and
// errors (non-2xx or failed). Allowances are raised so limits do not shape the numbers; each
// database is loaded once and kept between runs (the first run pays the snapshot load).
// Latency percentiles are exact, from every response's time (autocannon's own are whole-millisecond
// histogram buckets). Progress on stderr; the report (table, then one JSON line) on stdout.
import { benchEnvironment, log, percentiles, printReport, runBench } from "../bench/harness";
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { projectRoot } from "../config/project-root";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3455);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/tickerscope_bench";
/** BENCH_DATABASES=pglite or postgres to measure one only. */
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");

type Target = { name: string; method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

const TARGETS: Target[] = [
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
];

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
};

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

/** One autocannon run; `onResponseTime` gets every response's time in (fractional) milliseconds. */
function run(target: Target, connections: number, duration: number, onResponseTime?: (ms: number) => void): Promise<autocannon.Result> {
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
    if (onResponseTime) instance.on("response", (_client, _status, _bytes, responseTime) => onResponseTime(responseTime));
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
  log(`\n${database}: starting the server…`);
  const server = await startServer(environment);
  const rows: Row[] = [];
  try {
    for (const target of TARGETS) {
      await run(target, 4, 2); // warm caches and compiled plans
      const times: number[] = [];
      const result = await run(target, CONNECTIONS, SECONDS, (ms) => times.push(ms));
      const latency = percentiles(times);
      const row = {
        database,
        target: target.name,
        requestsPerSecond: result.requests.average,
        p50: latency.p50,
        p99: latency.p99,
        max: latency.max,
        requests: result.requests.total,
        // autocannon counts timeouts among its errors.
        errors: result.non2xx + result.errors,
        errorKinds: errorKinds(result),
      };
      log(`  ${row.target}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.errors} errors ${row.errorKinds}`);
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
        columns: ["database", "target", "req/s", "p50 ms", "p99 ms", "max ms", "requests", "errors"],
        rows: rows.map((row) => [row.database, row.target, row.requestsPerSecond.toFixed(0), row.p50.toFixed(1), row.p99.toFixed(1), row.max.toFixed(1), row.requests, `${row.errors} ${row.errorKinds}`.trim()]),
      },
    ],
    results: { connections: CONNECTIONS, seconds: SECONDS, rows },
  });
}

runBench(main);
