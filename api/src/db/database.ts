import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client";
import type { AppConfig } from "../config/config";
import { lineOfTurns } from "../shared/turn-for-requests";
import { acquireDataDirLock, type DataDirLock, type LockRequest } from "./data-dir-lock";

export type DatabaseTarget = AppConfig["database"];

/** An open database: the Prisma client plus what the app needs to check and close it. */
export type Database = {
  prisma: PrismaClient;
  kind: DatabaseTarget["kind"];
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: a connection of the pool for the caller alone (session advisory locks); release it after use. */
  reserveConnection?(): Promise<pg.PoolClient>;
  /**
   * Runs a multi-statement SQL script and then `after` (one parameterised statement) in one
   * transaction, on the driver itself: Prisma's driver adapters split scripts at every ';'.
   */
  runScriptInTransaction(script: string, after: { sql: string; params: unknown[] }): Promise<void>;
  /**
   * PGlite only: runs `before` (parameterised statements), then `copy` (a `COPY … FROM
   * '/dev/blob'` statement) reading `csv`, in one transaction; returns the rows copied. COPY
   * stores rows several times faster than an INSERT from a jsonb array.
   */
  copyCsvInTransaction?(before: { sql: string; params: unknown[] }[], copy: string, csv: string): Promise<number>;
  /** PGlite only: runs `copy` (a `COPY (…) TO '/dev/blob'` statement) and returns what it wrote. */
  copyOut?(copy: string): Promise<string>;
  /** PGlite in a data folder: this process's lock on it (data-dir-lock.ts), released by close(). */
  dataDirLock?: DataDirLock;
};

export type OpenOptions = {
  /** How this process is named in the embedded folder's lock; default a CLI. */
  lockAs?: LockRequest;
  /** A lock on the folder already taken by the caller (openMigratedDatabase takes it before unpacking the template). */
  lock?: DataDirLock;
};

/**
 * SQLSTATEs with which PostgreSQL ends a session before or instead of running the statement:
 * admin_shutdown (pg_terminate_backend, a fast shutdown), crash_shutdown, cannot_connect_now.
 * Nothing the statement did was committed, so it can run again on another connection.
 */
const sessionEndedCodes = new Set(["57P01", "57P02", "57P03"]);

/** Errors pg raises for a statement it never sent, because the connection had already failed. */
const notSentMessages = new Set(["Client has encountered a connection error and is not queryable", "Client was closed and is not queryable"]);

export function isStatementNotRun(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === "string" && sessionEndedCodes.has(code)) || notSentMessages.has(error.message);
}

/**
 * A pg pool whose single statements (Prisma's queries outside transactions) run again on another
 * connection when the server ended the session without running them, e.g. after
 * pg_terminate_backend or a failover. When every connection is ended at once, each retry may
 * take one more dead idle connection (its 'error' event not handled yet), so it tries up to the
 * pool's size again. Statements inside a transaction are not retried: the transaction is gone
 * with its connection.
 */
class ReconnectingPool extends pg.Pool {
  // pg's overloads (callbacks, streams) make `query` hard to type; Prisma calls the promise form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const run = () => (super.query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    if (typeof args[args.length - 1] === "function") return run();
    const runAgainUnlessRun = async (retriesLeft: number): Promise<unknown> => {
      try {
        return await run();
      } catch (error) {
        if (retriesLeft === 0 || !isStatementNotRun(error)) throw error;
        return runAgainUnlessRun(retriesLeft - 1);
      }
    };
    return runAgainUnlessRun(this.options.max);
  }
}

/**
 * Opens the embedded PGlite database in its data folder, or the PostgreSQL server named by URL.
 * An embedded folder is locked for this process first: DataDirInUseError when another holds it.
 */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if (target.kind === "postgres") {
    // The adapter listens for the pool's 'error' events (a connection the server closed while idle
    // is dropped by pg-pool), so they do not end the process.
    const pool = new ReconnectingPool({ connectionString: target.url });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const runScriptInTransaction = async (script: string, after: { sql: string; params: unknown[] }) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query(script);
        await client.query(after.sql, after.params);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
    return { ...wrap(prisma, "postgres", () => pool.end()), reserveConnection: () => pool.connect(), runScriptInTransaction };
  }
  const lock = options.lock ?? (await acquireDataDirLock(target.dataDir, options.lockAs ?? { role: "cli" }));
  try {
    fs.mkdirSync(target.dataDir, { recursive: true });
    const pglite = await PGlite.create(target.dataDir);
    const db = databaseOnPGlite(pglite);
    return {
      ...db,
      dataDirLock: lock,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

// pglite-prisma-adapter 0.6 is typed against driver-adapter-utils 6.10; the
// interface it implements is unchanged in 6.19, only the type identity differs.
type DriverAdapter = NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"];

/**
 * The PGlite instance as Prisma's adapter sees it: its queries run one after another, each in a
 * task of its own. PGlite runs a query synchronously on this thread and resolves it in a
 * microtask, which started the next queued query at once: under load a whole queue of requests'
 * queries ran in one turn of the event loop (~400 ms at 100 connections), and no socket was read
 * meanwhile, /healthz included. Now Node reads and answers other requests between any two
 * queries, which still run in the order they were asked (PGlite has one connection anyway).
 */
function yieldingBetweenQueries(pglite: PGlite): PGlite {
  const inTurn = lineOfTurns();
  const query = ((...args: Parameters<PGlite["query"]>) => inTurn(() => pglite.query(...args))) as PGlite["query"];
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Wraps an already open PGlite instance (tests load one from a migrated snapshot). */
export function databaseOnPGlite(pglite: PGlite): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(yieldingBetweenQueries(pglite)) as unknown as DriverAdapter });
  return {
    ...wrap(prisma, "pglite", () => pglite.close()),
    async runScriptInTransaction(script, after) {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
        await tx.query(after.sql, after.params);
      });
    },
    copyCsvInTransaction(before, copy, csv) {
      return pglite.transaction(async (tx) => {
        for (const statement of before) await tx.query(statement.sql, statement.params);
        return (await tx.query(copy, [], { blob: new Blob([csv]) })).affectedRows ?? 0;
      });
    },
    async copyOut(copy) {
      const { blob } = await pglite.query(copy);
      if (!blob) throw new Error(`copyOut: the statement wrote no blob: ${copy.slice(0, 80)}`);
      return blob.text();
    },
  };
}

function wrap(
  prisma: PrismaClient,
  kind: DatabaseTarget["kind"],
  closeDriver: () => Promise<void>,
): Omit<Database, "runScriptInTransaction"> {
  return {
    prisma,
    kind,
    async ping() {
      await prisma.$queryRaw`SELECT 1`;
    },
    async close() {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}
