// Prisma CLI configuration. The JS (WASM) schema engine lets `migrate deploy`
// and `migrate diff` run offline; the adapter picks the same database the app
// uses: PostgreSQL when DATABASE_URL is set, embedded PGlite in DATA_DIR otherwise.
import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";

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
      return new PrismaPg({ connectionString: databaseUrl, allowExitOnIdle: true });
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const dataDir = path.resolve(process.env.DATA_DIR ?? ".data", "pglite");
    fs.mkdirSync(dataDir, { recursive: true });
    return new PrismaPGlite(new PGlite(dataDir));
  },
});
