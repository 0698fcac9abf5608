// Prisma CLI configuration. The JS (WASM) schema engine lets `migrate deploy`
// and `migrate diff` run offline; the adapter picks the same database the app
// uses: PostgreSQL when DATABASE_URL is set, embedded PGlite in DATA_DIR otherwise.
import fs from "node:fs";
import path from "node:path";
import { defineConfig, type PrismaConfig } from "prisma/config";

// Both adapters implement the migration-aware interface; their packages are typed
// against other driver-adapter-utils versions than this CLI.
type MigrateAdapter = Awaited<ReturnType<Extract<PrismaConfig, { engine: "js" }>["adapter"]>>;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(__dirname, "schema.prisma"),
  migrations: { path: path.join(__dirname, "migrations") },
  async adapter() {
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl) {
      // adapter-pg 6.19 cannot read the `name` column type the schema engine
      // introspects (prisma/orm#27403); 7.x maps it, so migrations use 7.x.
      const { PrismaPg } = await import("prisma-migrate-adapter-pg");
      return new PrismaPg({ connectionString: databaseUrl }) as unknown as MigrateAdapter;
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const dataDir = path.resolve(process.env.DATA_DIR ?? ".data", "pglite");
    fs.mkdirSync(dataDir, { recursive: true });
    const pglite = new PGlite(dataDir);
    // The CLI never disposes its adapter. Shut PGlite down cleanly before the
    // process exits, or the next open has to recover the data folder (and
    // PGlite's recovery can abort).
    let closing = false;
    process.on("beforeExit", () => {
      if (closing) return;
      closing = true;
      void pglite.close();
    });
    return new PrismaPGlite(pglite) as unknown as MigrateAdapter;
  },
});
