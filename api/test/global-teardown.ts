import type { GlobalConfig } from "jest";
import { onMaintenanceDatabase, workerIds } from "./global-setup";
import { workerDatabaseUrl } from "./test-database";

/** Drops the per-worker copies of the PostgreSQL test database that the global setup made. */
export default async function globalTeardown(globalConfig: GlobalConfig) {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (!testDatabaseUrl) return;
  await onMaintenanceDatabase(testDatabaseUrl, () =>
    workerIds(globalConfig.maxWorkers).map((id) => `DROP DATABASE IF EXISTS "${new URL(workerDatabaseUrl(testDatabaseUrl, id)).pathname.slice(1)}" WITH (FORCE)`),
  );
}
