// `npm run bench:earnings [-- --runs 200]`: the earnings predictions on the bundled data.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never the
//     app's own); the earnings snapshot load timed (CSV read, bundled prices, walk-forward
//     predictions and evaluation, rows stored), as a first start runs it.
//  2. The evaluation alone (what `npm run eval:earnings` computes), prices in memory.
//  3. p50/p95 over --runs requests of GET /api/earnings/AAPL and of the page's GraphQL query, with a
//     Pro user's API key, through the HTTP app (in-process server, keep-alive client).
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, measure, ms, percentileCells, percentileColumns, printReport, runBench, timed, type Percentiles } from "../bench/harness";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { hashApiKey } from "../api-keys/api-keys";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { walkForward } from "../earnings/beat-model";
import { bundledCloses } from "../earnings/bundled-closes";
import { earningsSkill, stockEarnings } from "../earnings/earnings";
import { readEarningsDirectory } from "../earnings/earnings-files";
import { loadEarningsSnapshot, sectorOf } from "../earnings/earnings-snapshot";
import { evaluatePredictions } from "../earnings/evaluation";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { serveForBench, type BenchServer } from "./bench-http";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const runs = Number(args.runs);

const pageQuery = `query EarningsBench($ticker: String!) { stock(ticker: $ticker) { ticker earnings {
  next { date time beatProbability baseRate consensusEps momentum volatility surpriseTrend surpriseVolatility }
  history { date time beatProbability baseRate consensusEps actualEps surprise beat }
  skill { reports baseRate brierModel brierBaseRate brierSkillScore ece auc firstReport lastReport method }
  source { name snapshotTakenIn } } } }`;

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-earnings-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: directory, WEB_REQUESTS_PER_10_MINUTES: "100000000", API_POINTS_PER_HOUR: "100000000" });
  const logger = createLogger(config);
  const environment = benchEnvironment(describeDatabase(config.database));
  const db = await openMigratedDatabase(config.database, logger);
  const deps = buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
  let server: BenchServer | undefined;
  try {
    const steps: [string, number, string][] = [];
    const row = (name: string, elapsed: number, note = "") => {
      log(`  ${name}: ${ms(elapsed, 0)} ms ${note}`);
      steps.push([name, elapsed, note]);
    };
    const [loaded, loadMs] = await timed(() => loadEarningsSnapshot(deps, { force: true }));
    row("earnings snapshot load (first start)", loadMs, `${loaded.rows} rows, ${loaded.tickers} tickers`);
    const reports = readEarningsDirectory();
    const [prices, pricesMs] = await timed(() => bundledCloses(reports.keys()));
    row("read the bundled prices for momentum", pricesMs);
    const [summary, evalMs] = await timed(async () => evaluatePredictions(walkForward(reports, reports, { sectorOf, prices })));
    row("walk-forward predictions and evaluation, prices in memory", evalMs, `n ${summary.reports}, BSS ${summary.brierSkillScore.toFixed(4)}, ECE ${summary.ece.toFixed(4)}`);

    const reads: [string, Percentiles][] = [];
    reads.push(["service reads (AAPL rows + skill; in memory after the first)", await measure(() => Promise.all([stockEarnings(db, "AAPL"), earningsSkill(db)]), { runs })]);

    const user = await db.prisma.user.create({
      data: { email: "bench-pro@example.com", firstName: "Bench", lastName: "Pro", planType: "pro", subscriptionStatus: "active", proSince: new Date() },
    });
    const secret = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
    await db.prisma.apiKey.create({ data: { userId: user.id, name: "bench", prefix: secret.slice(0, 12), secretHash: hashApiKey(secret) } });

    server = await serveForBench(buildApp(deps, { webDistDir: path.join(directory, "no-web") }), { authorization: `Bearer ${secret}` });
    const { send } = server;
    log(`reads, ${runs} requests each (a Pro user's API key, one at a time):`);
    for (const [name, request] of [
      ["GET /api/earnings/AAPL", () => send("GET", "/api/earnings/AAPL")],
      ["GraphQL stock(AAPL) { earnings { next history skill source } }", () => send("POST", "/graphql", { query: pageQuery, variables: { ticker: "AAPL" } })],
    ] as const) {
      const result = await measure(request, { runs, warmUp: 1, reported: true });
      log(`  ${name}: p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms`);
      reads.push([name, result]);
    }
    printReport({
      bench: "earnings",
      environment,
      tables: [
        { title: "Load and evaluation", columns: ["step", "ms", "note"], rows: steps.map(([name, elapsed, note]) => [name, ms(elapsed, 0), note]) },
        {
          title: "Reads (requests: a Pro user's API key, one at a time, after one warm-up)",
          columns: ["read", "runs", ...percentileColumns],
          rows: reads.map(([name, result]) => [name, result.runs, ...percentileCells(result)]),
        },
      ],
      results: { steps: Object.fromEntries(steps.map(([name, elapsed]) => [name, elapsed])), reads: Object.fromEntries(reads) },
    });
  } finally {
    await server?.close();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
