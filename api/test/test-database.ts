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

/**
 * The database for one test file: an in-memory PGlite copy of the migrated
 * template by default; this worker's PostgreSQL database when TEST_DATABASE_URL
 * is set (CI's second pass). `reset()` empties every table.
 */
export async function createTestDatabase(): Promise<Database & { reset(): Promise<void> }> {
  const url = testDatabaseUrl();
  const db = url ? await openDatabase({ kind: "postgres", url }) : databaseOnPGlite(await loadTemplateDatabase());
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
