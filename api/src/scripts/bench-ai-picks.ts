// `npm run bench:ai-picks [-- --runs 200]`: how fast the AI picks are computed and read, on the bundled data.
//  1. A fresh, temporary PGlite database in the system's temp folder (deleted at the end; never the
//     app's own), loaded with the bundled price and news snapshots as a first start would.
//  2. The full walk-forward pass, as the server runs it (one thread; PGlite is in-process too):
//     cold (bars read from the database, inputs computed) and each step; then the model and track
//     record alone over inputs already in memory (p50 of 3); then storing the pass.
//  3. p50/p95 over --runs requests of the web's `aiPicks(first: 5)` over GraphQL and of
//     GET /api/ai-picks, anonymous, through the HTTP app (in-process server, keep-alive client).
// Progress on stderr; the table on stdout.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
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

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const runs = Number(args.runs);
const log = (message: string) => process.stderr.write(`${message}\n`);
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];
const timed = async <T>(task: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await task();
  return [result, performance.now() - started];
};

const webQuery = `query AiPicksBench($asOf: String) { aiPicks(first: 5, asOf: $asOf) { status date totalCount edges { node { ticker rank aiScore price returns1m why newsNote } } model { fittedOn trainingSamples } } }`;

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-bench-ai-picks-"));
  log(`temporary database: ${directory}`);
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", DATA_DIR: directory, WEB_REQUESTS_PER_10_MINUTES: "100000000" });
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  const deps = buildDeps({ config, db, logger, sessionSecret: "bench-session-secret-0123456789abcdef-0123456789" });
  let server: http.Server | undefined;
  try {
    log("loading the bundled snapshots...");
    await loadNewsSnapshot(deps, { force: true });
    await loadPriceSnapshot(deps, { force: true });
    const lines: string[] = [];
    const row = (name: string, ms: number, note = "") => {
      log(`  ${name}: ${ms.toFixed(0)} ms ${note}`);
      lines.push(`${name.padEnd(64)} ${ms.toFixed(0).padStart(8)}   ${note}`);
    };

    log("the pass, cold:");
    const [bars, barsMs] = await timed(() => deps.technicals.bars());
    row("read every bar from price_data", barsMs, `${bars.byTicker.size} tickers, ${bars.tradingDays.length} trading days`);
    const [inputs, inputsMs] = await timed(() => modelInputs(deps));
    row("inputs: features of every ticker at every bar, the news index", inputsMs, `${inputs.news.articles} ticker-articles; beta against ${inputs.marketProxy}`);
    const [rebalances, walkMs] = await timed(() => walkForward(inputs));
    row("walk-forward: training days, a refit and a scoring per month", walkMs, `${rebalances.length} rebalances, ${rebalances[0].date} → ${rebalances.at(-1)!.date}`);
    const [record, recordMs] = await timed(async () => trackRecord(rebalances, inputs.features, inputs.tradingDays));
    row("track record: five strategies simulated day by day", recordMs, `${record.months} completed months`);
    row("full walk-forward over the snapshot, cold (sum of the above)", barsMs + inputsMs + walkMs + recordMs);

    const warm: number[] = [];
    for (let run = 0; run < 3; run++) warm.push((await timed(async () => trackRecord(await walkForward(inputs), inputs.features, inputs.tradingDays)))[1]);
    row("walk-forward + track record, inputs in memory (p50 of 3)", percentile(warm, 0.5));
    const [pass, passMs] = await timed(() => computeAiPicks(deps));
    row("the server's pass: compute and store (inputs in memory)", passMs, `${pass.picks} picks in ${pass.rebalances + pass.days.length} runs`);
    forgetStoredPicks();

    const app = buildApp(deps, { webDistDir: path.join(directory, "no-web") });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: "GET" | "POST", url: string, body?: unknown) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const call = http.request({ host: "127.0.0.1", port, path: url, method, agent, headers: payload ? { "content-type": "application/json" } : {} }, (response) => {
          response.resume();
          response.on("end", () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: ${response.statusCode}`))));
        });
        call.on("error", reject);
        call.end(payload);
      });
    log(`reads, ${runs} requests each (anonymous, one at a time):`);
    for (const [name, request] of [
      ["GraphQL aiPicks(first: 5), the default day", () => send("POST", "/graphql", { query: webQuery })],
      ["GraphQL aiPicks(first: 5, asOf: 2020-06-15), scored on request", () => send("POST", "/graphql", { query: webQuery, variables: { asOf: "2020-06-15" } })],
      ["GET /api/ai-picks", () => send("GET", "/api/ai-picks")],
    ] as const) {
      await request(); // the first read of a day fills its cache
      const times: number[] = [];
      for (let run = 0; run < runs; run++) times.push(await request());
      log(`  ${name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
      lines.push(`${`${name} p50 / p95`.padEnd(64)} ${percentile(times, 0.5).toFixed(1).padStart(8)} / ${percentile(times, 0.95).toFixed(1)}`);
    }
    agent.destroy();
    process.stdout.write(`\n${"step".padEnd(64)} ${"ms".padStart(8)}\n${lines.join("\n")}\n`);
  } finally {
    server?.close();
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
