/** @db */
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import type { Database } from "../db/database";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

it("/healthz answers while the process is up", async () => {
  const { app } = createTestApp(db);
  await request(app).get("/healthz").expect(200, { status: "ok" });
});

it("/readyz answers ready when the database answers", async () => {
  const { app } = createTestApp(db);
  const response = await request(app).get("/readyz").expect(200);
  expect(response.body.status).toBe("ready");
});

it("/readyz answers 503 when the database does not", async () => {
  const unreachable: Database = { ...db, ping: () => Promise.reject(new Error("connection refused")) };
  const { app } = createTestApp(unreachable);
  const response = await request(app).get("/readyz").expect(503);
  expect(response.body).toMatchObject({ status: "unavailable", message: "Database is not reachable." });
});

it("unknown API paths answer 404 in JSON", async () => {
  const { app } = createTestApp(db);
  const response = await request(app).get("/api/nope").expect(404);
  expect(response.body.code).toBe("NOT_FOUND");
});
