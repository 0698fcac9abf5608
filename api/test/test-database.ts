import type { PGlite } from "@electric-sql/pglite";
import { databaseOnPGlite, openDatabase, type Database } from "../src/db/database";
import { loadTemplateDatabase } from "./template-database";

/**
 * The PostgreSQL database of this jest worker when TEST_DATABASE_URL is set: the global setup
 * migrates the database it names and copies it for each worker (`<name>_w<worker id>`), so the
 * PostgreSQL pass runs its files in parallel without one file emptying another's tables.
 */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url ? workerDatabaseUrl(url, Number(process.env.JEST_WORKER_ID ?? 1)) : undefined;
}

export function workerDatabaseUrl(url: string, workerId: number): string {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname}_w${workerId}`;
  return parsed.toString();
}

type TestDatabase = Database & { reset(): Promise<void> };

/** Set by database-environment.ts: the jest worker's embedded database, started on first use. */
declare const workerDatabase: (() => Promise<PGlite>) | undefined;
let workerDatabaseEmptied = false;

/**
 * The database for one test file: this jest worker's in-memory PGlite (a copy of the migrated
 * template, emptied when a file first asks for it) by default; this worker's PostgreSQL database
 * when TEST_DATABASE_URL is set (CI's second pass). Either way the files of one worker share it,
 * one after another. `reset()` empties every table; `close()` leaves the worker's PGlite open.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (url) return withReset(await openDatabase({ kind: "postgres", url }));
  if (typeof workerDatabase !== "function") return withReset(databaseOnPGlite(await loadTemplateDatabase()));
  const onWorkerDatabase = databaseOnPGlite(await workerDatabase());
  const db = withReset({ ...onWorkerDatabase, close: () => onWorkerDatabase.prisma.$disconnect() });
  if (!workerDatabaseEmptied) {
    workerDatabaseEmptied = true;
    await db.reset();
  }
  return db;
}

function withReset(db: Database): TestDatabase {
  return {
    ...db,
    async reset() {
      const tables = await db.prisma.$queryRaw<{ tablename: string }[]>`
        SELECT tablename::text AS tablename FROM pg_tables
        WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
      if (tables.length === 0) return;
      const list = tables.map((t) => `"public"."${t.tablename}"`).join(", ");
      await db.prisma.$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
    },
  };
}
