import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { projectRoot } from "../src/config/project-root";
import { committedMigrations } from "../src/db/migrations";

/**
 * A PGlite data folder with every committed migration applied by the real
 * `prisma migrate deploy`, saved as a tarball so each test file can load its
 * own isolated in-memory copy in milliseconds. Cached by migration content.
 */
export const templateCacheDir = path.join(projectRoot, "node_modules", ".cache", "tickerscope-test");

export function templateFile(): string {
  const hash = crypto.createHash("sha256");
  for (const name of committedMigrations()) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(projectRoot, "prisma", "migrations", name, "migration.sql")));
  }
  return path.join(templateCacheDir, `pglite-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

export async function loadTemplateDatabase(): Promise<PGlite> {
  const bytes = fs.readFileSync(templateFile());
  return PGlite.create({ loadDataDir: new Blob([bytes]) });
}

export function scratchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
