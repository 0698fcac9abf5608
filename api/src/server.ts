import Redis from "ioredis";
import { ConfigError, loadConfig, type AppConfig } from "./config/config";
import { openMigratedDatabase } from "./db/migrations";
import { buildApp } from "./http/app";
import { createLogger } from "./logging/logger";
import { createRateLimiter } from "./rate-limit/rate-limiter";
import type { AppDeps } from "./context";

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

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const db = await openMigratedDatabase(config.database, logger);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;

  const deps: AppDeps = {
    config,
    db,
    logger,
    rateLimiters: {
      contact: createRateLimiter(
        { name: "contact", points: config.contact.ratePerMinute, durationSeconds: 60 },
        redis,
      ),
    },
  };

  const server = buildApp(deps).listen(config.port, config.host, () => {
    logger.info(
      { url: `http://localhost:${config.port}`, database: db.kind, redis: Boolean(redis) },
      "Tickerscope is listening",
    );
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close(async () => {
      await db.close();
      await redis?.quit();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error) => {
  console.error("Tickerscope failed to start:", error);
  process.exit(1);
});
