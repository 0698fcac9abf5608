import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../config/project-root";
import type { Logger } from "../logging/logger";
import { openDatabase, type Database, type DatabaseTarget } from "./database";
import { waitAndRunExclusively } from "./run-exclusively";

const migrationsDir = path.join(projectRoot, "prisma", "migrations");
const prismaConfig = path.join(projectRoot, "prisma", "prisma.config.ts");

export function committedMigrations(): string[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => fs.existsSync(path.join(migrationsDir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}

/** Committed migrations that the database has not finished applying. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const [{ exists }] = await db.prisma.$queryRaw<{ exists: boolean }[]>`
    SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS "exists"`;
  if (!exists) return committedMigrations();
  const applied = await db.prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const appliedNames = new Set(applied.map((row) => row.migration_name));
  return committedMigrations().filter((name) => !appliedNames.has(name));
}

/**
 * Applies committed migrations with `prisma migrate deploy` (the WASM schema
 * engine, so it works offline). The CLI takes ~10 s to exit even with nothing
 * to do, so it only runs when a migration is pending.
 */
export async function runMigrateDeploy(target: DatabaseTarget, logger?: Logger): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
  if (target.kind === "postgres") env.DATABASE_URL = target.url;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.dirname(target.dataDir);
  }
  const cli = require.resolve("prisma/build/index.js");
  const output: string[] = [];
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "migrate", "deploy", "--config", prismaConfig], {
      cwd: projectRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (exitCode !== 0) {
    throw new Error(`prisma migrate deploy failed (exit ${exitCode}):\n${output.join("")}`);
  }
  logger?.info({ database: target.kind }, "database migrations applied");
}

/** pg advisory lock id of applying migrations ("migr" in ASCII); any app instance on the same database shares it. */
export const MIGRATION_LOCK_ID = 0x6d696772;

/**
 * Opens the database, first applying any pending migration. On PostgreSQL one instance at a
 * time migrates: another one starting together waits for it (the CLI's own lock gives up
 * after 10 s), then finds nothing pending. `signal` stops the wait, never a running CLI.
 */
export async function openMigratedDatabase(target: DatabaseTarget, logger?: Logger, signal?: AbortSignal): Promise<Database> {
  const db = await openDatabase(target);
  if (db.kind === "pglite") {
    const pending = await pendingMigrations(db);
    if (pending.length === 0) return db;
    logger?.info({ pending }, "applying database migrations");
    // PGlite allows one process per data folder: release it while the CLI runs.
    await db.close();
    await runMigrateDeploy(target, logger);
    signal?.throwIfAborted();
    return openDatabase(target);
  }
  try {
    await waitAndRunExclusively(
      db,
      MIGRATION_LOCK_ID,
      async () => {
        const pending = await pendingMigrations(db);
        if (pending.length === 0) return;
        logger?.info({ pending }, "applying database migrations");
        await runMigrateDeploy(target, logger);
      },
      { logger, what: "applying database migrations", signal },
    );
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
