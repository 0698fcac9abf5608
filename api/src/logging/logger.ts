import pino, { type Logger } from "pino";
import type { AppConfig } from "../config/config";

export type { Logger };

export function createLogger(config: Pick<AppConfig, "logLevel" | "env">): Logger {
  return pino({
    level: config.env === "test" ? "silent" : config.logLevel,
    base: { service: "tickerscope-api" },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  });
}
