// What every provider's HTTP call gets: a deadline, the rate limit, and retries with
// exponential backoff on 429, 5xx and network errors.
import Bottleneck from "bottleneck";

/** A failed request; `retryable` when trying again later may help (429, 5xx, network, timeout). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export type HttpSettings = {
  timeoutMs: number;
  /** Further attempts after the first, on 429, 5xx, network errors and timeouts. */
  retries: number;
  /** The first retry waits this long, each later one twice as long (or what Retry-After asks, up to a minute). */
  backoffMs: number;
  /** Spaces requests out to the provider's rate limit. */
  limiter: Bottleneck;
};

export function createLimiter(requestsPerMinute: number): Bottleneck {
  return new Bottleneck({ minTime: Math.ceil(60_000 / requestsPerMinute), maxConcurrent: 4 });
}

const retryableStatus = (status: number) => status === 429 || status >= 500;
const maxRetryAfterMs = 60_000;

function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, maxRetryAfterMs) : null;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * GETs `url` through the rate limiter with a deadline, retrying on 429, 5xx and network
 * errors with exponential backoff. Returns the status and body of the first answer that is not
 * worth retrying (2xx and other 4xx alike: the provider reads its own error bodies); throws a
 * retryable ProviderError when every attempt failed.
 */
export const YAHOO_USER_AGENT = "Mozilla/5.0 (Tickerscope)";

export async function getText(url: string, http: HttpSettings, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  let problem = "";
  for (let attempt = 0; attempt <= http.retries; attempt++) {
    let delayMs = http.backoffMs * 2 ** attempt;
    try {
      const deadline = AbortSignal.timeout(http.timeoutMs);
      const response = await http.limiter.schedule(() =>
        fetch(url, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline, headers: { "user-agent": YAHOO_USER_AGENT, ...headers } }),
      );
      const body = await response.text();
      if (!retryableStatus(response.status)) return { status: response.status, body };
      problem = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
      delayMs = retryAfterMs(response) ?? delayMs;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const { name, message, cause } = error as Error & { cause?: { message?: string } };
      // fetch reports "fetch failed"; the reason (DNS, refused connection) is its cause.
      problem = name === "TimeoutError" ? `no response within ${http.timeoutMs} ms` : `network error: ${cause?.message ?? message}`;
    }
    if (attempt < http.retries) await wait(delayMs, signal);
  }
  throw new ProviderError(`${problem} (after ${http.retries + 1} attempts)`, true);
}
