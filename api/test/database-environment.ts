// The api tests' jest environment: Node's, plus one embedded database per jest worker. Starting
// PGlite from the migrated template cost each database test file 1.5–2.5 s; the worker's instance
// is started once (lazily, by the first file that asks) and emptied at the start of every file
// (createTestDatabase), so files stay isolated. It lives in this module, which jest loads once
// per worker, outside any test file's module registry.
import type { PGlite } from "@electric-sql/pglite";
import NodeEnvironment from "jest-environment-node";
import { loadTemplateDatabase } from "./template-database";

let workerDatabase: Promise<PGlite> | undefined;

export default class DatabaseEnvironment extends NodeEnvironment {
  override async setup() {
    await super.setup();
    this.global.workerDatabase = () => (workerDatabase ??= loadTemplateDatabase());
  }
}
