import type { AlertEvents } from "./alerts/alert-events";
import type { QueryBudget } from "./api-usage/query-budget";
import type { CompanyFactsCache } from "./fundamentals/sec/sec-xbrl-client";
import type { SubscriptionSlots } from "./api-usage/subscription-slots";
import type { AuthCache } from "./auth/auth-cache";
import type { Viewer } from "./auth/viewer";
import type { BillingProvider } from "./billing/billing-provider";
import type { AppConfig } from "./config/config";
import type { Database } from "./db/database";
import type { Logger } from "./logging/logger";
import type { Mailer } from "./mail/mailer";
import type { TechnicalsStore } from "./market-data/technicals-store";
import type { NewsEvents } from "./news/news-events";
import type { NewsSummaryCache } from "./news/news-summary-cache";
import type { ScreenAnswerCache } from "./screening/screen-answers";
import type { PastDayAllowance } from "./past-days/past-day-limits";
import type { RateLimiter } from "./rate-limit/rate-limiter";
import type { DataEvents } from "./shared/data-events";
import type { StartupStatus } from "./startup/startup-status";

/** Long-lived dependencies, built once at boot (or per test) by `buildDeps`. */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  billing: BillingProvider;
  /** New articles for live subscribers. */
  newsEvents: NewsEvents;
  /** Alert firings for the bell and the alertFired subscription. */
  alertEvents: AlertEvents;
  /** Passes announce the data they changed (alert evaluation listens). */
  dataEvents: DataEvents;
  /** Ticker news summaries shared briefly between requests (news/news-summary-cache.ts). */
  newsSummaryCache: NewsSummaryCache;
  /** Identical screens' answers shared briefly between requests (screening/screen-answers.ts). */
  screenAnswers: ScreenAnswerCache;
  /** Signs session cookies (SESSION_SECRET, or one kept in the data folder). */
  sessionSecret: string;
  rateLimiters: {
    contact: RateLimiter;
    signInPerIp: RateLimiter;
    /** Link requests per (email, client IP): one requester cannot use up an owner's. */
    signInPerEmail: RateLimiter;
    /** Sign-in mails per inbox: one per SIGN_IN_MAIL_INTERVAL_SECONDS. */
    signInMailsPerEmail: RateLimiter;
    trialPerIp: RateLimiter;
    trialPerEmail: RateLimiter;
    /** Screens run by the web app's traffic, per signed-in user or anonymous IP (API keys pay points). */
    screenRuns: RateLimiter;
  };
  /** Hourly GraphQL point budgets per API key; request allowances per web user or anonymous IP. */
  queryBudget: QueryBudget;
  /** Live subscriptions open per requester on this instance (SUBSCRIPTIONS_PER_REQUESTER). */
  subscriptionSlots: SubscriptionSlots;
  /** Distinct past days not in memory each requester may ask for per minute (PAST_DAYS_PER_MINUTE). */
  pastDayAllowance: PastDayAllowance;
  /** Sessions, API keys and users read by authentication, kept in memory briefly (auth/auth-cache.ts). */
  authCache: AuthCache;
  /** Every ticker's indicators at its latest bar, cached in memory (market-data/technicals-store.ts). */
  technicals: TechnicalsStore;
  /** SEC XBRL companyfacts, cached per process; null unless SEC_USER_AGENT is set (fundamentals/sec-fundamentals.ts). */
  secCompanyFacts: (CompanyFactsCache & { close(): Promise<void> }) | null;
  /** How far the start has got: data requests wait for the bundled data (startup/data-gate.ts). */
  startup: StartupStatus;
};

/** What every service call gets: the app's dependencies plus who is asking. */
export type RequestContext = AppDeps & {
  clientIp: string;
  requestLogger: Logger;
  /** The signed-in user (session or API key), or null for an anonymous visitor. */
  viewer: Viewer | null;
};
