/** Why a feed failed, as recorded in news_feeds.last_error ("<reason>: <detail>"). */
export type FeedFailureReason =
  | "timeout"
  | "http-status"
  | "not-a-feed"
  | "malformed-xml"
  | "too-large"
  | "network"
  | "error";

export class FeedFailure extends Error {
  constructor(
    readonly reason: FeedFailureReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "FeedFailure";
  }
}

/** Any error as a FeedFailure (`expected` false: not a feed's fault but ours, to be logged as an error). */
export function asFeedFailure(error: unknown): { failure: FeedFailure; expected: boolean } {
  if (error instanceof FeedFailure) return { failure: error, expected: true };
  return { failure: new FeedFailure("error", ((error as Error)?.message ?? String(error)).slice(0, 300)), expected: false };
}

/**
 * What a failed feed means to a reader, for the pages' plain-words status (the exact reason and
 * detail stay in the log and in last_error): unreachable (no network, DNS or a timeout), rejected
 * (the site answered with an HTTP error), unreadable (not a feed, broken XML or too large) or
 * internal (a fault of ours).
 */
export type FeedProblem = "unreachable" | "rejected" | "unreadable" | "internal";

const problemOfReason: Record<FeedFailureReason, FeedProblem> = {
  network: "unreachable",
  timeout: "unreachable",
  "http-status": "rejected",
  "not-a-feed": "unreadable",
  "malformed-xml": "unreadable",
  "too-large": "unreadable",
  error: "internal",
};

/** The problem behind a recorded last_error ("<reason>: <detail>"); internal when the reason is unknown. */
export function feedProblem(lastError: string | null): FeedProblem {
  const reason = lastError?.split(":", 1)[0];
  return reason && Object.hasOwn(problemOfReason, reason) ? problemOfReason[reason as FeedFailureReason] : "internal";
}

/** Names the app to publishers (Reddit, for one, throttles anonymous-looking clients). */
export const USER_AGENT = "Tickerscope/0.1 (news ingestion; RSS/Atom feed reader)";

const ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

export type FetchFeedOptions = {
  timeoutMs: number;
  maxBytes: number;
  /** From the last successful fetch: sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  /** Aborts the request from outside (scheduler shutdown). */
  signal?: AbortSignal;
};

export type FetchedFeed =
  | { status: "not-modified" }
  | { status: "ok"; body: string; contentType: string | null; etag: string | null; lastModified: string | null };

/**
 * GETs a feed with a deadline covering the whole exchange (connect, headers and
 * body), streaming the body and giving up past `maxBytes` (decompressed bytes,
 * so a gzip bomb is cut off too). Conditional when an ETag or Last-Modified is
 * known: 304 means "unchanged" and is a success. Failures throw FeedFailure.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed> {
  const controller = new AbortController();
  let timedOut = false;
  const cancelDeadline = startDeadline(options.timeoutMs, () => {
    timedOut = true;
    controller.abort(new Error("feed timeout"));
  });
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onOuterAbort, { once: true });

  const failure = (error: unknown): FeedFailure => {
    if (error instanceof FeedFailure) return error;
    if (timedOut) return new FeedFailure("timeout", `no complete response within ${options.timeoutMs} ms`);
    if (options.signal?.aborted) return new FeedFailure("error", "ingestion stopped");
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const detail = cause?.code ? `${cause.code}${cause.message ? ` (${cause.message})` : ""}` : cause?.message || (error as Error)?.message;
    return new FeedFailure("network", detail || String(error));
  };

  try {
    if (options.signal?.aborted) throw new FeedFailure("error", "ingestion stopped");
    const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: ACCEPT };
    if (options.etag) headers["if-none-match"] = options.etag;
    if (options.lastModified) headers["if-modified-since"] = options.lastModified;

    const response = await fetch(url, { headers, signal: controller.signal, redirect: "follow" });
    if (response.status === 304) {
      await response.body?.cancel().catch(() => {});
      return { status: "not-modified" };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new FeedFailure("http-status", `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
    }
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new FeedFailure("too-large", `Content-Length ${declared} bytes exceeds the ${options.maxBytes}-byte cap`);
    }
    const body = await readCapped(response, options.maxBytes, controller);
    return {
      status: "ok",
      body,
      contentType: response.headers.get("content-type"),
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
  } catch (error) {
    throw failure(error);
  } finally {
    cancelDeadline();
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
}

async function readCapped(response: Response, maxBytes: number, controller: AbortController): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      controller.abort(new Error("too large"));
      await reader.cancel().catch(() => {});
      throw new FeedFailure("too-large", `body exceeds the ${maxBytes}-byte cap`);
    }
    chunks.push(value);
  }
  return decodeBody(Buffer.concat(chunks), response.headers.get("content-type"));
}

/** Decodes by the charset the server declares, else the XML declaration's encoding, else UTF-8. */
export function decodeBody(bytes: Buffer, contentType: string | null): string {
  const declared =
    /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? "")?.[1] ??
    /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(bytes.subarray(0, 200).toString("latin1"))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** A timer firing this much later than asked means the event loop was busy, not the server slow. */
const LOOP_LAG_TOLERANCE_MS = 25;
/** After a late timer, how long the loop gets to read what arrived meanwhile before the deadline counts. */
const LOOP_LAG_GRACE_MS = 50;

/**
 * Calls `onExpire` `ms` after the start, unless the timer fires late. Other
 * feeds' parsing and storing run on this thread (PGlite runs its queries on it
 * too), and after a busy stretch Node runs expired timers before it reads the
 * sockets: a plain timer would fail a feed whose answer arrived in time and is
 * waiting to be read. So a late timer gives the loop a short grace to read
 * first; a hanging feed still fails about `ms` plus the time the loop was busy.
 */
export function startDeadline(ms: number, onExpire: () => void): () => void {
  let expectedAt = performance.now() + ms;
  let timer: NodeJS.Timeout;
  const check = () => {
    const now = performance.now();
    if (now - expectedAt > LOOP_LAG_TOLERANCE_MS) {
      expectedAt = now + LOOP_LAG_GRACE_MS;
      timer = setTimeout(check, LOOP_LAG_GRACE_MS);
      return;
    }
    onExpire();
  };
  timer = setTimeout(check, ms);
  return () => clearTimeout(timer);
}

/** One feed's fetch in a pass: when it was tried, what came back (or why not) and how long it took. Never throws. */
export type FeedAttempt = { attemptAt: Date; fetchedAt: Date; fetchMs: number; fetched?: FetchedFeed; error?: unknown };

/**
 * Fetches a feed for an ingestion pass, conditionally when its stored row has the same URL (a
 * changed URL forgets the old ETag), and records the attempt instead of throwing.
 */
export async function attemptFeed(
  url: string,
  stored: { url: string; etag: string | null; lastModified: string | null } | undefined,
  settings: { feedTimeoutMs: number; feedMaxBytes: number },
  options: { signal?: AbortSignal; now?: () => Date },
): Promise<FeedAttempt> {
  const now = () => options.now?.() ?? new Date();
  const started = performance.now();
  const attemptAt = now();
  const sameUrl = stored?.url === url;
  try {
    const fetched = await fetchFeed(url, {
      timeoutMs: settings.feedTimeoutMs,
      maxBytes: settings.feedMaxBytes,
      etag: sameUrl ? stored?.etag : null,
      lastModified: sameUrl ? stored?.lastModified : null,
      signal: options.signal,
    });
    return { attemptAt, fetchMs: performance.now() - started, fetched, fetchedAt: now() };
  } catch (error) {
    return { attemptAt, fetchMs: performance.now() - started, error, fetchedAt: now() };
  }
}
