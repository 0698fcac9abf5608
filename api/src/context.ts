import type { AppConfig } from "./config/config";
import type { Database } from "./db/database";
import type { Logger } from "./logging/logger";
import type { RateLimiter } from "./rate-limit/rate-limiter";

/** Long-lived dependencies, built once at boot (or per test). */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  logger: Logger;
  rateLimiters: { contact: RateLimiter };
};

/** What every service call gets: the app's dependencies plus who is asking. */
export type RequestContext = AppDeps & {
  clientIp: string;
  requestLogger: Logger;
};
