/** @db */
import request from "supertest";
import { loadConfig } from "../config/config";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

const message = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", investmentFocus: "family-office", message: "Hello there, a question." };

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
});
afterAll(() => db.close());

describe("client address", () => {
  it("trusts no proxy by default, so rotating X-Forwarded-For does not step around a per-IP limit", async () => {
    expect(loadConfig({}).trustProxy).toBe("false");
    const { app } = createTestApp(db, { TRUST_PROXY: "false", CONTACT_RATE_LIMIT_PER_MINUTE: "2" });
    const send = (forwardedFor: string) => request(app).post("/api/contact").set("x-forwarded-for", forwardedFor).send(message);
    await send("203.0.113.1").expect(201);
    await send("203.0.113.2").expect(201);
    const refused = await send("203.0.113.3").expect(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
  });

  it("uses X-Forwarded-For from a configured proxy", async () => {
    const { app } = createTestApp(db, { TRUST_PROXY: "loopback", CONTACT_RATE_LIMIT_PER_MINUTE: "1" });
    const send = (forwardedFor: string) => request(app).post("/api/contact").set("x-forwarded-for", forwardedFor).send(message);
    await send("198.51.100.1").expect(201);
    await send("198.51.100.2").expect(201);
    await send("198.51.100.1").expect(429);
  });
});

describe("development outbox", () => {
  it("answers this machine by its own name only: another Host (DNS rebinding) gets 404", async () => {
    const { app } = createTestApp(db);
    await request(app).get("/api/dev/outbox").set("host", "localhost:3000").expect(200);
    await request(app).get("/api/dev/outbox").set("host", "127.0.0.1:3000").expect(200);
    await request(app).get("/api/dev/outbox").set("host", "rebind.attacker.example:3000").expect(404);
    await request(app).get("/api/dev/outbox").set("host", "localhost.attacker.example").expect(404);
  });
});
