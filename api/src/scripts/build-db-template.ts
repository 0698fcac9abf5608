// `npm run db:template` (run by postinstall): builds the migrated, empty PGlite template that a
// new embedded database starts from (api/src/db/pglite-template.ts), unless it exists already.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrationScripts, openMigratedDatabase } from "../db/migrations";
import { migratedTemplateFile, saveTemplate } from "../db/pglite-template";

async function main() {
  const started = performance.now();
  if (fs.existsSync(migratedTemplateFile(migrationScripts()))) return;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-template-"));
  try {
    const dataDir = path.join(scratch, "pglite");
    await (await openMigratedDatabase({ kind: "pglite", dataDir })).close();
    const file = await saveTemplate(dataDir, migrationScripts());
    console.log(`embedded database template built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${path.relative(process.cwd(), file)}`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
