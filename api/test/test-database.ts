import { databaseOnPGlite, openDatabase, type Database } from "../src/db/database";
import { loadTemplateDatabase } from "./template-database";

/**
 * The database for one test file: an in-memory PGlite copy of the migrated
 * template by default; the PostgreSQL server named by TEST_DATABASE_URL when
 * set (CI's second pass; run in band). `reset()` empties every table.
 */
export async function createTestDatabase(): Promise<Database & { reset(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
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
