import { loadConfig } from "../src/config/config";
import { buildDeps } from "../src/deps";
import { buildApp } from "../src/http/app";
import { createLogger } from "../src/logging/logger";
import type { AppDeps } from "../src/context";
import type { Database } from "../src/db/database";

export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdef-0123456789";

/** App dependencies for tests: test config, silent logs, fresh in-memory rate limits, the outbox mailer. */
export function createTestDeps(db: Database, environment: NodeJS.ProcessEnv = {}): AppDeps {
  // No auth or news summary cache unless a test asks for one: tests change the database directly.
  // Tests stand for clients behind a proxy on this machine, so X-Forwarded-For names them.
  const config = loadConfig({ NODE_ENV: "test", AUTH_CACHE_MS: "0", NEWS_SUMMARY_CACHE_MS: "0", SCREEN_ANSWER_CACHE_MS: "0", TRUST_PROXY: "loopback", ...environment });
  return buildDeps({ config, db, logger: createLogger(config), sessionSecret: TEST_SESSION_SECRET });
}

export function createTestApp(db: Database, environment: NodeJS.ProcessEnv = {}) {
  const deps = createTestDeps(db, environment);
  return { deps, app: buildApp(deps, { webDistDir: "/nonexistent" }) };
}
