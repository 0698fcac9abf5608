// `npm run db:migrate`: applies committed migrations to the configured database.
import { loadConfig } from "../config/config";
import { openMigratedDatabase, pendingMigrations } from "../db/migrations";
import { createLogger } from "../logging/logger";

async function main() {
  const config = loadConfig();
  const db = await openMigratedDatabase(config.database, createLogger(config));
  const pending = await pendingMigrations(db);
  await db.close();
  console.log(pending.length === 0 ? `database is up to date (${config.database.kind})` : `still pending: ${pending.join(", ")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
