// `npm run bench:auth`: what session + authentication + query-cost analysis add
// to a trivial GraphQL query. Starts the app in-process on a loopback port with
// a fresh embedded database, then measures `{ __typename }` with autocannon:
// anonymous, with a session cookie, with an API key, and against a bare Yoga
// serving the same schema with none of our auth or cost plugins (the baseline).
// Per scenario: 1 s warm-up, 3 s at one connection (latency: exact percentiles
// from every response time, not autocannon's whole-millisecond histogram),
// 2 s at ten connections (throughput). Prints a table, then the time of cost
// analysis alone (no HTTP) to tell it apart from session and key look-ups.
// Progress on stderr; the report (table, then one JSON line) on stdout.
import { benchEnvironment, log, ms, percentile, printReport, runBench, type BenchEnvironment } from "../bench/harness";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { parse } from "graphql";
import { createYoga } from "graphql-yoga";
import { createQueryBudget } from "../api-usage/query-budget";
import { operationCost } from "../api-usage/query-cost";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { schema } from "../graphql/schema";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";

const TRIVIAL_QUERY = JSON.stringify({ query: "{ __typename }" });
const SECONDS = { warmUp: 1, latency: 3, throughput: 2 };

type Scenario = { name: string; url: string; headers: Record<string, string> };
type Measurement = { p50: number; p97_5: number; p99: number; requestsPerSecond: number; errors: number };

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** One autocannon run; `onResponseTime` gets every response's time in (fractional) milliseconds. */
function cannon(scenario: Scenario, connections: number, duration: number, onResponseTime?: (ms: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const options = {
      url: `${scenario.url}/graphql`,
      method: "POST" as const,
      headers: { "content-type": "application/json", ...scenario.headers },
      body: TRIVIAL_QUERY,
      connections,
      duration,
    };
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponseTime) instance.on("response", (_client, _status, _bytes, responseTime) => onResponseTime(responseTime));
  });
}

async function measure(scenario: Scenario): Promise<Measurement> {
  await cannon(scenario, 1, SECONDS.warmUp);
  const times: number[] = [];
  const latencyRun = await cannon(scenario, 1, SECONDS.latency, (ms) => times.push(ms));
  const throughputRun = await cannon(scenario, 10, SECONDS.throughput);
  return {
    p50: percentile(times, 0.5),
    p97_5: percentile(times, 0.975),
    p99: percentile(times, 0.99),
    requestsPerSecond: throughputRun.requests.average,
    errors: latencyRun.non2xx + latencyRun.errors + throughputRun.non2xx + throughputRun.errors,
  };
}

/** Cost analysis alone, without HTTP: pricing `{ __typename }` and spending it from an in-memory budget. */
async function costAnalysisMicroseconds(): Promise<number> {
  const budget = createQueryBudget({
    api: { pointsPerHour: 1e9, maxQueryCost: 1e9, maxQueryDepth: 50 },
    web: { requestsPer10Minutes: 1e9, screenRunsPer10Minutes: 1e9 },
  });
  const document = parse("{ __typename }");
  const owner = { kind: "ip" as const, id: "127.0.0.1" };
  const rounds = 20_000;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const measured = operationCost({ schema, document, context: {} });
    await budget.spend(owner, Math.max(1, measured?.cost ?? 1));
  }
  return ((performance.now() - started) / rounds) * 1000;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-auth-"));
  const environment = benchEnvironment("PGlite (embedded, temporary folder)");
  log("Migrating a fresh embedded database…");
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    // Budgets large enough that no scenario is rate limited (each query still spends its point).
    API_POINTS_PER_HOUR: "1000000000",
    WEB_REQUESTS_PER_10_MINUTES: "1000000000",
    ...(process.env.AUTH_CACHE_MS ? { AUTH_CACHE_MS: process.env.AUTH_CACHE_MS } : {}),
  });
  const db = await openMigratedDatabase({ kind: "pglite", dataDir: path.join(scratch, "pglite") });
  const logger = createLogger(config);
  const deps = buildDeps({ config, db, logger, sessionSecret: config.session.secret! });

  const app = await listen(buildApp(deps, { webDistDir: path.join(scratch, "no-web-build") }));
  // The baseline: Yoga alone with the same schema and context values, no Express, session, auth or cost plugin.
  const bare = await listen(
    createYoga({
      schema,
      logging: false,
      graphiql: false,
      context: () => ({ ...deps, clientIp: "127.0.0.1", requestLogger: logger, viewer: null }),
    }),
  );

  try {
    // A Pro user signed in the way the web app signs in (an email link), and a key created with that session.
    const user = await db.prisma.user.create({
      data: { email: "bench@example.com", planType: "pro", subscriptionStatus: "active", proSince: new Date() },
    });
    const token = crypto.randomBytes(32).toString("base64url");
    await db.prisma.signInToken.create({
      data: { userId: user.id, tokenHash: crypto.createHash("sha256").update(token).digest("hex"), expiresAt: new Date(Date.now() + 60_000) },
    });
    const signIn = await postJson(`${app.url}/api/auth/verify-link`, { token });
    const cookie = signIn.headers.getSetCookie()[0].split(";")[0];
    const created = await postJson(
      `${app.url}/graphql`,
      { query: 'mutation { createApiKey(input: { name: "bench" }) { secret } }' },
      { cookie },
    );
    const { secret } = ((await created.json()) as { data: { createApiKey: { secret: string } } }).data.createApiKey;

    const scenarios: Scenario[] = [
      { name: "bare Yoga (baseline)", url: bare.url, headers: {} },
      { name: "app, anonymous", url: app.url, headers: {} },
      { name: "app, session cookie", url: app.url, headers: { cookie } },
      { name: "app, API key", url: app.url, headers: { authorization: `Bearer ${secret}` } },
    ];
    const results: (Scenario & Measurement)[] = [];
    for (const scenario of scenarios) {
      log(`Measuring ${scenario.name}…`);
      results.push({ ...scenario, ...(await measure(scenario)) });
    }
    const costMicroseconds = await costAnalysisMicroseconds();
    report(environment, results, config.session.authCacheMs, costMicroseconds);
  } finally {
    await close(app.server);
    await close(bare.server);
    await db.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function report(environment: BenchEnvironment, results: (Scenario & Measurement)[], authCacheMs: number, costMicroseconds: number) {
  const baseline = results[0].p50;
  printReport({
    bench: "auth",
    environment,
    tables: [
      {
        columns: ["{ __typename }", "p50 ms", "p97.5 ms", "p99 ms", "req/s (10 conn.)", "p50 added ms", "non-2xx"],
        rows: results.map((r) => [
          r.name,
          ms(r.p50, 2),
          ms(r.p97_5, 2),
          ms(r.p99, 2),
          String(Math.round(r.requestsPerSecond)),
          r === results[0] ? "–" : `+${ms(r.p50 - baseline, 2)}`,
          String(r.errors),
        ]),
        align: ["left", "right", "right", "right", "right", "right", "right"],
      },
    ],
    notes: [
      "Latency at one connection (loopback, client in the same process). 'p50 added' is against the bare Yoga baseline:",
      "Express, helmet, request logging (silenced), session/API-key authentication and query-cost analysis together.",
      `Auth cache (AUTH_CACHE_MS): ${authCacheMs} ms; run with AUTH_CACHE_MS=0 for every look-up from the database.`,
      `Cost analysis alone (price + spend, in-memory budget): ${costMicroseconds.toFixed(1)} µs per operation.`,
    ],
    results: {
      scenarios: results.map(({ name, p50, p97_5, p99, requestsPerSecond, errors }) => ({ name, p50, p97_5, p99, requestsPerSecond, errors })),
      authCacheMs,
      costAnalysisMicroseconds: costMicroseconds,
    },
  });
}

runBench(main);
