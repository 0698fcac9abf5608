import type { AppConfig } from "../config/config";
import type { Database } from "../db/database";
import type { Logger } from "../logging/logger";

/**
 * One small billing interface with two implementations: Stripe (keys
 * configured) and the built-in demo provider (a fresh machine). Owned by the
 * billing domain; see billing/README in the architecture section.
 */
export interface BillingProvider {
  kind: "stripe" | "demo";
}

export function createBillingProvider(_config: AppConfig, _db: Database, _logger: Logger): BillingProvider {
  return { kind: "demo" };
}
