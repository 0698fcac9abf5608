import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "../config/config";
import type { Logger } from "../logging/logger";

/**
 * The secret that signs session cookies: SESSION_SECRET when configured,
 * otherwise one generated on first start and kept in the data folder, so a
 * fresh machine needs no setup and sessions survive restarts.
 */
export function resolveSessionSecret(config: AppConfig, dataDir: string, logger: Logger): string {
  if (config.session.secret) return config.session.secret;
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  if (config.database.kind === "postgres") {
    logger.warn("SESSION_SECRET is not set: using a secret kept on this machine; set it when running several instances");
  }
  const secret = crypto.randomBytes(48).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
