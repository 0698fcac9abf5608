// `npm run bench:13f [-- --runs 200]`: how long the 16 bundled 13F quarters take to import into a fresh
// database, and p50/p95 of the tracker's `hedgeFund` holdings query over GraphQL (Pro session, through
// the HTTP app on an in-process server, keep-alive client). A temporary PGlite database in the
// system's temp folder, deleted at the end. Progress on stderr; the report (tables, then one JSON line) on stdout.
import { benchEnvironment, describeDatabase, log, measure, ms, percentileCells, percentileColumns, printReport, runBench, timed } from "../bench/harness";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { buildApp } from "../http/app";
import { createLogger } from "../logging/logger";
import { issueSignInToken } from "../../test/sign-in";
import { serveForBench, type BenchServer } from "./bench-http";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const runs = Number(args.runs);

const trackerQuery = `query HedgeFundBench($cik: String!) { hedgeFund(cik: $cik) { cik name
  quarters { quarterEnd filedAt accessionNumber amendment totalValue holdingsCount top10Weight filingUrl }
  holdings(first: 50, includeSoldOut: true) { totalCount edges { node { ticker cusip issuerName shares value percentPortfolio changeKind sharesChange valueChange } } } } }`;

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-13f-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: directory, WEB_REQUESTS_PER_10_MINUTES: "100000000" });
  const logger = createLogger(config);
  const environment = benchEnvironment(describeDatabase(config.database));
  const db = await openMigratedDatabase(config.database, logger);
  const deps = buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
  let server: BenchServer | undefined;
  try {
    const [load, importMs] = await timed(() => loadHedgeFundSnapshot(deps, { force: true }));
    log(`imported ${load.quarters} quarters (${load.rows} rows) in ${importMs.toFixed(0)} ms`);

    const user = await db.prisma.user.create({ data: { email: "bench-13f@example.com", planType: "pro", subscriptionStatus: "active", proSince: new Date() } });
    // Signed in as a Pro user: the session cookie from a sign-in link, sent with every request.
    const signingIn = await serveForBench(buildApp(deps, { webDistDir: path.join(directory, "no-web") }));
    const signIn = await fetch(`${signingIn.url}/api/auth/verify-link`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: await issueSignInToken(db, user) }) });
    await signingIn.close();
    const cookie = signIn.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    server = await serveForBench(buildApp(deps, { webDistDir: path.join(directory, "no-web") }), { cookie });
    const { send } = server;
    const tracker = await measure(() => send("POST", "/graphql", { query: trackerQuery, variables: { cik: "0001067983" } }), { runs, warmUp: 1, reported: true });
    log(`  hedgeFund tracker query: p50 ${ms(tracker.p50)} ms, p95 ${ms(tracker.p95)} ms`);
    printReport({
      bench: "13f",
      environment,
      tables: [
        { columns: ["step", "ms", "note"], rows: [["import of the 16 bundled 13F quarters into a fresh database", ms(importMs, 0), `${load.quarters} quarters, ${load.rows} rows`]] },
        {
          title: `Requests (Pro session, one at a time, after one warm-up)`,
          columns: ["request", "runs", ...percentileColumns],
          rows: [["hedgeFund tracker query (16 quarters + 50 holdings)", tracker.runs, ...percentileCells(tracker)]],
        },
      ],
      notes: ["Aim: tracker query p95 ≤ 20 ms."],
      results: { importMs, quarters: load.quarters, rows: load.rows, trackerQuery: tracker },
    });
  } finally {
    await server?.close();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

runBench(main);
