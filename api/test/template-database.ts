import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrationScripts } from "../src/db/migrations";
import { migratedTemplateFile } from "../src/db/pglite-template";

/**
 * The migrated, empty PGlite template a new embedded database starts from (built at install by
 * `npm run db:template`, or by the global setup): each test file loads its own isolated
 * in-memory copy in milliseconds.
 */
export const templateFile = () => migratedTemplateFile(migrationScripts());

export async function loadTemplateDatabase(): Promise<PGlite> {
  const bytes = fs.readFileSync(templateFile());
  return PGlite.create({ loadDataDir: new Blob([bytes]) });
}

export function scratchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
