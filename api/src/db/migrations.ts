import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../config/project-root";
import type { Logger } from "../logging/logger";
import { acquireDataDirLock, type LockRequest } from "./data-dir-lock";
import { openDatabase, type Database, type DatabaseTarget } from "./database";
import { createFromTemplate, hasCluster } from "./pglite-template";
import { waitAndRunExclusively } from "./run-exclusively";

const migrationsDir = path.join(projectRoot, "prisma", "migrations");

export function committedMigrations(directory = migrationsDir): string[] {
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => fs.existsSync(path.join(directory, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

/** Committed migrations that the database has not finished applying. */
/** The committed migration scripts, in the order they apply. */
export const migrationScripts = (directory = migrationsDir) => committedMigrations(directory).map((name) => path.join(directory, name, "migration.sql"));

export async function pendingMigrations(db: Database, directory = migrationsDir): Promise<string[]> {
  const [{ exists }] = await db.prisma.$queryRaw<{ exists: boolean }[]>`
    SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS "exists"`;
  if (!exists) return committedMigrations(directory);
  const applied = await db.prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const appliedNames = new Set(applied.map((row) => row.migration_name));
  return committedMigrations(directory).filter((name) => !appliedNames.has(name));
}

/** Prisma's migrations table, as `prisma migrate deploy` creates it (so either may apply the next migration). */
const createMigrationsTable = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Applies the pending committed migrations in order, each with its `_prisma_migrations` row in
 * one transaction (a kill leaves it applied or not at all), recorded as `prisma migrate deploy`
 * records it (the checksum is the script's SHA-256), so the CLI and this agree on what is
 * applied. Done here rather than by spawning the CLI, which took ~10 s to start and exit.
 */
export async function applyPendingMigrations(db: Database, logger?: Logger, directory = migrationsDir): Promise<string[]> {
  const pending = await pendingMigrations(db, directory);
  if (pending.length === 0) return pending;
  logger?.info({ pending }, "applying database migrations");
  await db.prisma.$executeRawUnsafe(createMigrationsTable);
  for (const name of pending) {
    const script = fs.readFileSync(path.join(directory, name, "migration.sql"), "utf8");
    const checksum = createHash("sha256").update(script).digest("hex");
    await db.runScriptInTransaction(script, {
      sql: `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
            VALUES ($1, $2, $3, now(), now(), 1)`,
      params: [randomUUID(), checksum, name],
    });
  }
  logger?.info({ database: db.kind, applied: pending.length }, "database migrations applied");
  return pending;
}

/** pg advisory lock id of applying migrations ("migr" in ASCII); any app instance on the same database shares it. */
export const MIGRATION_LOCK_ID = 0x6d696772;

/**
 * Opens the database, first applying any pending migration. On PostgreSQL one instance at a
 * time migrates: another one starting together waits for it, then finds nothing pending.
 * `signal` stops the wait. An embedded folder is locked first (`lockAs` names this process in
 * the lock; DataDirInUseError when another process holds it), before a new one is unpacked.
 */
export async function openMigratedDatabase(target: DatabaseTarget, logger?: Logger, signal?: AbortSignal, lockAs?: LockRequest): Promise<Database> {
  const lock = target.kind === "pglite" ? await acquireDataDirLock(target.dataDir, lockAs ?? { role: "cli" }) : undefined;
  try {
    if (target.kind === "pglite" && !hasCluster(target.dataDir) && (await createFromTemplate(target.dataDir, migrationScripts()))) {
      logger?.info("created the embedded database from the migrated template");
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = await openDatabase(target, { lock });
  try {
    await waitAndRunExclusively(db, MIGRATION_LOCK_ID, () => applyPendingMigrations(db, logger), {
      logger,
      what: "applying database migrations",
      signal,
    });
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
