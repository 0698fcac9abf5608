import type Redis from "ioredis";
import { createAlertEvents } from "./alerts/alert-events";
import { createQueryBudget } from "./api-usage/query-budget";
import { createSubscriptionSlots } from "./api-usage/subscription-slots";
import { createAuthCache } from "./auth/auth-cache";
import { SIGN_IN_MAIL_INTERVAL_SECONDS } from "./auth/sign-in-links";
import { createBillingProvider } from "./billing/billing-provider";
import type { AppConfig } from "./config/config";
import type { AppDeps } from "./context";
import type { Database } from "./db/database";
import type { Logger } from "./logging/logger";
import { createCompanyFactsCache, createSecXbrlClient } from "./fundamentals/sec/sec-xbrl-client";
import { createMailer } from "./mail/mailer";
import { createTechnicalsStore } from "./market-data/technicals-store";
import { createNewsEvents } from "./news/news-events";
import { createNewsSummaryCache } from "./news/news-summary-cache";
import { createScreenAnswerCache } from "./screening/screen-answers";
import { createPastDayAllowance } from "./past-days/past-day-limits";
import { createRateLimiter } from "./rate-limit/rate-limiter";
import { createDataEvents } from "./shared/data-events";
import { readyStartupStatus, type StartupStatus } from "./startup/startup-status";

const TEN_MINUTES = 10 * 60;
const FIFTEEN_MINUTES = 15 * 60;

/** SEC's companyfacts through the shared rate limit, cached a day per process; null without SEC_USER_AGENT. */
function secCompanyFacts(config: AppConfig): AppDeps["secCompanyFacts"] {
  const client = createSecXbrlClient(config);
  return client ? { ...createCompanyFactsCache(client), close: () => client.close() } : null;
}

/** Builds the app's long-lived dependencies from configuration (server and tests alike). */
export function buildDeps(options: {
  config: AppConfig;
  db: Database;
  logger: Logger;
  sessionSecret: string;
  redis?: Redis;
  /** The server's start; tests and scripts build on data already in. */
  startup?: StartupStatus;
}): AppDeps {
  const { config, db, logger, redis } = options;
  const limit = (name: string, points: number, durationSeconds: number) =>
    createRateLimiter({ name, points, durationSeconds }, redis);
  const { perIpPer15Minutes, perEmailPer15Minutes } = config.signInRateLimit;
  const newsEvents = createNewsEvents({ redis, logger });
  return {
    config,
    db,
    logger,
    sessionSecret: options.sessionSecret,
    mailer: createMailer(config, logger),
    billing: createBillingProvider(config, db, logger),
    newsEvents,
    alertEvents: createAlertEvents({ redis, logger }),
    dataEvents: createDataEvents(),
    newsSummaryCache: createNewsSummaryCache(config.news.summaryCacheMs, newsEvents),
    screenAnswers: createScreenAnswerCache(config.screening.answerCacheMs, newsEvents),
    rateLimiters: {
      contact: limit("contact", config.contact.ratePerMinute, 60),
      signInPerIp: limit("sign-in-ip", perIpPer15Minutes, FIFTEEN_MINUTES),
      signInPerEmail: limit("sign-in-email", perEmailPer15Minutes, FIFTEEN_MINUTES),
      signInMailsPerEmail: limit("sign-in-mail", 1, SIGN_IN_MAIL_INTERVAL_SECONDS),
      trialPerIp: limit("trial-ip", perIpPer15Minutes, FIFTEEN_MINUTES),
      trialPerEmail: limit("trial-email", perEmailPer15Minutes, FIFTEEN_MINUTES),
      screenRuns: limit("screen-runs", config.web.screenRunsPer10Minutes, TEN_MINUTES),
    },
    queryBudget: createQueryBudget(config, redis),
    subscriptionSlots: createSubscriptionSlots(config.subscriptionsPerRequester),
    pastDayAllowance: createPastDayAllowance(config.pastDays.perMinute, redis),
    authCache: createAuthCache(config.session.authCacheMs),
    technicals: createTechnicalsStore(db),
    secCompanyFacts: secCompanyFacts(config),
    startup: options.startup ?? readyStartupStatus(),
  };
}
