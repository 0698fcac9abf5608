// Stored screening runs: every run goes to screening_runs with its rows in screening_results
// (the spec's columns plus the full row), written after the answer is computed so it does not
// slow the response. Retention: each user's last RUNS_KEPT_PER_USER runs of each kind; each
// anonymous requester's last ANONYMOUS_RUNS_KEPT, and no anonymous run past ANONYMOUS_RUN_HOURS.
import Bottleneck from "bottleneck";
import type { Viewer } from "../auth/viewer";
import type { Database } from "../db/database";
import type { ScreenRequest, ScreenWarning } from "./screen-request";
import type { ScreenDeps, ScreenKind, ScreenOutcome, ScreenStats } from "./screen";

export const RUNS_KEPT_PER_USER = 20;
export const ANONYMOUS_RUN_HOURS = 24;
/** Runs of each kind kept per anonymous requester (client IP): what one visitor can make the disk hold. */
export const ANONYMOUS_RUNS_KEPT = 3;

/** Whose run it is: a signed-in user, or an anonymous requester (a keyed hash of the client IP). */
export type RunOwner = { userId: string | null; anonymousRequester: string | null };

/**
 * One screening_results row: its position, the full row, and the spec's columns, numbers
 * fitted to their columns with `fitNumeric`.
 */
export type StoredResultColumns = {
  position: number;
  row: unknown;
  ticker: string;
  lastClose: number | null;
  sma5: number | null;
  sma20: number | null;
  maCondition: boolean;
  maSpreadPct: number | null;
  beta60: number | null;
  newsCount: number;
  sentiment: number | null;
  recencyHours: number | null;
  headline: string | null;
  /** The row's 0–100 score ÷ 100 (final_score is numeric(5,3)). */
  finalScore: number | null;
};

/**
 * The value rounded to the column's scale when it fits numeric(precision, scale), else null:
 * an out-of-range figure (a beta of 250 on a thin stock) is never clamped into a false one;
 * the full value stays in the `row` JSON.
 */
export function fitNumeric(value: number | null, precision: number, scale: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const rounded = Math.round(value * 10 ** scale) / 10 ** scale;
  return Math.abs(rounded) < 10 ** (precision - scale) ? rounded : null;
}

/** Where the run's data came from, kept in screening_runs.stats next to the counts. */
type StoredStats = ScreenStats & {
  isSnapshot: boolean;
  betaProxy: string | null;
  newsAsOf: string | null;
  /** Pro runs: where the AI, earnings and 13F figures came from. */
  factorSources?: Extract<ScreenOutcome, { kind: "pro" }>["factorSources"];
};

/**
 * Writes at once per database: one on the embedded database, whose single connection answers
 * queries in turn, so a burst of stored runs never queues ahead of the reads of the requests
 * behind them (100 concurrent screens used to time out waiting); a few on PostgreSQL's pool.
 */
const WRITES_AT_ONCE = { pglite: 1, postgres: 4 } as const;
const writers = new WeakMap<Database, Bottleneck>();

function writerFor(db: Database): Bottleneck {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new Bottleneck({ maxConcurrent: WRITES_AT_ONCE[db.kind] })));
  return writer;
}

/**
 * Each owner's writes of a kind, in turn: two concurrent statements each see the other's run
 * uncommitted, so each would keep RUNS_KEPT_PER_USER of its own view and together leave one run
 * too many. `enqueued` counts the writes handed to the queue, so a write whose run the runs queued
 * behind it will push out of retention anyway is skipped: a burst of 1,000 screens from one
 * requester stores the last few, not 1,000 that are deleted at once.
 */
type OwnerQueue = { last: Promise<unknown>; enqueued: number; lastWriteAt: number };

/**
 * A visitor's runs (which nobody reads back: the latest run is kept for signed-in users) are
 * written at most once per this many ms per kind. Within a burst the wait lets newer runs queue,
 * so the write it delays is usually skipped: 100 S&P 500 screens a second from one visitor had
 * kept the embedded database busy writing 420-row runs that the next write deleted.
 */
export const ANONYMOUS_WRITE_SPACING_MS = 250;
const ownerQueues = new Map<string, OwnerQueue>();

/** Runs handed to the background writer and not stored yet. */
const pendingWrites = new Set<Promise<void>>();
/** Of those, the ones whose response has gone out, being written now. */
const runningWrites = new Set<Promise<void>>();

/** Resolves when every run handed to the background writer so far is stored (or its failure logged). */
export async function flushScreenRuns(): Promise<void> {
  await Promise.all([...pendingWrites]);
}

/** An HTTP response, as Express and Node's http server give it. */
export type SentResponse = { writableFinished: boolean; once(event: "finish" | "close", listener: () => void): unknown };

/**
 * Resolves once the response has been handed to the network in full (or its connection
 * closed): a run's write waits for it, so even on the embedded database, whose queries run on
 * the server's own thread, storing a run never holds up the answer it belongs to.
 */
export function responseSent(response: SentResponse | undefined): Promise<void> {
  if (!response || response.writableFinished) return Promise.resolve();
  return new Promise((resolve) => {
    response.once("finish", resolve);
    response.once("close", resolve);
  });
}

/**
 * Stores the run after `after` (the response being sent) and the current turn of the event
 * loop, logging a failure instead of failing the request that already succeeded. `columns`
 * is called then, so even preparing the rows is off the response path.
 */
export function storeRunInBackground(
  deps: ScreenDeps,
  owner: RunOwner,
  outcome: ScreenOutcome,
  columns: () => StoredResultColumns[],
  after: Promise<void> = Promise.resolve(),
): void {
  const write: Promise<void> = after
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => {
      const ownerKey = `${owner.userId ?? ""}|${owner.anonymousRequester ?? ""}|${outcome.kind}`;
      const kept = owner.userId ? RUNS_KEPT_PER_USER : owner.anonymousRequester ? ANONYMOUS_RUNS_KEPT : Infinity;
      const queue = ownerQueues.get(ownerKey) ?? { last: Promise.resolve(), enqueued: 0, lastWriteAt: 0 };
      ownerQueues.set(ownerKey, queue);
      const position = (queue.enqueued += 1);
      const superseded = () => queue.enqueued - position >= kept;
      const running: Promise<void> = queue.last
        .catch(() => undefined)
        .then(async () => {
          const spacing = owner.userId ? 0 : queue.lastWriteAt + ANONYMOUS_WRITE_SPACING_MS - Date.now();
          if (!superseded() && spacing > 0) await new Promise((resolve) => setTimeout(resolve, spacing));
          if (superseded()) return;
          queue.lastWriteAt = Date.now();
          await writerFor(deps.db).schedule(() => storeRun(deps.db, owner, outcome, columns()));
        })
        .finally(() => {
          runningWrites.delete(running);
          if (queue.last === running) ownerQueues.delete(ownerKey);
        });
      queue.last = running;
      runningWrites.add(running);
      return running;
    })
    .catch((error: unknown) => deps.logger.error({ err: error, runId: outcome.runId }, "screening run not stored"))
    .finally(() => pendingWrites.delete(write));
  pendingWrites.add(write);
}

/**
 * One statement: the run, its rows (jsonb_to_recordset), the owner's runs of the kind beyond
 * the newest RUNS_KEPT_PER_USER (a user) or ANONYMOUS_RUNS_KEPT (an anonymous requester), and
 * anonymous runs past ANONYMOUS_RUN_HOURS (each delete uses an index led by its owner column or
 * created_at, so it costs what it deletes; rows go by cascade).
 */
export async function storeRun(db: Database, owner: RunOwner, outcome: ScreenOutcome, columns: StoredResultColumns[]): Promise<void> {
  const { userId, anonymousRequester } = owner;
  const stats: StoredStats = {
    ...outcome.stats,
    isSnapshot: outcome.isSnapshot,
    betaProxy: outcome.betaProxy,
    newsAsOf: outcome.newsAsOf?.toISOString() ?? null,
    ...(outcome.kind === "pro" ? { factorSources: outcome.factorSources } : {}),
  };
  const anonymousBefore = new Date(outcome.createdAt.getTime() - ANONYMOUS_RUN_HOURS * 3_600_000);
  await db.prisma.$executeRaw`
    WITH run AS (
      INSERT INTO screening_runs (id, user_id, anonymous_requester, kind, request, stats, source, as_of, warnings, row_count, created_at)
      VALUES (${outcome.runId}::uuid, ${userId}::uuid, ${anonymousRequester}, ${outcome.kind}, ${JSON.stringify(outcome.request)}::jsonb,
        ${JSON.stringify(stats)}::jsonb, ${outcome.source}, ${outcome.asOf}::date, ${JSON.stringify(outcome.warnings)}::jsonb,
        ${columns.length}, ${outcome.createdAt})
      RETURNING id, created_at
    ),
    superseded AS (
      DELETE FROM screening_runs WHERE id IN (
        SELECT id FROM screening_runs WHERE user_id = ${userId}::uuid AND kind = ${outcome.kind}
        ORDER BY created_at DESC, id DESC OFFSET ${RUNS_KEPT_PER_USER - 1})
    ),
    supersededAnonymous AS (
      DELETE FROM screening_runs WHERE id IN (
        SELECT id FROM screening_runs WHERE anonymous_requester = ${anonymousRequester} AND kind = ${outcome.kind}
        ORDER BY created_at DESC, id DESC OFFSET ${ANONYMOUS_RUNS_KEPT - 1})
    ),
    expired AS (
      DELETE FROM screening_runs WHERE user_id IS NULL AND created_at < ${anonymousBefore}
    )
    INSERT INTO screening_results (run_id, position, row, ticker, last_close, sma5, sma20, ma_condition, ma_spread_pct,
      beta_60, options_oi, news_count, sentiment, recency_hours, headline, final_score, created_at)
    SELECT run.id, x.position, x.row, x.ticker, x."lastClose", x.sma5, x.sma20, x."maCondition", x."maSpreadPct",
      x.beta60, NULL, x."newsCount", x.sentiment, x."recencyHours", x.headline, x."finalScore", run.created_at
    FROM run, jsonb_to_recordset(${JSON.stringify(columns)}::jsonb) AS x(position int, row jsonb, ticker text,
      "lastClose" numeric, sma5 numeric, sma20 numeric, "maCondition" boolean, "maSpreadPct" numeric, beta60 numeric,
      "newsCount" int, sentiment numeric, "recencyHours" numeric, headline text, "finalScore" numeric)`;
}

type StoredRunRow = {
  id: string;
  kind: ScreenKind;
  request: ScreenRequest;
  stats: StoredStats;
  source: string;
  as_of: Date;
  warnings: ScreenWarning[];
  created_at: Date;
  rows: unknown[];
};

/**
 * The viewer's latest stored run of the kind, in the shape runScreen answers (null for
 * anonymous visitors and users without one). Runs being written are awaited first, so a run
 * whose answer went out is found; not those still waiting for their answer to go out (one in
 * this same request would wait for this very answer).
 */
export async function latestRun<Kind extends ScreenKind>(
  deps: Pick<ScreenDeps, "db">,
  viewer: Viewer | null,
  kind: Kind,
): Promise<Extract<ScreenOutcome, { kind: Kind }> | null> {
  if (!viewer) return null;
  await Promise.allSettled([...runningWrites]);
  const [run] = await deps.db.prisma.$queryRaw<StoredRunRow[]>`
    SELECT run.id, run.kind, run.request, run.stats, run.source, run.as_of, run.warnings, run.created_at,
      (SELECT coalesce(jsonb_agg(result.row ORDER BY result.position), '[]'::jsonb)
        FROM screening_results result WHERE result.run_id = run.id) AS rows
    FROM screening_runs run
    WHERE run.user_id = ${viewer.user.id}::uuid AND run.kind = ${kind}
    ORDER BY run.created_at DESC, run.id DESC
    LIMIT 1`;
  if (!run) return null;
  const { universeSize, withPriceData, maPassCount, matched, isSnapshot, betaProxy, newsAsOf, factorSources } = run.stats;
  return {
    runId: run.id,
    kind: run.kind,
    request: run.request,
    stats: { universeSize, withPriceData, maPassCount, matched },
    source: run.source,
    asOf: new Date(run.as_of).toISOString().slice(0, 10),
    isSnapshot,
    betaProxy,
    newsAsOf: newsAsOf ? new Date(newsAsOf) : null,
    warnings: run.warnings,
    createdAt: new Date(run.created_at),
    rows: run.rows,
    ...(run.kind === "pro" ? { factorSources } : {}),
  } as Extract<ScreenOutcome, { kind: Kind }>;
}
