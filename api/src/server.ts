import Redis from "ioredis";
import { ConfigError, loadConfig, type AppConfig } from "./config/config";
import { openMigratedDatabase } from "./db/migrations";
import { buildApp } from "./http/app";
import { createLogger } from "./logging/logger";
import path from "node:path";
import { resolveSessionSecret } from "./auth/session-secret";
import { scheduleSessionPurge } from "./auth/sessions";
import { buildDeps } from "./deps";
import { scheduleMarketDataRefresh } from "./market-data/price-refresh";
import { scheduleAiPicks } from "./ai-picks/ai-picks-pass";
import { loadPriceSnapshot } from "./market-data/price-snapshot";
import { scheduleEarningsRefresh } from "./earnings/earnings-refresh";
import { loadEarningsSnapshot } from "./earnings/earnings-snapshot";
import { scheduleHedgeFundImport } from "./hedge-funds/edgar-import";
import { loadHedgeFundSnapshot } from "./hedge-funds/hedge-fund-snapshot";
import { scheduleNewsIngestion } from "./news/ingestion/schedule";
import { loadNewsSnapshot } from "./news/snapshot/news-snapshot";
import { flushScreenRuns } from "./screening/screen-runs";

function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Aborted by a signal that arrives before the server listens. */
const startup = new AbortController();

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  // Signals are handled from the start: one that arrives during the migrations or the snapshot
  // loads stops them between two writes and closes the database (an interrupted load resumes at
  // the next start). Once the server listens, `stop` becomes the graceful shutdown.
  let stop = (signal: string) => {
    logger.info({ signal }, "stopping before start-up finished");
    startup.abort();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  const db = await openMigratedDatabase(config.database, logger, startup.signal);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;

  const dataDir = config.database.kind === "pglite" ? path.dirname(config.database.dataDir) : path.resolve(".data");
  const sessionSecret = resolveSessionSecret(config, dataDir, logger);
  const deps = buildDeps({ config, db, logger, redis, sessionSecret });
  try {
    // The bundled offline news snapshot, once per database (NEWS_LOAD_SNAPSHOT=false turns it off).
    await loadNewsSnapshot(deps, { signal: startup.signal });
    // The bundled daily prices, once per database (MARKET_DATA_LOAD_SNAPSHOT=false turns it off), then
    // the indicators read into memory so the first screen does not wait for them.
    await loadPriceSnapshot(deps, { signal: startup.signal });
    // The bundled earnings history and the beat model's walk-forward predictions (EARNINGS_LOAD_SNAPSHOT=false turns it off).
    await loadEarningsSnapshot(deps, { signal: startup.signal });
    // The bundled 13F quarters (Berkshire Hathaway, 2020-06-30 → 2024-03-31), once per database.
    await loadHedgeFundSnapshot(deps, { signal: startup.signal });
    await deps.technicals.current();
    startup.signal.throwIfAborted();
  } catch (error) {
    // PGlite is shut down cleanly, so the next start opens it without recovery.
    await db.close();
    throw error;
  }

  const stopSessionPurge = scheduleSessionPurge(deps);
  // RSS/Atom ingestion every NEWS_INGEST_INTERVAL_MINUTES (0 = off), one pass at a time across instances.
  const stopNewsIngestion = scheduleNewsIngestion(deps);
  // Live daily bars every MARKET_DATA_REFRESH_MINUTES (0 or MARKET_DATA_PROVIDER=none = off), one pass at a time across instances.
  const stopPriceRefresh = scheduleMarketDataRefresh(deps);
  // AI picks: a pass now (beside the server, once the snapshot is in) and after every change of the prices.
  const stopAiPicks = scheduleAiPicks(deps);
  // New 13F filings from SEC EDGAR every HEDGE_FUND_REFRESH_HOURS, only when SEC_USER_AGENT is set.
  const stopHedgeFundImport = scheduleHedgeFundImport(deps);
  // Earnings from Yahoo every EARNINGS_REFRESH_HOURS (0, the default, or MARKET_DATA_PROVIDER=none = off), one pass at a time across instances.
  const stopEarningsRefresh = scheduleEarningsRefresh(deps);
  const server = buildApp(deps).listen(config.port, config.host, () => {
    logger.info(
      {
        url: `http://localhost:${config.port}`,
        database: db.kind,
        redis: Boolean(redis),
        billing: deps.billing.kind,
        mail: deps.mailer.kind,
        oidc: Boolean(config.oidc),
      },
      "Tickerscope is listening",
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    stopSessionPurge();
    server.close(async () => {
      // Every response has gone out: store the screen runs still queued behind them, then stop.
      await Promise.all([flushScreenRuns(), stopNewsIngestion(), stopPriceRefresh(), stopAiPicks(), stopHedgeFundImport(), stopEarningsRefresh()]);
      await deps.newsEvents.close();
      await db.close();
      await redis?.quit();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  stop = shutdown;
}

main().catch((error) => {
  // Stopped by a signal before listening: a clean stop, not a failed start.
  if (startup.signal.aborted) process.exit(0);
  console.error("Tickerscope failed to start:", error);
  process.exit(1);
});
