import path from "node:path";
import { z } from "zod";
import { projectRoot } from "./project-root";

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

const emptyAsUndefined = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** A comma-separated list of origins (scheme://host[:port]), each checked; empty means none. */
const originList = z
  .string()
  .optional()
  .transform((value, context) => {
    const origins = (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
    for (const origin of origins) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !["http:", "https:"].includes(parsed.protocol) || parsed.origin !== origin) {
        context.addIssue({ code: "custom", message: `"${origin}" is not an origin like https://app.example.com` });
      }
    }
    return origins;
  });

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  STARTUP_HOLD_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  CORS_ALLOWED_ORIGINS: originList,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // No proxy is trusted unless configured: otherwise any client could name its own address in
  // X-Forwarded-For and step around every per-IP limit.
  TRUST_PROXY: z
    .string()
    .default("false")
    .describe("Express 'trust proxy' setting: which proxies may set X-Forwarded-For (false = none)"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATA_DIR: z.string().default(".data"),
  WEB_DIST_DIR: emptyAsUndefined,
  REDIS_URL: optionalUrl(["redis", "rediss"]),
  CONTACT_EMAIL: z.string().trim().email().default("hello@tickerscope.dev"),
  CONTACT_PHONE: z.string().trim().min(3).default("+1 (555) 010-0199"),
  CONTACT_HOURS: z.string().trim().min(3).default("Mon-Fri 8:00 AM - 6:00 PM EST"),
  CONTACT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),

  SESSION_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional().or(z.literal("").transform(() => undefined)),
  ADMIN_TOKEN: z.string().trim().min(32, "must be at least 32 characters").optional().or(z.literal("").transform(() => undefined)),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SIGN_IN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(20),
  SIGN_IN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),

  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  MAIL_FROM: z.string().trim().min(3).default("Tickerscope <no-reply@tickerscope.dev>"),

  OIDC_ISSUER: optionalUrl(["http", "https"]),
  OIDC_CLIENT_ID: emptyAsUndefined,
  OIDC_CLIENT_SECRET: emptyAsUndefined,
  OIDC_SCOPE: z.string().trim().default("openid email profile"),

  STRIPE_SECRET_KEY: emptyAsUndefined.refine((v) => v === undefined || /^(sk|rk)_(test|live)_/.test(v), {
    message: "must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_ key)",
  }),
  STRIPE_WEBHOOK_SECRET: emptyAsUndefined.refine((v) => v === undefined || v.startsWith("whsec_"), {
    message: "must be a webhook signing secret (whsec_…)",
  }),
  STRIPE_PRICE_ID: emptyAsUndefined,
  STRIPE_PUBLISHABLE_KEY: emptyAsUndefined,
  STRIPE_API_URL: optionalUrl(["http", "https"]),

  API_POINTS_PER_HOUR: z.coerce.number().int().min(1).default(5000),
  API_MAX_QUERY_COST: z.coerce.number().int().min(1).default(10_000),
  API_MAX_QUERY_DEPTH: z.coerce.number().int().min(2).max(50).default(12),
  WEB_REQUESTS_PER_10_MINUTES: z.coerce.number().int().min(1).default(3000),
  WEB_SCREEN_RUNS_PER_10_MINUTES: z.coerce.number().int().min(1).default(300),
  SCREEN_ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  SUBSCRIPTIONS_PER_REQUESTER: z.coerce.number().int().min(1).max(1000).default(10),
  PAST_DAYS_PER_OPERATION: z.coerce.number().int().min(1).default(5),
  PAST_DAYS_PER_MINUTE: z.coerce.number().int().min(1).default(30),

  NEWS_INGEST_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  NEWS_SUMMARY_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  NEWS_FEED_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(10),
  NEWS_FEED_MAX_BYTES: z.coerce.number().int().min(10_000).max(100_000_000).default(5_000_000),
  NEWS_FEEDS_FILE: emptyAsUndefined,
  NEWS_LOAD_SNAPSHOT: z.enum(["true", "false"]).default("true"),
  // Market Videos: YouTube channel feeds, "Name=UC…" or "UC…" separated by commas (validated in news/videos/video-feeds.ts).
  MARKET_VIDEO_CHANNELS: emptyAsUndefined,

  MARKET_DATA_LOAD_SNAPSHOT: z.enum(["true", "false"]).default("true"),
  MARKET_DATA_SNAPSHOT_DIR: emptyAsUndefined,
  MARKET_DATA_PROVIDER: z.enum(["yahoo", "alphavantage", "none"]).default("yahoo"),
  MARKET_DATA_API_KEY: emptyAsUndefined,
  MARKET_DATA_BASE_URL: optionalUrl(["http", "https"]),
  MARKET_DATA_REFRESH_MINUTES: z.coerce.number().min(0).max(10_080).default(360),
  MARKET_DATA_REFRESH_UNIVERSE: z.enum(["sp500", "broad", "all_market"]).default("sp500"),
  MARKET_DATA_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(60),
  MARKET_DATA_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(15),

  EARNINGS_LOAD_SNAPSHOT: z.enum(["true", "false"]).default("true"),
  EARNINGS_REFRESH_HOURS: z.coerce.number().min(0).max(24 * 30).default(0),

  HEDGE_FUND_LOAD_SNAPSHOT: z.enum(["true", "false"]).default("true"),
  HEDGE_FUND_CIKS: z
    .string()
    .default("0001067983")
    .transform((value) => value.split(",").map((cik) => cik.trim()).filter(Boolean))
    .refine((ciks) => ciks.every((cik) => /^\d{1,10}$/.test(cik)), { message: "must be a comma-separated list of SEC CIKs (digits)" })
    .transform((ciks) => ciks.map((cik) => cik.padStart(10, "0"))),
  SEC_USER_AGENT: emptyAsUndefined,
  HEDGE_FUND_REFRESH_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  SEC_REQUESTS_PER_SECOND: z.coerce.number().min(0.1).max(10).default(10),
  SEC_EDGAR_DATA_URL: optionalUrl(["http", "https"]),
  SEC_EDGAR_ARCHIVES_URL: optionalUrl(["http", "https"]),

  ALERT_WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  ALERT_DELIVERY_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  ALERT_DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
});

export type AppConfig = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  /** How long a data request arriving before the full app serves waits for it (then DATA_LOADING). */
  startupHoldMs: number;
  publicUrl: string;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  trustProxy: string;
  /** Other sites' pages that may call /graphql with the visitor's cookies (CORS); none by default. */
  corsAllowedOrigins: string[];
  /** The built web app the server serves (index.html and assets/). */
  webDistDir: string;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };
  redisUrl?: string;
  contact: { email: string; phone: string; hours: string; ratePerMinute: number };
  /** authCacheMs: how long a session, API key or user read is reused in memory (0 = off). */
  session: { secret?: string; maxAgeDays: number; authCacheMs: number };
  /** The bearer token of the admin routes (/api/admin/...); unset, an embedded server makes one per start (see db/data-dir-lock.ts). */
  adminToken?: string;
  signInRateLimit: { perIpPer15Minutes: number; perEmailPer15Minutes: number };
  /** SMTP delivery when set; otherwise mail goes to the development outbox. */
  mail: { smtpUrl?: string; from: string };
  oidc?: { issuer: string; clientId: string; clientSecret?: string; scope: string };
  /** Stripe when keys are set; otherwise the built-in demo billing provider. */
  stripe?: { secretKey: string; webhookSecret: string; priceId?: string; publishableKey?: string; apiUrl?: string };
  api: { pointsPerHour: number; maxQueryCost: number; maxQueryDepth: number };
  /** The web app's own traffic (cookie sessions per user, anonymous visitors per IP): request rates, not points. */
  web: { requestsPer10Minutes: number; screenRunsPer10Minutes: number };
  /** How long an identical screen's answer is shared between requests (0 = never); new articles and new prices clear it. */
  screening: { answerCacheMs: number };
  /** Live GraphQL subscriptions open at once per API key, signed-in user or anonymous IP, on each instance. */
  subscriptionsPerRequester: number;
  /** Past days not in memory one GraphQL operation, and one requester per minute, may ask for (../past-days/). */
  pastDays: { perOperation: number; perMinute: number };
  news: {
    /** 0 turns scheduled ingestion off. */
    ingestIntervalMinutes: number;
    /** How long a ticker's news summary is shared between requests (0 = never); new articles clear it. */
    summaryCacheMs: number;
    feedTimeoutMs: number;
    feedMaxBytes: number;
    /** A JSON file listing feeds, replacing the default list. */
    feedsFile?: string;
    /** Load the bundled offline news snapshot into an empty article store at start. */
    loadSnapshot: boolean;
    /** Market Videos' YouTube channels as configured (MARKET_VIDEO_CHANNELS); unset = the defaults. */
    videoChannels?: string;
  };
  marketData: {
    /** Load the bundled daily price snapshot into price_data once per database. */
    loadSnapshot: boolean;
    /** Another folder of the snapshot's files (bench:startup's generated 3× set); the bundled data/prices when unset. */
    snapshotDirectory?: string;
    /** Where live daily bars come from; "none" keeps the bundled snapshot only. */
    provider: "yahoo" | "alphavantage" | "none";
    /** Required by Alpha Vantage. */
    apiKey?: string;
    /** Another API base URL (tests point providers at a local server). */
    baseUrl?: string;
    /** Minutes between refresh passes; 0 turns the schedule off. */
    refreshMinutes: number;
    /** The tickers each pass refreshes (SPY, the beta proxy, always comes too). */
    refreshUniverse: "sp500" | "broad" | "all_market";
    requestsPerMinute: number;
    requestTimeoutMs: number;
  };
  earnings: {
    /** Load the bundled earnings reports and the model's walk-forward predictions once per database. */
    loadSnapshot: boolean;
    /** Hours between live refreshes from Yahoo's earnings endpoints (through the marketData provider settings); 0 turns it off. */
    refreshHours: number;
  };
  hedgeFunds: {
    /** Load the bundled 13F snapshot (data/sec13f) once per database. */
    loadSnapshot: boolean;
    /** 10-digit CIKs whose new 13F filings the live import fetches from EDGAR. */
    ciks: string[];
    /** The User-Agent SEC requires ("Company admin@example.com"); without it the live import is off. */
    secUserAgent?: string;
    /** Hours between live imports; 0 turns the schedule off. */
    refreshHours: number;
    requestsPerSecond: number;
    /** EDGAR hosts (tests point them at a local server). */
    edgarDataUrl: string;
    edgarArchivesUrl: string;
  };
  /** Delivery of alert firings by email and signed webhook (alerts/delivery/). */
  alerts: {
    /** Webhooks may use http and private or loopback addresses (tests, receivers on this network); never in production. */
    webhookAllowPrivate: boolean;
    /** Seconds between the dispatcher's passes over due deliveries; 0 turns the dispatcher off. */
    deliveryPollSeconds: number;
    /** The UTC hour (0–23) at which digest emails go out. */
    digestHourUtc: number;
  };
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
  const problems = [
    ...groupProblems("OIDC", { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID }),
    ...groupProblems("Stripe", { STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET }),
    ...(env.MARKET_DATA_PROVIDER === "alphavantage" && !env.MARKET_DATA_API_KEY
      ? ["MARKET_DATA_API_KEY: required when MARKET_DATA_PROVIDER is alphavantage"]
      : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    startupHoldMs: env.STARTUP_HOLD_SECONDS * 1000,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    corsAllowedOrigins: env.CORS_ALLOWED_ORIGINS,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : path.join(projectRoot, "web", "dist"),
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
    session: { secret: env.SESSION_SECRET, maxAgeDays: env.SESSION_MAX_AGE_DAYS, authCacheMs: env.AUTH_CACHE_MS },
    adminToken: env.ADMIN_TOKEN,
    signInRateLimit: {
      perIpPer15Minutes: env.SIGN_IN_RATE_LIMIT_PER_IP,
      perEmailPer15Minutes: env.SIGN_IN_RATE_LIMIT_PER_EMAIL,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, scope: env.OIDC_SCOPE }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceId: env.STRIPE_PRICE_ID,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    api: {
      pointsPerHour: env.API_POINTS_PER_HOUR,
      maxQueryCost: env.API_MAX_QUERY_COST,
      maxQueryDepth: env.API_MAX_QUERY_DEPTH,
    },
    web: {
      requestsPer10Minutes: env.WEB_REQUESTS_PER_10_MINUTES,
      screenRunsPer10Minutes: env.WEB_SCREEN_RUNS_PER_10_MINUTES,
    },
    screening: { answerCacheMs: env.SCREEN_ANSWER_CACHE_MS },
    subscriptionsPerRequester: env.SUBSCRIPTIONS_PER_REQUESTER,
    pastDays: { perOperation: env.PAST_DAYS_PER_OPERATION, perMinute: env.PAST_DAYS_PER_MINUTE },
    news: {
      ingestIntervalMinutes: env.NEWS_INGEST_INTERVAL_MINUTES,
      summaryCacheMs: env.NEWS_SUMMARY_CACHE_MS,
      feedTimeoutMs: env.NEWS_FEED_TIMEOUT_SECONDS * 1000,
      feedMaxBytes: env.NEWS_FEED_MAX_BYTES,
      feedsFile: env.NEWS_FEEDS_FILE,
      loadSnapshot: env.NEWS_LOAD_SNAPSHOT === "true",
      videoChannels: env.MARKET_VIDEO_CHANNELS,
    },
    marketData: {
      loadSnapshot: env.MARKET_DATA_LOAD_SNAPSHOT === "true",
      snapshotDirectory: env.MARKET_DATA_SNAPSHOT_DIR ? path.resolve(env.MARKET_DATA_SNAPSHOT_DIR) : undefined,
      provider: env.MARKET_DATA_PROVIDER,
      apiKey: env.MARKET_DATA_API_KEY,
      baseUrl: env.MARKET_DATA_BASE_URL,
      refreshMinutes: env.MARKET_DATA_REFRESH_MINUTES,
      refreshUniverse: env.MARKET_DATA_REFRESH_UNIVERSE,
      requestsPerMinute: env.MARKET_DATA_REQUESTS_PER_MINUTE,
      requestTimeoutMs: env.MARKET_DATA_TIMEOUT_SECONDS * 1000,
    },
    earnings: { loadSnapshot: env.EARNINGS_LOAD_SNAPSHOT === "true", refreshHours: env.EARNINGS_REFRESH_HOURS },
    hedgeFunds: {
      loadSnapshot: env.HEDGE_FUND_LOAD_SNAPSHOT === "true",
      ciks: env.HEDGE_FUND_CIKS,
      secUserAgent: env.SEC_USER_AGENT,
      refreshHours: env.HEDGE_FUND_REFRESH_HOURS,
      requestsPerSecond: env.SEC_REQUESTS_PER_SECOND,
      edgarDataUrl: env.SEC_EDGAR_DATA_URL ?? "https://data.sec.gov",
      edgarArchivesUrl: env.SEC_EDGAR_ARCHIVES_URL ?? "https://www.sec.gov",
    },
    alerts: {
      webhookAllowPrivate: env.ALERT_WEBHOOK_ALLOW_PRIVATE === "true",
      deliveryPollSeconds: env.ALERT_DELIVERY_POLL_SECONDS,
      digestHourUtc: env.ALERT_DIGEST_HOUR_UTC,
    },
  };
}

/** An optional group is all set or all unset; half a group is a mistake worth stopping for. */
function groupProblems(group: string, variables: Record<string, string | undefined>): string[] {
  const set = Object.keys(variables).filter((name) => variables[name] !== undefined);
  if (set.length === 0 || set.length === Object.keys(variables).length) return [];
  const missing = Object.keys(variables).filter((name) => variables[name] === undefined);
  return missing.map((name) => `${name}: required when ${set.join(", ")} is set (${group})`);
}
