// `npm run measure:as-of [-- --as-of YYYY-MM-DD]`: what a new user sees offline at the default as-of day (issue 12's closing
// benchmarks), measured on a fresh, temporary PGlite database (deleted at the end; never the app's
// own) after the first start's bundled snapshot loads:
//  - the default as-of day and why (dataCoverage.defaultAsOf),
//  - tickers with news in the 7 days to it, S&P 500 and all-market (the windows' date-only rule applied),
//  - how many of the News page's 9 tickers have articles there, per timeframe,
//  - the grade distribution (A/B/C/D) of an S&P 500 combined screen as of that day, with the
//    default news sources and with all five.
// --as-of measures another day (in the stored prices' range) the same way, for comparison.
// Progress on stderr; the results on stdout.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { endOfDay } from "@shared/as-of";
import { loadConfig } from "../config/config";
import { dataCoverage } from "../data-coverage/data-coverage";
import { openMigratedDatabase } from "../db/migrations";
import { buildDeps } from "../deps";
import { createLogger } from "../logging/logger";
import { parsePriceAsOf } from "../market-data/as-of";
import { loadPriceSnapshot } from "../market-data/price-snapshot";
import { universeTickers } from "../market-data/universes";
import { NEWS_PAGE_TICKERS } from "../news/ingestion/feeds";
import { summarizeNews, newsTimeframes } from "../news/news-summary";
import { countedInWindowSql } from "../news/news-window";
import { loadNewsSnapshot } from "../news/snapshot/news-snapshot";
import { runScreen } from "../screening/screen";
import { flushScreenRuns } from "../screening/screen-runs";

const { values: args } = parseArgs({ options: { "as-of": { type: "string" } } });
const log = (message: string) => process.stderr.write(`${message}\n`);
const dayMs = 86_400_000;

async function main() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-measure-as-of-"));
  const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "warn", DATA_DIR: directory });
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  try {
    const deps = buildDeps({ config, db, logger, sessionSecret: "measure-session-secret-0123456789abcdef-0123456789" });
    log("loading the bundled snapshots (news, then prices and indicators)...");
    await loadNewsSnapshot(deps, { force: true });
    await loadPriceSnapshot(deps, { force: true });

    const coverage = await dataCoverage(db);
    console.log(`default as-of: ${coverage.defaultAsOf ?? "none (live)"}\n  ${coverage.defaultAsOfReason}`);
    const asOf = args["as-of"] ? await parsePriceAsOf(db, args["as-of"]) : coverage.defaultAsOf;
    if (args["as-of"]) console.log(`measured as of ${asOf} (--as-of)`);
    if (!asOf) return;

    const windowEnd = endOfDay(asOf);
    const windowStart = new Date(windowEnd.getTime() - 7 * dayMs);
    const tagged = await db.prisma.$queryRaw<{ ticker: string }[]>`
      SELECT DISTINCT ticker FROM news_articles, unnest(tickers) AS ticker
      WHERE NOT is_social AND ${countedInWindowSql(windowStart, windowEnd)}`;
    const withNews = new Set(tagged.map((row) => row.ticker));
    const inUniverse = (universe: "sp500" | "all_market") =>
      universeTickers(universe, { includeEtf: universe !== "sp500" }).filter((ticker) => withNews.has(ticker)).length;
    console.log(`tickers with news in the 7 days to ${asOf}: S&P 500 ${inUniverse("sp500")}, all-market ${inUniverse("all_market")} (any ticker: ${withNews.size})`);

    for (const timeframe of newsTimeframes) {
      const counts = await Promise.all(
        NEWS_PAGE_TICKERS.map(async (ticker) => [ticker, (await summarizeNews({ db }, { ticker, timeframe, asOf })).newsCount] as const),
      );
      const withArticles = counts.filter(([, count]) => count > 0);
      console.log(`News page tickers with articles (${timeframe}): ${withArticles.length} of ${NEWS_PAGE_TICKERS.length} — ${counts.map(([ticker, count]) => `${ticker} ${count}`).join(", ")}`);
    }

    const allSources = { wsj: true, yahoo: true, reuters: true, cnbc: true, ft: true };
    for (const [label, extra] of [["default news sources", {}], ["all five news sources", { newsSources: allSources }]] as const) {
      const started = performance.now();
      const screen = await runScreen(deps, null, { universe: "sp500", maxSymbols: 0, asOf, ...extra }, "combined");
      const grades = { A: 0, B: 0, C: 0, D: 0 };
      for (const row of screen.rows) grades[row.grade] += 1;
      const rowsWithNews = screen.rows.filter((row) => row.newsCount > 0).length;
      console.log(
        `S&P 500 combined screen as of ${asOf} (${label}): ${screen.rows.length} rows, ${rowsWithNews} with news; ` +
          `grades A ${grades.A}, B ${grades.B}, C ${grades.C}, D ${grades.D} (${Math.round(performance.now() - started)} ms)`,
      );
    }
    await flushScreenRuns();
  } finally {
    await db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
