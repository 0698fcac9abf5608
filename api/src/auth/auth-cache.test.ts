/** @db */
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createAuthCache } from "./auth-cache";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(() => db.reset());
afterAll(() => db.close());

// Long enough that only invalidation, never expiry, can explain a fresh answer within a test.
const cached = () => createTestApp(db, { AUTH_CACHE_MS: "60000" });

describe("createAuthCache", () => {
  it("loads once per key within its lifetime, remembers 'not found' too, and forgets on demand", async () => {
    const cache = createAuthCache(60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads === 1 ? null : "session";
    };
    expect(await cache.session("sid", load)).toBeNull();
    expect(await cache.session("sid", load)).toBeNull();
    expect(loads).toBe(1);
    cache.forgetSession("sid");
    expect(await cache.session("sid", load)).toBe("session");
    expect(loads).toBe(2);
  });

  it("with a lifetime of 0, always loads", async () => {
    const cache = createAuthCache(0);
    let loads = 0;
    const load = async () => ++loads;
    await cache.session("sid", async () => String(await load()));
    await cache.session("sid", async () => String(await load()));
    expect(loads).toBe(2);
  });
});

describe("authentication through the cache", () => {
  it("serves a signed-in session without the database, and signing out ends it at once", async () => {
    const { app } = cached();
    const user = await createUser(db);
    const agent = await signedInAgent(app, db, user);
    await agent.get("/api/auth/user").expect(200);

    // The row is gone but the cached session still answers: proof that no query was needed.
    const rows = await db.prisma.session.findMany();
    await db.prisma.session.deleteMany();
    expect((await agent.get("/api/auth/user").expect(200)).body.email).toBe(user.email);
    await db.prisma.session.createMany({ data: rows.map(({ sid, sess, expire }) => ({ sid, sess: sess as object, expire })) });

    await agent.get("/api/logout");
    await agent.get("/api/auth/user").expect(401);
  });

  it("refuses a revoked API key on the very next request", async () => {
    const { app } = cached();
    const agent = await signedInAgent(app, db, await createUser(db, { pro: true }));
    const created = await agent.post("/graphql").send({ query: 'mutation { createApiKey(input: { name: "k" }) { secret apiKey { id } } }' });
    const { secret, apiKey } = created.body.data.createApiKey;
    const withKey = () => request(app).post("/graphql").set("authorization", `Bearer ${secret}`).send({ query: "{ viewer { email } }" });
    await withKey().expect(200);
    await withKey().expect(200);

    await agent.post("/graphql").send({ query: "mutation R($id: ID!) { revokeApiKey(id: $id) { id } }", variables: { id: apiKey.id } }).expect(200);
    expect((await withKey().expect(401)).body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("shows a billing change on the very next request (demo cancel: Pro → Basic)", async () => {
    const { app } = cached();
    const agent = request.agent(app);
    const created = await agent.post("/api/auth/create-trial").send({ email: "cache@example.com", name: "Ada Lovelace" }).expect(200);
    const sessionId = new URL(created.body.checkoutUrl, "http://localhost").searchParams.get("session_id");
    await agent.post(`/api/billing/demo/checkout/${sessionId}/complete`).expect(200);
    await agent.post("/api/auth/activate").send({ sessionId }).expect(200);
    const status = () => agent.get("/api/subscription-status").expect(200);
    expect((await status()).body).toMatchObject({ has_access_to_pro: true });

    await agent.post("/api/billing/demo/portal/cancel").expect(200);
    expect((await status()).body).toMatchObject({ has_access_to_pro: false });
  });
});
