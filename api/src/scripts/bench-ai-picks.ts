// `npm run bench:ai-picks [-- --runs 200]`: how fast the AI picks are computed and read, on the bundled data.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never the
//     app's own), loaded with the bundled price and news snapshots as a first start would.
//  2. The full walk-forward pass, as the server runs it (one thread; PGlite is in-process too):
//     cold (bars read from the database, inputs computed) and each step; then the model and track
//     record alone over inputs already in memory (once); then storing the pass.
//  3. p50/p95 over --runs requests of the web's `aiPicks(first: 5)` over GraphQL and of
//     GET /api/ai-picks, anonymous, through the HTTP app (in-process server, keep-alive client).
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, measure, ms, percentileCells, percentileColumns, printReport, runBench, timed, type Percentiles } from "../bench/harness";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { forgetStoredPicks } from "../ai-picks/ai-picks";
import { computeAiPicks, modelInputs } from "../ai-picks/ai-picks-pass";
import { trackRecord } from "../ai-picks/track-record";
import { walkForward } from "../ai-picks/walk-forward";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { serveForBench, type BenchServer } from "./bench-http";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const runs = Number(args.runs);

const webQuery = `query AiPicksBench($asOf: String) { aiPicks(first: 5, asOf: $asOf) { status date totalCount edges { node { ticker rank aiScore price returns1m why newsNote } } model { fittedOn trainingSamples } } }`;

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-ai-picks-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: directory, WEB_REQUESTS_PER_10_MINUTES: "100000000" });
  const logger = createLogger(config);
  const environment = benchEnvironment(describeDatabase(config.database));
  const db = await openMigratedDatabase(config.database, logger);
  const deps = buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
  let server: BenchServer | undefined;
  try {
    log("loading the bundled snapshots...");
    await loadNewsSnapshot(deps, { force: true });
    await loadPriceSnapshot(deps, { force: true });
    const steps: [string, number, string][] = [];
    const row = (name: string, elapsed: number, note = "") => {
      log(`  ${name}: ${ms(elapsed, 0)} ms ${note}`);
      steps.push([name, elapsed, note]);
    };

    log("the pass, cold:");
    const [bars, barsMs] = await timed(() => deps.technicals.bars());
    row("read every bar from price_data", barsMs, `${bars.byTicker.size} tickers, ${bars.tradingDays.length} trading days`);
    const [inputs, inputsMs] = await timed(() => modelInputs(deps));
    row("inputs: features of every ticker at every bar, the news index", inputsMs, `${inputs.news.articles} ticker-articles; beta against ${inputs.marketProxy}`);
    const [rebalances, walkMs] = await timed(() => walkForward(inputs));
    row("walk-forward: training samples, five candidates refit, chosen and scored per month", walkMs, `${rebalances.length} rebalances, ${rebalances[0].date} → ${rebalances.at(-1)!.date}`);
    const [record, recordMs] = await timed(async () => trackRecord(rebalances, inputs.features, inputs.tradingDays));
    row("track record: nine strategies simulated day by day, with intervals", recordMs, `${record.months} completed months`);
    row("full walk-forward over the snapshot, cold (sum of the above)", barsMs + inputsMs + walkMs + recordMs);

    // Once: a run is about 30 s now that five candidates are refit each month.
    const [, warmMs] = await timed(async () => trackRecord(await walkForward(inputs), inputs.features, inputs.tradingDays));
    row("walk-forward + track record, inputs in memory", warmMs);
    const [pass, passMs] = await timed(() => computeAiPicks(deps));
    row("the server's pass: compute and store (inputs in memory)", passMs, `${pass.picks} picks in ${pass.rebalances + pass.days.length} runs`);
    forgetStoredPicks();

    server = await serveForBench(buildApp(deps, { webDistDir: path.join(directory, "no-web") }));
    const { send } = server;
    log(`reads, ${runs} requests each (anonymous, one at a time):`);
    const reads: [string, Percentiles][] = [];
    for (const [name, request] of [
      ["GraphQL aiPicks(first: 5), the default day", () => send("POST", "/graphql", { query: webQuery })],
      ["GraphQL aiPicks(first: 5, asOf: 2020-06-15), scored on request", () => send("POST", "/graphql", { query: webQuery, variables: { asOf: "2020-06-15" } })],
      ["GET /api/ai-picks", () => send("GET", "/api/ai-picks")],
    ] as const) {
      const result = await measure(request, { runs, warmUp: 1, reported: true });
      log(`  ${name}: p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms`);
      reads.push([name, result]);
    }
    printReport({
      bench: "ai-picks",
      environment,
      tables: [
        { title: "The pass", columns: ["step", "ms", "note"], rows: steps.map(([name, elapsed, note]) => [name, ms(elapsed, 0), note]) },
        { title: "Reads (anonymous, one at a time, after one warm-up)", columns: ["request", "runs", ...percentileColumns], rows: reads.map(([name, result]) => [name, result.runs, ...percentileCells(result)]) },
      ],
      results: {
        steps: Object.fromEntries(steps.map(([name, elapsed]) => [name, elapsed])),
        reads: Object.fromEntries(reads),
      },
    });
  } finally {
    await server?.close();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
