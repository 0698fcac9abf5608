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
