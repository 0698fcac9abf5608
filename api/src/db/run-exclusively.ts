import { setTimeout } from "node:timers/promises";
import type { Logger } from "../logging/logger";
import type { Database } from "./database";

export type SkippedPass = {
  skipped: "running-here" | "running-elsewhere" | "recent-pass";
};

/** Longest a pass may hold its PostgreSQL transaction (and so the lock) unless it asks for more. */
const DEFAULT_LOCK_TRANSACTION_TIMEOUT_MS = 30 * 60_000;

const runningHere = new Map<number, WeakSet<object>>();

/**
 * Runs `task` unless a pass with the same `lockId` is already running: in this process (any
 * database), or on another app instance (PostgreSQL). On PostgreSQL the lock is
 * `pg_try_advisory_xact_lock(lockId)` inside a Prisma interactive transaction held for
 * the pass: it is released when the transaction ends, and by PostgreSQL if the
 * instance dies. The pass itself writes through the pool, not that transaction.
 * On PGlite the database is in-process and one process owns its data folder,
 * so no other instance can exist: the in-process guard is the lock. (Holding a
 * PGlite transaction open would also block every other query of the app: PGlite
 * has one connection and serialises transactions.)
 */
export async function runExclusively<T>(
  db: Database,
  lockId: number,
  task: () => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<T | SkippedPass> {
  const guard = runningHere.get(lockId) ?? new WeakSet<object>();
  runningHere.set(lockId, guard);
  if (guard.has(db.prisma)) return { skipped: "running-here" };
  guard.add(db.prisma);
  try {
    if (db.kind !== "postgres") return await task();
    return await db.prisma.$transaction(
      async (tx) => {
        const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(${lockId}::bigint) AS locked`;
        if (!locked) return { skipped: "running-elsewhere" } satisfies SkippedPass;
        return task();
      },
      { maxWait: 10_000, timeout: options.timeoutMs ?? DEFAULT_LOCK_TRANSACTION_TIMEOUT_MS },
    );
  } finally {
    guard.delete(db.prisma);
  }
}

export function isSkipped(value: unknown): value is SkippedPass {
  return Boolean(value && typeof value === "object" && "skipped" in value);
}

/** How long a start waits for another instance's migrations or snapshot load before giving up. */
export const STARTUP_WAIT_MS = 10 * 60_000;
const pollMs = 500;
const waitLogEveryMs = 15_000;

/**
 * Runs `task` once no other app instance runs a task with the same `lockId`, waiting for it
 * (up to `maxWaitMs`, logging that it waits) rather than skipping: for start-up steps that
 * every instance needs done before it serves, such as migrations and the snapshot loads.
 * On PostgreSQL the lock is a session advisory lock on a connection reserved for the task; it
 * is released when the task ends (the connection is closed), and by PostgreSQL if the instance
 * dies. On PGlite there is no other instance (see runExclusively). `signal` stops the wait.
 */
export async function waitAndRunExclusively<T>(
  db: Database,
  lockId: number,
  task: () => Promise<T>,
  options: { logger?: Logger; what: string; signal?: AbortSignal; maxWaitMs?: number },
): Promise<T> {
  if (!db.reserveConnection) return task();
  const connection = await db.reserveConnection();
  // A lost lock connection only ends the lock early: the guarded steps are idempotent.
  const onConnectionError = (error: Error) => options.logger?.warn({ err: error, what: options.what }, "lost the start-up lock connection");
  connection.on("error", onConnectionError);
  try {
    const started = Date.now();
    const deadline = started + (options.maxWaitMs ?? STARTUP_WAIT_MS);
    let nextLog = started;
    for (;;) {
      const { rows } = await connection.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [lockId]);
      if (rows[0].locked) break;
      if (Date.now() >= deadline) {
        throw new Error(`gave up after ${Math.round((Date.now() - started) / 1000)} s waiting for another instance to finish ${options.what}`);
      }
      if (Date.now() >= nextLog) {
        options.logger?.info({ waitedSeconds: Math.round((Date.now() - started) / 1000) }, `waiting for another instance to finish ${options.what}`);
        nextLog = Date.now() + waitLogEveryMs;
      }
      await setTimeout(pollMs, undefined, { signal: options.signal });
    }
    return await task();
  } finally {
    connection.removeListener("error", onConnectionError);
    // Ending the session releases the lock, and no session state goes back into the pool.
    connection.release(true);
  }
}
