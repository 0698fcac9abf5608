import { execFileSync } from "node:child_process";
import path from "node:path";
import { openMigratedDatabase } from "../src/db/migrations";

const runScript = (script: string) =>
  execFileSync(process.execPath, [require.resolve("tsx/cli"), path.join(__dirname, script)], { stdio: "inherit" });

/**
 * Migrates the test database(s) once per run, through the same path the app uses at start, and
 * parses the bundled price snapshot once for the test files that load prices (price-fixture.ts).
 */
export default async function globalSetup() {
  runScript("build-price-cache.ts");
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const db = await openMigratedDatabase({ kind: "postgres", url: testDatabaseUrl });
    await db.close();
    return;
  }
  runScript("../src/scripts/build-db-template.ts");
}
