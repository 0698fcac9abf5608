// `npm run bench:pro-screen [-- --runs 30 --as-of 2021-04-21]`: the Pro screen against the Basic one.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never the
//     app's own): the first start's bundled snapshots load (prices + indicators, news, earnings
//     predictions, the 13F holdings), then the AI picks pass (walk-forward fits and scores), each timed.
//  2. p50/p95 over --runs runs of an all_market screen (maxSymbols 0) as of --as-of (default the last price
//     day, 2021-04-21: an AI model fitted, earnings reports ahead, a 13F quarter filed, news in the window): the service alone (runScreen), then
//     through the HTTP app (REST shims, a Pro user's session, keep-alive client): the Basic screen with
//     default filters, and the Pro screen with EVERY advanced filter set (wide enough to keep rows).
//     Target: Pro p95 ≤ 1.5 × Basic p95. The Pro screen without advanced filters (every row with its
//     extra columns) is measured too.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, measure, ms, percentileCells, percentileColumns, printReport, runBench, timed, type Percentiles } from "../bench/harness";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { GICS_SECTORS } from "@shared/screen-rules";
import { computeAiPicks } from "../ai-picks/ai-picks-pass";
import type { Viewer } from "../auth/viewer";
import { loadConfig } from "../config/config";
import type { AppDeps } from "../context";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { loadEarningsSnapshot } from "../earnings/earnings-snapshot";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { factorsOn } from "../research/stock-factors";
import { runScreen } from "../screening/screen";
import { FACTOR_CACHE_MS } from "../screening/screen-pro";
import { flushScreenRuns } from "../screening/screen-runs";
import { createUser, issueSignInToken } from "../../test/sign-in";
import { serveForBench, type BenchServer } from "./bench-http";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "30" }, "as-of": { type: "string", default: "2021-04-21" } } });
const runs = Number(args.runs);
const asOf = args["as-of"];

/** Every advanced filter set, each wide enough that rows with the figure pass it. */
const EVERY_ADVANCED_FILTER = {
  minAiScore: 0,
  maxAiScore: 1,
  maxAiRank: 10_000,
  minBeatProbability: 0,
  maxBeatProbability: 1,
  maxDaysToReport: 365,
  minReturn1m: -1,
  maxReturn1m: 10,
  minReturn3m: -1,
  maxReturn3m: 10,
  minReturn12m: -1,
  maxReturn12m: 10,
  minVolatility: 0,
  maxVolatility: 5,
  maxSentiment: 1,
  minArticles: 0,
  minUpgrades: 0,
  maxDowngrades: 1_000,
  minNetUpgrades: -1_000,
  sectors: [...GICS_SECTORS],
  fundChange: "any",
};

const measured: [string, Percentiles][] = [];

/**
 * `runs` calls after 3 warm-ups, each run's background write finished before the next (untimed).
 * `reported`: the call answers its own time (the HTTP client's), else the time around it counts.
 */
async function screens(name: string, call: () => Promise<unknown>, reported = false) {
  const result = await measure(call, { runs, warmUp: 3, after: flushScreenRuns, reported });
  log(`  ${name}: p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms`);
  measured.push([name, result]);
  return result;
}

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-pro-screen-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: directory,
    API_POINTS_PER_HOUR: "100000000",
    WEB_REQUESTS_PER_10_MINUTES: "100000000",
    WEB_SCREEN_RUNS_PER_10_MINUTES: "100000000",
    // Each screen computed: the same request asked again is what is measured, not the shared answer.
    SCREEN_ANSWER_CACHE_MS: "0",
  });
  const logger = createLogger(config);
  const environment = benchEnvironment(describeDatabase(config.database));
  const db = await openMigratedDatabase(config.database, logger);
  let server: BenchServer | undefined;
  try {
    const deps: AppDeps = buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
    const facts: [string, string][] = [];
    const row = (name: string, value: string) => facts.push([name, value]);

    log("first start: loading the bundled snapshots...");
    const [, newsMs] = await timed(() => loadNewsSnapshot(deps, { force: true }));
    const [prices, pricesMs] = await timed(() => loadPriceSnapshot(deps, { force: true }));
    const [, earningsMs] = await timed(() => loadEarningsSnapshot(deps, { force: true }));
    const [, fundsMs] = await timed(() => loadHedgeFundSnapshot(deps, { force: true }));
    log(`  news ${newsMs.toFixed(0)} ms, prices ${prices.rows} bars in ${pricesMs.toFixed(0)} ms, earnings ${earningsMs.toFixed(0)} ms, 13F ${fundsMs.toFixed(0)} ms`);
    const [, aiMs] = await timed(() => computeAiPicks(deps));
    log(`  AI picks pass ${aiMs.toFixed(0)} ms`);
    row("load: news / prices / earnings / 13F / AI picks pass (ms)", [newsMs, pricesMs, earningsMs, fundsMs, aiMs].map((ms) => ms.toFixed(0)).join(" / "));

    const user = await createUser(db, { pro: true });
    const viewer: Viewer = { user, authMethod: "session" };
    const basicInput = { universe: "all_market", maxSymbols: 0, asOf };
    const proInput = { ...basicInput, advanced: EVERY_ADVANCED_FILTER };

    const [, factorsMs] = await timed(() => factorsOn(deps, asOf));
    log(`  factorsOn(${asOf}) cold: ${factorsMs.toFixed(0)} ms`);
    row(`factorsOn(${asOf}), cold (ms; the screen keeps it ${FACTOR_CACHE_MS / 1000} s)`, factorsMs.toFixed(0));
    const proOutcome = await runScreen(deps, viewer, proInput, "pro");
    const basicOutcome = await runScreen(deps, viewer, basicInput, "basic");
    await flushScreenRuns();
    log(`  as of ${asOf}: Basic ${basicOutcome.rows.length} rows; Pro ${proOutcome.rows.length} rows (AI picks ${proOutcome.factorSources.aiPicksDate ?? proOutcome.factorSources.aiPicksStatus})`);
    log(`  Pro warnings: ${proOutcome.warnings.map((warning) => warning.code).join(", ")}`);
    row(`rows as of ${asOf}: Basic / Pro (every advanced filter)`, `${basicOutcome.rows.length} / ${proOutcome.rows.length}`);

    log(`service (runScreen), ${runs} runs each:`);
    const serviceBasic = await screens("service Basic all_market", () => runScreen(deps, viewer, basicInput, "basic"));
    const servicePro = await screens("service Pro all_market, every advanced filter", () => runScreen(deps, viewer, proInput, "pro"));
    // Every row through (no advanced filter): the extra columns of all of them built and sent.
    const serviceProAll = await screens("service Pro all_market, no advanced filter", () => runScreen(deps, viewer, basicInput, "pro"));

    const app = buildApp(deps, { webDistDir: path.join(directory, "no-web") });
    const plain = await serveForBench(app);
    const token = await issueSignInToken(db, user);
    const signIn = await fetch(`${plain.url}/api/auth/verify-link`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
    const cookie = signIn.headers.getSetCookie().map((entry) => entry.split(";")[0]).join("; ");
    await plain.close();
    server = await serveForBench(app, { cookie });
    const { send } = server;
    log(`HTTP app (REST, a Pro user's session, keep-alive), ${runs} runs each:`);
    const restBasic = await screens("REST Basic all_market (POST /api/screening/run)", () => send("POST", "/api/screening/run", basicInput), true);
    const restPro = await screens("REST Pro all_market, every advanced filter (POST /api/screening/pro)", () => send("POST", "/api/screening/pro", proInput), true);
    const restProAll = await screens("REST Pro all_market, no advanced filter (POST /api/screening/pro)", () => send("POST", "/api/screening/pro", basicInput), true);

    // The Pro screens' p95 against the Basic one's, through the same path.
    const ratios = new Map<Percentiles, number>([
      [servicePro, servicePro.p95 / serviceBasic.p95],
      [serviceProAll, serviceProAll.p95 / serviceBasic.p95],
      [restPro, restPro.p95 / restBasic.p95],
      [restProAll, restProAll.p95 / restBasic.p95],
    ]);
    printReport({
      bench: "pro-screen",
      environment,
      tables: [
        { title: "Load and rows", columns: ["step", "value"], rows: facts, align: ["left", "right"] },
        {
          title: `Screens as of ${asOf} (${runs} runs each after 3 warm-ups; REST: a Pro user's session, keep-alive)`,
          columns: ["screen", "runs", ...percentileColumns, "p95 × Basic"],
          rows: measured.map(([name, result]) => [name, result.runs, ...percentileCells(result), ratios.has(result) ? `${ratios.get(result)!.toFixed(2)}×` : ""]),
        },
      ],
      notes: ["Target: REST Pro (every advanced filter) p95 ≤ 1.50 × REST Basic p95."],
      results: {
        asOf,
        runs,
        facts: Object.fromEntries(facts),
        screens: Object.fromEntries(measured),
        p95OverBasic: { service: ratios.get(servicePro), serviceNoAdvancedFilter: ratios.get(serviceProAll), rest: ratios.get(restPro), restNoAdvancedFilter: ratios.get(restProAll) },
      },
    });
  } finally {
    await server?.close();
    await flushScreenRuns();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
