/** @db */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../config/project-root";
import { createTestDatabase } from "../../test/test-database";
import { PGlite } from "@electric-sql/pglite";
import { databaseOnPGlite } from "./database";
import { applyPendingMigrations, committedMigrations, pendingMigrations } from "./migrations";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

it("the test database has every committed migration applied, recorded as prisma migrate deploy records them", async () => {
  expect(committedMigrations().length).toBeGreaterThan(0);
  expect(await pendingMigrations(db)).toEqual([]);
  // Prisma's checksum is the script's SHA-256: the CLI then sees the same migrations applied.
  const recorded = await db.prisma.$queryRaw<{ name: string; checksum: string }[]>`
    SELECT migration_name AS name, checksum FROM _prisma_migrations ORDER BY migration_name`;
  expect(recorded).toEqual(
    committedMigrations().map((name) => ({
      name,
      checksum: createHash("sha256").update(fs.readFileSync(path.join(projectRoot, "prisma", "migrations", name, "migration.sql"))).digest("hex"),
    })),
  );
  const tables = await db.prisma.$queryRaw<{ name: string }[]>`
    SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`;
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining([
      "ai_picks",
      "contact_messages",
      "earnings_predictions",
      "hedge_fund_holdings",
      "price_data",
      "screening_results",
      "sessions",
      "users",
    ]),
  );
});

it("stores decimals at the spec's precision", async () => {
  await db.reset();
  const bar = await db.prisma.priceBar.create({
    data: { ticker: "AAPL", date: new Date("2021-04-21"), close: "133.499", volume: 67_000_000 },
  });
  expect(bar.close?.toString()).toBe("133.5");
  await expect(
    db.prisma.priceBar.create({ data: { ticker: "AAPL", date: new Date("2021-04-21") } }),
  ).rejects.toThrow(/unique constraint/i);
});

it("has no semicolon in a migration's comments: on PostgreSQL the driver adapter splits scripts at every ';'", () => {
  const commentsWithSemicolons = committedMigrations().flatMap((name) =>
    fs
      .readFileSync(path.join(projectRoot, "prisma", "migrations", name, "migration.sql"), "utf8")
      .split("\n")
      .filter((line) => /--.*;/.test(line))
      .map((line) => `${name}: ${line.trim()}`),
  );
  expect(commentsWithSemicolons).toEqual([]);
});

it("applies a migration whole or not at all: a failing script leaves neither its tables nor its row", async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerscope-migrations-"));
  const write = (name: string, sql: string) => {
    fs.mkdirSync(path.join(scratch, "migrations", name), { recursive: true });
    fs.writeFileSync(path.join(scratch, "migrations", name, "migration.sql"), sql);
  };
  write("1_good", "CREATE TABLE first_table (id int);\nCREATE TABLE second_table (id int);");
  write("2_bad", "CREATE TABLE third_table (id int);\nSELECT no_such_function();");
  // An empty cluster in memory: initdb on disk takes several times longer.
  const empty = databaseOnPGlite(await PGlite.create());
  try {
    await expect(applyPendingMigrations(empty, undefined, path.join(scratch, "migrations"))).rejects.toThrow(/no_such_function/);
    const tables = await empty.prisma.$queryRaw<{ name: string }[]>`
      SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`;
    expect(tables.map((table) => table.name)).toEqual(["_prisma_migrations", "first_table", "second_table"]);
    expect(await pendingMigrations(empty, path.join(scratch, "migrations"))).toEqual(["2_bad"]);
  } finally {
    await empty.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
