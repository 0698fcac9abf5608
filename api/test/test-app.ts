import { loadConfig } from "../src/config/config";
import { buildApp } from "../src/http/app";
import { createLogger } from "../src/logging/logger";
import { createRateLimiter } from "../src/rate-limit/rate-limiter";
import type { AppDeps } from "../src/context";
import type { Database } from "../src/db/database";

/** App dependencies for tests: test config, silent logs, fresh in-memory rate limits. */
export function createTestDeps(db: Database, environment: NodeJS.ProcessEnv = {}): AppDeps {
  const config = loadConfig({ NODE_ENV: "test", ...environment });
  return {
    config,
    db,
    logger: createLogger(config),
    rateLimiters: {
      contact: createRateLimiter({ name: "contact", points: config.contact.ratePerMinute, durationSeconds: 60 }),
    },
  };
}

export function createTestApp(db: Database, environment: NodeJS.ProcessEnv = {}) {
  const deps = createTestDeps(db, environment);
  return { deps, app: buildApp(deps, { webDistDir: "/nonexistent" }) };
}
