// A new embedded database starts from a migrated, empty PGlite data folder kept as a tarball
// (node_modules/.cache/tickerscope/), built at install: creating a PGlite cluster from nothing
// (its initdb, in WASM on the main thread) takes ~8 s during which the process answers nothing,
// where unpacking the tarball takes ~2 s. Keyed by the migrations and the PGlite version, so a
// new migration or upgrade builds a new one; without it a start creates the cluster as before.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { projectRoot } from "../config/project-root";

export const templateCacheDir = path.join(projectRoot, "node_modules", ".cache", "tickerscope");

/** The template's file for these migration scripts (their paths, in the order they apply). */
export function migratedTemplateFile(migrationScripts: string[]): string {
  const hash = createHash("sha256");
  hash.update(PGLITE_VERSION);
  for (const script of migrationScripts) {
    hash.update(path.basename(path.dirname(script)));
    hash.update(fs.readFileSync(script));
  }
  return path.join(templateCacheDir, `pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

const PGLITE_VERSION = (JSON.parse(fs.readFileSync(path.join(projectRoot, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string }).version;

/** Packs a migrated cluster (closed) as the template for these migrations. */
export async function saveTemplate(dataDir: string, migrationScripts: string[]): Promise<string> {
  const target = migratedTemplateFile(migrationScripts);
  const pglite = await PGlite.create(dataDir);
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  fs.mkdirSync(templateCacheDir, { recursive: true });
  fs.writeFileSync(`${target}.${process.pid}.tmp`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${target}.${process.pid}.tmp`, target);
  return target;
}

/** Whether `dataDir` holds a PGlite cluster already. */
export const hasCluster = (dataDir: string) => fs.existsSync(path.join(dataDir, "PG_VERSION"));

/**
 * Unpacks the template into `dataDir` (which must not hold a cluster) through a sibling folder
 * renamed into place, so a start killed meanwhile leaves no half-written cluster. False when
 * there is no template for the current migrations.
 */
export async function createFromTemplate(dataDir: string, migrationScripts: string[]): Promise<boolean> {
  const template = migratedTemplateFile(migrationScripts);
  if (!fs.existsSync(template)) return false;
  const unpacking = `${dataDir}.unpacking-${process.pid}`;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // What a start killed while unpacking left behind (its own pid in the name).
  const leftPrefix = `${path.basename(dataDir)}.unpacking-`;
  for (const name of fs.readdirSync(path.dirname(dataDir))) {
    if (name.startsWith(leftPrefix)) fs.rmSync(path.join(path.dirname(dataDir), name), { recursive: true, force: true });
  }
  const pglite = await PGlite.create(unpacking, { loadDataDir: new Blob([fs.readFileSync(template)]) });
  await pglite.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(unpacking, dataDir);
  return true;
}
