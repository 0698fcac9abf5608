import { execFileSync } from "node:child_process";
import path from "node:path";
import type { GlobalConfig } from "jest";
import pg from "pg";
import { openMigratedDatabase } from "../src/db/migrations";
import { workerDatabaseUrl } from "./test-database";

const runScript = (script: string) =>
  execFileSync(process.execPath, [require.resolve("tsx/cli"), path.join(__dirname, script)], { stdio: "inherit" });

/** Runs `statements` on the server's maintenance database (a database cannot be copied while connected to). */
export async function onMaintenanceDatabase(url: string, statements: (databaseName: string) => string[]) {
  const maintenance = new URL(url);
  const databaseName = maintenance.pathname.slice(1);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    for (const statement of statements(databaseName)) await client.query(statement);
  } finally {
    await client.end();
  }
}

export const workerIds = (maxWorkers: number) => Array.from({ length: Math.max(1, maxWorkers) }, (_, index) => index + 1);

/**
 * Parses the bundled price snapshot once for the test files that load prices (price-fixture.ts)
 * and readies the databases: the PGlite template by default; with TEST_DATABASE_URL, that
 * database migrated through the path the app uses at start, then copied for each jest worker.
 */
export default async function globalSetup(globalConfig: GlobalConfig) {
  runScript("build-price-cache.ts");
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (!testDatabaseUrl) {
    runScript("../src/scripts/build-db-template.ts");
    return;
  }
  const db = await openMigratedDatabase({ kind: "postgres", url: testDatabaseUrl });
  await db.close();
  await onMaintenanceDatabase(testDatabaseUrl, (name) =>
    workerIds(globalConfig.maxWorkers).flatMap((id) => {
      const copy = new URL(workerDatabaseUrl(testDatabaseUrl, id)).pathname.slice(1);
      return [`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`, `CREATE DATABASE "${copy}" TEMPLATE "${name}"`];
    }),
  );
}
