// Builds the migrated PGlite template (see template-database.ts). Runs as its
// own process: PGlite's WASM start-up aborts inside Jest's global-setup context.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openMigratedDatabase } from "../src/db/migrations";
import { scratchDir, templateCacheDir, templateFile } from "./template-database";

async function main() {
  const target = templateFile();
  if (fs.existsSync(target)) return;
  const dataDir = path.join(scratchDir("tickerscope-template-"), "pglite");
  const db = await openMigratedDatabase({ kind: "pglite", dataDir });
  await db.close();
  const pglite = await PGlite.create(dataDir);
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  fs.mkdirSync(templateCacheDir, { recursive: true });
  fs.writeFileSync(`${target}.tmp`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${target}.tmp`, target);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
