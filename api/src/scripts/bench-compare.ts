// `npm run bench:compare [-- --runs 200]`: the Research & Compare page's query on the bundled data.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never the
//     app's own), loaded with the bundled price, news, earnings and 13F snapshots, and the AI picks
//     pass computed, as a first start would.
//  2. The comparison service alone, cold (every bar read, the universe's daily returns computed) and warm.
//  3. p50/p95 over --runs requests of the page's data query (the same selection as the web page's
//     ResearchComparePageDataQuery) for AAPL, MSFT, NVDA and AMZN, with a Pro user's API key, through
//     the HTTP app (in-process server, keep-alive client): at the app's default as-of day over 1Y and
//     3Y, and at a past day (2020-06-15, AI picks scored on request) over 1Y.
// Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, measure, ms, percentileCells, percentileColumns, printReport, runBench, timed, type Percentiles } from "../bench/harness";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { computeAiPicks } from "../ai-picks/ai-picks-pass";
import { hashApiKey } from "../api-keys/api-keys";
import { loadConfig } from "../config/config";
import { currentDataCoverage } from "../data-coverage/data-coverage";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { loadEarningsSnapshot } from "../earnings/earnings-snapshot";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { stockComparison } from "../research/compare";
import { serveForBench, type BenchServer } from "./bench-http";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const runs = Number(args.runs);

const TICKERS = ["AAPL", "MSFT", "NVDA", "AMZN"];

/** The web page's data query, fragments inlined (web/src/pages/ResearchCompare, web/src/components/Compare). */
const pageQuery = `query CompareBench($tickers: [String!]!, $range: CompareRange!, $asOf: String) {
  stocks(tickers: $tickers) {
    id ticker name
    technicals(asOf: $asOf) { asOf source close sma5 sma20 sma50 rsi14 beta60 momentum technicalScore return1m peRatio peSource }
    news(timeframe: D7, asOf: $asOf) { sentimentScore newsCount windowEnd }
    research(asOf: $asOf) {
      asOf aiPicksDate aiPicksMessage aiScore aiRank rankedOf returns3m returns12m volatility60 earningsCovered earningsSource
      nextReport { date daysTo beatProbability baseRate }
      fundPositions { cik fundName quarterEnd knownFrom shares changeKind sharesChange }
    }
  }
  stockComparison(tickers: $tickers, range: $range, asOf: $asOf) {
    asOf method startDate source
    series { ticker firstDate totalReturn points { date value } }
    universe { label totalReturn membersLastDay points { date value } }
    correlation { tickers commonDays firstDay lastDay rows { ticker values } }
  }
}`;

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-compare-"));
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
    const requests: [string, Percentiles][] = [];
    log("loading the bundled snapshots and computing the AI picks...");
    await loadNewsSnapshot(deps, { force: true });
    await loadPriceSnapshot(deps, { force: true });
    await loadEarningsSnapshot(deps, { force: true });
    await loadHedgeFundSnapshot(deps, { force: true });
    await computeAiPicks(deps);
    const coverage = await currentDataCoverage(db);
    const defaultDay = coverage.defaultAsOf ?? coverage.latestPriceDate;

    const [cold, coldMs] = await timed(() => stockComparison(deps, { tickers: TICKERS, range: "Y1", asOf: defaultDay }));
    row("stockComparison service, cold (bars read, universe computed)", coldMs, `${cold.correlation.commonDays} common days, universe ${cold.universe.membersLastDay} tickers`);
    const [, warmMs] = await timed(() => stockComparison(deps, { tickers: TICKERS, range: "Y3", asOf: defaultDay }));
    row("stockComparison service, warm (3Y)", warmMs);

    const user = await db.prisma.user.create({
      data: { email: "bench-pro@example.com", firstName: "Bench", lastName: "Pro", planType: "pro", subscriptionStatus: "active", proSince: new Date() },
    });
    const secret = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
    await db.prisma.apiKey.create({ data: { userId: user.id, name: "bench", prefix: secret.slice(0, 12), secretHash: hashApiKey(secret) } });
    server = await serveForBench(buildApp(deps, { webDistDir: path.join(directory, "no-web") }), { authorization: `Bearer ${secret}` });
    const { send } = server;
    log(`the page's query for ${TICKERS.join(", ")}, ${runs} requests each (a Pro user's API key, one at a time):`);
    for (const [name, variables] of [
      [`default day (${defaultDay}), 1Y`, { tickers: TICKERS, range: "Y1", asOf: defaultDay }],
      [`default day (${defaultDay}), 3Y`, { tickers: TICKERS, range: "Y3", asOf: defaultDay }],
      ["2020-06-15, 1Y (AI picks scored on request)", { tickers: TICKERS, range: "Y1", asOf: "2020-06-15" }],
    ] as const) {
      const result = await measure(() => send("POST", "/graphql", { query: pageQuery, variables }), { runs, warmUp: 1, reported: true });
      const label = `compare page query, ${name}`;
      log(`  ${label}: p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms`);
      requests.push([label, result]);
    }
    // Where the time goes: each part of the page's query alone, at the default day over 1Y.
    const parts: [string, string][] = [
      ["stocks { technicals }", `query ($tickers: [String!]!, $asOf: String) { stocks(tickers: $tickers) { ticker technicals(asOf: $asOf) { close rsi14 technicalScore peRatio } } }`],
      ["stocks { news(D7) }", `query ($tickers: [String!]!, $asOf: String) { stocks(tickers: $tickers) { ticker news(timeframe: D7, asOf: $asOf) { sentimentScore newsCount } } }`],
      ["stocks { research }", `query ($tickers: [String!]!, $asOf: String) { stocks(tickers: $tickers) { ticker research(asOf: $asOf) { aiScore nextReport { date } fundPositions { shares } } } }`],
      ["stockComparison", `query ($tickers: [String!]!, $asOf: String) { stockComparison(tickers: $tickers, range: Y1, asOf: $asOf) { asOf series { points { value } } universe { points { value } } correlation { commonDays } } }`],
    ];
    const partRuns = Math.max(20, Math.round(runs / 4));
    for (const [name, query] of parts) {
      const result = await measure(() => send("POST", "/graphql", { query, variables: { tickers: TICKERS, asOf: defaultDay } }), { runs: partRuns, warmUp: 1, reported: true });
      const label = `part: ${name}`;
      log(`  ${label} (${partRuns} requests): p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms`);
      requests.push([label, result]);
    }
    printReport({
      bench: "compare",
      environment,
      tables: [
        { title: "The comparison service", columns: ["step", "ms", "note"], rows: steps.map(([name, elapsed, note]) => [name, ms(elapsed, 0), note]) },
        {
          title: `The page's query for ${TICKERS.join(", ")} (a Pro user's API key, one at a time, after one warm-up; parts at the default day over 1Y)`,
          columns: ["request", "runs", ...percentileColumns],
          rows: requests.map(([name, result]) => [name, result.runs, ...percentileCells(result)]),
        },
      ],
      results: {
        defaultDay,
        steps: Object.fromEntries(steps.map(([name, elapsed]) => [name, elapsed])),
        requests: Object.fromEntries(requests),
      },
    });
  } finally {
    await server?.close();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
