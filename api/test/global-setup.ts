import { execFileSync } from "node:child_process";
import path from "node:path";
import { openMigratedDatabase } from "../src/db/migrations";

/** Migrates the test database(s) once per run, through the same path the app uses at start. */
export default async function globalSetup() {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const db = await openMigratedDatabase({ kind: "postgres", url: testDatabaseUrl });
    await db.close();
    return;
  }
  execFileSync(process.execPath, [require.resolve("tsx/cli"), path.join(__dirname, "build-template.ts")], {
    stdio: "inherit",
  });
}
