// SEC's XBRL companyfacts API (data.sec.gov), under the same fair-access rules as the 13F reader
// (../../hedge-funds/edgar-client.ts, whose request helper this uses): a User-Agent naming the client
// and a contact, at most 10 requests per second. That budget is SEC's per client, not per process,
// so with Redis configured every instance takes its turns from one shared Bottleneck limiter.
import Bottleneck from "bottleneck";
import Redis from "ioredis";
import { LRUCache } from "lru-cache";
import type { AppConfig } from "../../config/config";
import { getFromSec } from "../../hedge-funds/edgar-client";
import { ProviderError } from "../../market-data/providers/http";
import { countFacts, parseCompanyFacts, type CompanyFacts } from "./companyfacts";
import { untilAborted } from "../../shared/until-aborted";

export type SecXbrlClient = {
  /** The company's facts, validated; `cik` as digits, zero-padded or not. */
  companyFacts(cik: string | number, signal?: AbortSignal): Promise<CompanyFacts>;
  /** Releases the limiter (and its Redis connections when shared). */
  close(): Promise<void>;
};

/** The Redis limiter id every instance shares: one SEC budget for the deployment. */
export const SEC_LIMITER_ID = "sec-edgar";
const BACKOFF_MS = 1000;
// A large cap's companyfacts is 3-6 MB; the cap only refuses an answer that cannot be one.
const MAX_BYTES = 30 * 1024 * 1024;
// The shared limiter's Redis keys expire after this long unused: no state is left behind, and a
// changed SEC_REQUESTS_PER_SECOND applies (the first instance to use the keys writes the settings).
const SHARED_LIMITER_IDLE_MS = 60_000;
// Bottleneck waits for Redis without end and heeds no AbortSignal: a request gives up after this.
const LIMITER_READY_MS = 5_000;

/** The 10-digit CIK SEC's URLs use. */
function paddedCik(cik: string | number): string {
  const digits = String(cik).trim();
  if (!/^\d{1,10}$/.test(digits)) throw new ProviderError(`SEC XBRL: "${cik}" is not a CIK (up to 10 digits)`, false);
  return digits.padStart(10, "0");
}

/**
 * A client, or null when SEC_USER_AGENT is not set (SEC refuses anonymous automated clients).
 * `limiterId`: another shared limiter (tests keep theirs apart from a real deployment's).
 */
export function createSecXbrlClient(
  config: Pick<AppConfig, "hedgeFunds" | "redisUrl">,
  options: { backoffMs?: number; limiterId?: string } = {},
): SecXbrlClient | null {
  const { secUserAgent, requestsPerSecond, edgarDataUrl } = config.hedgeFunds;
  if (!secUserAgent) return null;
  const rate = { minTime: Math.ceil(1000 / requestsPerSecond), maxConcurrent: 1 };
  const limiter = config.redisUrl
    ? new Bottleneck({
        ...rate,
        id: options.limiterId ?? SEC_LIMITER_ID,
        datastore: "ioredis",
        Redis,
        clientOptions: config.redisUrl,
        timeout: SHARED_LIMITER_IDLE_MS,
      })
    : new Bottleneck(rate);
  const settings = { userAgent: secUserAgent, limiter, backoffMs: options.backoffMs ?? BACKOFF_MS, maxBytes: MAX_BYTES };

  async function limiterReady(signal?: AbortSignal): Promise<void> {
    const deadline = AbortSignal.timeout(LIMITER_READY_MS);
    try {
      await untilAborted(limiter.ready(), signal ? AbortSignal.any([signal, deadline]) : deadline);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new ProviderError(`SEC XBRL: the shared rate limiter is not ready (is Redis at REDIS_URL reachable?): ${(error as Error).message}`, true);
    }
  }

  return {
    async companyFacts(cik, signal) {
      const padded = paddedCik(cik);
      const url = `${edgarDataUrl}/api/xbrl/companyfacts/CIK${padded}.json`;
      await limiterReady(signal);
      const { ok, status, body } = await getFromSec(url, settings, signal);
      if (status === 404) throw new ProviderError(`SEC XBRL: no companyfacts for CIK ${padded} (HTTP 404: no such registrant, or it has filed no XBRL financial data)`, false);
      if (!ok) throw new ProviderError(`SEC XBRL: HTTP ${status} for the companyfacts of CIK ${padded}`, false);
      let companyFacts: CompanyFacts;
      try {
        companyFacts = parseCompanyFacts(JSON.parse(body));
      } catch (error) {
        throw new ProviderError(`SEC XBRL: the companyfacts of CIK ${padded} are malformed: ${(error as Error).message}`, false);
      }
      if (companyFacts.cik !== Number(padded)) throw new ProviderError(`SEC XBRL: asked for CIK ${padded}, got the companyfacts of CIK ${companyFacts.cik}`, false);
      return companyFacts;
    },
    close: () => limiter.disconnect(),
  };
}

export type CompanyFactsCache = Pick<SecXbrlClient, "companyFacts">;

const DAY_MS = 86_400_000;
// About 170 bytes of heap per parsed fact (TSLA: 17,718 facts, 3 MB): some 100 MB in all.
const CACHE_MAX_FACTS = 600_000;

/**
 * The client's answers kept per process for `ttlMs` (a day: companies file quarterly), the least
 * recently used dropped past `maxFacts`. Callers asking for one CIK meanwhile share one request; a
 * caller's abort stops only its own wait, never the shared request (bounded by the client's deadline).
 */
export function createCompanyFactsCache(client: CompanyFactsCache, options: { ttlMs?: number; maxFacts?: number } = {}): CompanyFactsCache {
  const cache = new LRUCache<string, CompanyFacts>({
    ttl: options.ttlMs ?? DAY_MS,
    maxSize: options.maxFacts ?? CACHE_MAX_FACTS,
    sizeCalculation: (companyFacts) => Math.max(1, countFacts(companyFacts)),
    fetchMethod: (cik) => client.companyFacts(cik),
  });
  return {
    async companyFacts(cik, signal) {
      signal?.throwIfAborted();
      const shared = cache.forceFetch(paddedCik(cik));
      return signal ? untilAborted(shared, signal) : shared;
    },
  };
}
