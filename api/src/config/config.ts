import path from "node:path";
import { z } from "zod";

/**
 * The environment is parsed once at boot; the rest of the code reads the typed
 * `AppConfig`, never `process.env`. Optional service groups are either fully
 * configured or absent: embedded defaults stand in for what is absent.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine(
      (value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)),
      { message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}` },
    );

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .describe("Express 'trust proxy' setting: which proxies may set X-Forwarded-For"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATA_DIR: z.string().default(".data"),
  REDIS_URL: optionalUrl(["redis", "rediss"]),
  CONTACT_EMAIL: z.string().trim().email().default("hello@tickerscope.dev"),
  CONTACT_PHONE: z.string().trim().min(3).default("+1 (555) 010-0199"),
  CONTACT_HOURS: z.string().trim().min(3).default("Mon-Fri 8:00 AM - 6:00 PM EST"),
  CONTACT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
});

export type AppConfig = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  trustProxy: string;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  redisUrl?: string;
  contact: { email: string; phone: string; hours: string; ratePerMinute: number };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: path.resolve(env.DATA_DIR, "pglite") },
    redisUrl: env.REDIS_URL,
    contact: {
      email: env.CONTACT_EMAIL,
      phone: env.CONTACT_PHONE,
      hours: env.CONTACT_HOURS,
      ratePerMinute: env.CONTACT_RATE_LIMIT_PER_MINUTE,
    },
  };
}
