import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../config/project-root";
import { createTestDatabase } from "../../test/test-database";
import { committedMigrations, pendingMigrations } from "./migrations";

it("the test database has every committed migration applied by prisma migrate deploy", async () => {
  const db = await createTestDatabase();
  try {
    expect(committedMigrations().length).toBeGreaterThan(0);
    expect(await pendingMigrations(db)).toEqual([]);
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
  } finally {
    await db.close();
  }
});

it("stores decimals at the spec's precision", async () => {
  const db = await createTestDatabase();
  try {
    await db.reset();
    const bar = await db.prisma.priceBar.create({
      data: { ticker: "AAPL", date: new Date("2021-04-21"), close: "133.499", volume: 67_000_000 },
    });
    expect(bar.close?.toString()).toBe("133.5");
    await expect(
      db.prisma.priceBar.create({ data: { ticker: "AAPL", date: new Date("2021-04-21") } }),
    ).rejects.toThrow(/unique constraint/i);
  } finally {
    await db.close();
  }
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
