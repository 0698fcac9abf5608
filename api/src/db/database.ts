import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client";
import type { AppConfig } from "../config/config";

export type DatabaseTarget = AppConfig["database"];

/** An open database: the Prisma client plus what the app needs to check and close it. */
export type Database = {
  prisma: PrismaClient;
  kind: DatabaseTarget["kind"];
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Opens the embedded PGlite database in its data folder, or the PostgreSQL server named by URL. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: target.url }) });
    return wrap(prisma, "postgres", async () => {});
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const pglite = await PGlite.create(target.dataDir);
  return databaseOnPGlite(pglite);
}

// pglite-prisma-adapter 0.6 is typed against driver-adapter-utils 6.10; the
// interface it implements is unchanged in 6.19, only the type identity differs.
type DriverAdapter = NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"];

/** Wraps an already open PGlite instance (tests load one from a migrated snapshot). */
export function databaseOnPGlite(pglite: PGlite): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) as unknown as DriverAdapter });
  return wrap(prisma, "pglite", () => pglite.close());
}

function wrap(
  prisma: PrismaClient,
  kind: DatabaseTarget["kind"],
  closeDriver: () => Promise<void>,
): Database {
  return {
    prisma,
    kind,
    async ping() {
      await prisma.$queryRaw`SELECT 1`;
    },
    async close() {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}
