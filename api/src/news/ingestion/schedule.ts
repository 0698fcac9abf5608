import type { Database } from "../../db/database";
import { loadFeedList, type FeedConfig } from "./feeds";
import { ingestNews, type IngestionDeps, type IngestionResult } from "./ingest-news";

/** pg advisory lock id of the ingestion pass ("news" in ASCII); any app instance on the same database shares it. */
export const INGESTION_LOCK_ID = 0x6e657773;
/** Longest a pass may hold its PostgreSQL transaction (and so the lock) before PostgreSQL's side gives it up. */
const LOCK_TRANSACTION_TIMEOUT_MS = 30 * 60_000;

export type SkippedPass = {
  skipped: "running-here" | "running-elsewhere" | "recent-pass";
};

const runningHere = new WeakSet<object>();

/**
 * Runs `task` unless a pass is already running: in this process (any database),
 * or on another app instance (PostgreSQL). On PostgreSQL the lock is
 * `pg_try_advisory_xact_lock` inside a Prisma interactive transaction held for
 * the pass: it is released when the transaction ends, and by PostgreSQL if the
 * instance dies. The pass itself writes through the pool, not that transaction.
 * On PGlite the database is in-process and one process owns its data folder,
 * so no other instance can exist: the in-process guard is the lock. (Holding a
 * PGlite transaction open would also block every other query of the app: PGlite
 * has one connection and serialises transactions.)
 */
export async function runExclusively<T>(db: Database, task: () => Promise<T>): Promise<T | SkippedPass> {
  const guardKey = db.prisma;
  if (runningHere.has(guardKey)) return { skipped: "running-here" };
  runningHere.add(guardKey);
  try {
    if (db.kind !== "postgres") return await task();
    return await db.prisma.$transaction(
      async (tx) => {
        const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(${INGESTION_LOCK_ID}::bigint) AS locked`;
        if (!locked) return { skipped: "running-elsewhere" } satisfies SkippedPass;
        return task();
      },
      { maxWait: 10_000, timeout: LOCK_TRANSACTION_TIMEOUT_MS },
    );
  } finally {
    runningHere.delete(guardKey);
  }
}

export function isSkipped(value: unknown): value is SkippedPass {
  return Boolean(value && typeof value === "object" && "skipped" in value);
}

/**
 * The scheduled pass: exclusive across instances, and skipped when another
 * instance ran one less than `minGapMs` ago (so N instances still make one pass
 * per interval, not N).
 */
export async function runScheduledIngestion(
  deps: IngestionDeps,
  options: { feeds?: FeedConfig[]; signal?: AbortSignal; minGapMs: number; now?: () => Date },
): Promise<IngestionResult | SkippedPass> {
  return runExclusively(deps.db, async () => {
    if (options.minGapMs > 0) {
      const latest = await deps.db.prisma.newsFeed.aggregate({ _max: { lastAttemptAt: true } });
      const last = latest._max.lastAttemptAt?.getTime();
      const now = (options.now?.() ?? new Date()).getTime();
      if (last !== undefined && now - last < options.minGapMs) return { skipped: "recent-pass" } satisfies SkippedPass;
    }
    return ingestNews(deps, { feeds: options.feeds, signal: options.signal, now: options.now });
  });
}

/**
 * Runs an ingestion pass every NEWS_INGEST_INTERVAL_MINUTES (0 = off), the first
 * a few seconds after start. The feed list is read and validated now, so a bad
 * NEWS_FEEDS_FILE stops the app at start (ConfigError naming entry and field).
 * Returns stop(): cancels the timer, aborts in-flight requests and resolves
 * when the running pass (if any) has finished.
 */
export function scheduleNewsIngestion(
  deps: IngestionDeps,
  options: { initialDelayMs?: number } = {},
): () => Promise<void> {
  const intervalMinutes = deps.config.news.ingestIntervalMinutes;
  if (intervalMinutes <= 0) {
    deps.logger.info("scheduled news ingestion is off (NEWS_INGEST_INTERVAL_MINUTES=0)");
    return async () => {};
  }
  const feeds = loadFeedList(deps.config.news);
  const intervalMs = intervalMinutes * 60_000;
  const controller = new AbortController();
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    current = runScheduledIngestion(deps, { feeds, signal: controller.signal, minGapMs: intervalMs / 2 })
      .then((result) => {
        if (isSkipped(result)) deps.logger.info({ skipped: result.skipped }, "news ingestion pass skipped");
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, "news ingestion pass failed"))
      .finally(() => {
        current = undefined;
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, options.initialDelayMs ?? 5_000);
  timer.unref();
  deps.logger.info({ feeds: feeds.length, intervalMinutes }, "scheduled news ingestion");

  return async () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort(new Error("news ingestion stopped"));
    await current;
  };
}
