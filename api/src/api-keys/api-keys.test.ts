/** @db */
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { createUser, signedInAgent } from "../../test/sign-in";
import { hashApiKey } from "./api-keys";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(() => db.reset());
afterAll(() => db.close());

const createKey = `mutation CreateKey($name: String!) {
  createApiKey(input: { name: $name }) { secret apiKey { id name prefix createdAt lastUsedAt revokedAt } }
}`;
const listKeys = "{ viewer { apiKeys { id name prefix createdAt lastUsedAt revokedAt } } }";
const revokeKey = "mutation Revoke($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }";

async function proAgent() {
  const { app } = createTestApp(db);
  const user = await createUser(db, { pro: true });
  return { app, user, agent: await signedInAgent(app, db, user) };
}

describe("createApiKey", () => {
  it("needs a signed-in Pro user: anonymous → UNAUTHENTICATED, Basic → PRO_REQUIRED; nothing stored", async () => {
    const { app } = createTestApp(db);
    const anonymous = await request(app).post("/graphql").send({ query: createKey, variables: { name: "ci" } }).expect(200);
    expect(anonymous.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");

    const basic = await signedInAgent(app, db, await createUser(db));
    const denied = await basic.post("/graphql").send({ query: createKey, variables: { name: "ci" } }).expect(200);
    expect(denied.body.errors[0]).toMatchObject({ message: "A Pro subscription is required.", extensions: { code: "PRO_REQUIRED" } });
    expect(await db.prisma.apiKey.count()).toBe(0);
  });

  it("shows the secret once and stores only its hash", async () => {
    const { agent, user } = await proAgent();
    const response = await agent.post("/graphql").send({ query: createKey, variables: { name: "  Research notebook " } }).expect(200);

    const { secret, apiKey } = response.body.data.createApiKey;
    expect(secret).toMatch(/^tsk_[A-Za-z0-9_-]{40}$/);
    expect(apiKey).toMatchObject({ name: "Research notebook", prefix: secret.slice(0, 12), lastUsedAt: null, revokedAt: null });
    const stored = await db.prisma.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(stored.userId).toBe(user.id);
    expect(stored.secretHash).toBe(hashApiKey(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);

    // The list never offers the secret again.
    const secretAgain = await agent.post("/graphql").send({ query: "{ viewer { apiKeys { secret } } }" });
    expect(secretAgain.body.errors[0].message).toMatch(/Cannot query field "secret" on type "ApiKey"/);
  });

  it("rejects a blank name with BAD_USER_INPUT naming the field", async () => {
    const { agent } = await proAgent();
    const response = await agent.post("/graphql").send({ query: createKey, variables: { name: "   " } }).expect(200);
    expect(response.body.errors[0].extensions).toEqual({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "name", message: "Name is required." }],
    });
    expect(await db.prisma.apiKey.count()).toBe(0);
  });

  it("cannot be called with an API key, even a Pro user's", async () => {
    const { app, agent } = await proAgent();
    const { secret } = (await agent.post("/graphql").send({ query: createKey, variables: { name: "first" } })).body.data.createApiKey;

    const response = await request(app)
      .post("/graphql")
      .set("authorization", `Bearer ${secret}`)
      .send({ query: createKey, variables: { name: "minted by a key" } })
      .expect(200);
    expect(response.body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect(await db.prisma.apiKey.count()).toBe(1);
  });
});

describe("Viewer.apiKeys", () => {
  it("lists the user's keys newest first with prefix, created and last used; never another user's", async () => {
    const { app, agent } = await proAgent();
    const older = (await agent.post("/graphql").send({ query: createKey, variables: { name: "older" } })).body.data.createApiKey;
    await db.prisma.apiKey.update({ where: { id: older.apiKey.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const newer = (await agent.post("/graphql").send({ query: createKey, variables: { name: "newer" } })).body.data.createApiKey;
    const otherUser = await signedInAgent(app, db, await createUser(db, { pro: true }));
    await otherUser.post("/graphql").send({ query: createKey, variables: { name: "someone else's" } }).expect(200);

    // Using a key records when it was last used.
    await request(app).post("/graphql").set("authorization", `Bearer ${older.secret}`).send({ query: "{ __typename }" }).expect(200);

    const keys = (await agent.post("/graphql").send({ query: listKeys }).expect(200)).body.data.viewer.apiKeys;
    expect(keys.map((key: { name: string }) => key.name)).toEqual(["newer", "older"]);
    expect(keys[0]).toMatchObject({ id: newer.apiKey.id, prefix: newer.secret.slice(0, 12), lastUsedAt: null });
    expect(keys[1]).toMatchObject({ id: older.apiKey.id, prefix: older.secret.slice(0, 12), revokedAt: null });
    expect(Date.now() - Date.parse(keys[1].lastUsedAt)).toBeLessThan(60_000);
    expect(Date.parse(keys[1].createdAt)).toBeLessThan(Date.parse(keys[0].createdAt));
  });
});

describe("API key authentication", () => {
  it("answers `curl -H 'Authorization: Bearer …'` as the key's Pro user, with rate-limit headers", async () => {
    const { app, agent, user } = await proAgent();
    const { secret } = (await agent.post("/graphql").send({ query: createKey, variables: { name: "curl" } })).body.data.createApiKey;

    // As curl sends it: JSON body, no cookie, no CSRF header.
    const response = await request(app)
      .post("/graphql")
      .set("authorization", `Bearer ${secret}`)
      .set("content-type", "application/json")
      .send(JSON.stringify({ query: "{ viewer { email proSince plan { hasProAccess } } }" }))
      .expect(200);
    expect(response.body).toEqual({
      data: { viewer: { email: user.email, proSince: "2026-11-01T00:00:00.000Z", plan: { hasProAccess: true } } },
    });
    expect(response.headers).toMatchObject({
      "x-ratelimit-limit": "5000",
      "x-ratelimit-used": "5",
      "x-ratelimit-remaining": "4995",
      "x-ratelimit-reset": expect.stringMatching(/^\d{10}$/),
    });
  });

  it("gives a Basic user's key no Pro data", async () => {
    const { app, agent, user } = await proAgent();
    const { secret } = (await agent.post("/graphql").send({ query: createKey, variables: { name: "lapsing" } })).body.data.createApiKey;
    await db.prisma.user.update({ where: { id: user.id }, data: { subscriptionStatus: "canceled" } });

    const response = await request(app).post("/graphql").set("authorization", `Bearer ${secret}`).send({ query: "{ viewer { proSince } }" });
    expect(response.body.errors[0].extensions.code).toBe("PRO_REQUIRED");
  });
});

describe("revokeApiKey", () => {
  it("revokes the key: it then gets 401, and the list shows when it was revoked", async () => {
    const { app, agent } = await proAgent();
    const { secret, apiKey } = (await agent.post("/graphql").send({ query: createKey, variables: { name: "leaked" } })).body.data.createApiKey;
    await request(app).post("/graphql").set("authorization", `Bearer ${secret}`).send({ query: "{ __typename }" }).expect(200);

    const revoked = await agent.post("/graphql").send({ query: revokeKey, variables: { id: apiKey.id } }).expect(200);
    expect(revoked.body.data.revokeApiKey).toEqual({ id: apiKey.id, revokedAt: expect.any(String) });

    const rejected = await request(app)
      .post("/graphql")
      .set("authorization", `Bearer ${secret}`)
      .send({ query: "{ viewer { email } }" })
      .expect(401);
    expect(rejected.body.errors[0]).toMatchObject({
      message: "This API key is not valid or has been revoked.",
      extensions: { code: "UNAUTHENTICATED" },
    });
    const keys = (await agent.post("/graphql").send({ query: listKeys })).body.data.viewer.apiKeys;
    expect(keys[0].revokedAt).toBe(revoked.body.data.revokeApiKey.revokedAt);
  });

  it("works without Pro, so a lapsed customer can still lock a key", async () => {
    const { agent, user } = await proAgent();
    const { apiKey } = (await agent.post("/graphql").send({ query: createKey, variables: { name: "old" } })).body.data.createApiKey;
    await db.prisma.user.update({ where: { id: user.id }, data: { planType: "basic", subscriptionStatus: "canceled" } });

    const response = await agent.post("/graphql").send({ query: revokeKey, variables: { id: apiKey.id } }).expect(200);
    expect(response.body.data.revokeApiKey.revokedAt).toEqual(expect.any(String));
  });

  it("cannot touch another user's key (NOT_FOUND), and needs a signed-in user", async () => {
    const { app, agent } = await proAgent();
    const { apiKey } = (await agent.post("/graphql").send({ query: createKey, variables: { name: "mine" } })).body.data.createApiKey;
    const stranger = await signedInAgent(app, db, await createUser(db));

    const notFound = await stranger.post("/graphql").send({ query: revokeKey, variables: { id: apiKey.id } });
    expect(notFound.body.errors[0].extensions.code).toBe("NOT_FOUND");
    const anonymous = await request(app).post("/graphql").send({ query: revokeKey, variables: { id: apiKey.id } });
    expect(anonymous.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await db.prisma.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).revokedAt).toBeNull();
  });
});

describe("what an API key may do", () => {
  it("reads data but changes nothing of the account: no key creation or revocation, no key list, no billing", async () => {
    const { app, agent } = await proAgent();
    const created = await agent.post("/graphql").send({ query: createKey, variables: { name: "script" } }).expect(200);
    const { secret, apiKey } = created.body.data.createApiKey;
    const withKey = (body: object) => request(app).post("/graphql").set("authorization", `Bearer ${secret}`).send(body);

    expect((await withKey({ query: "{ viewer { email plan { hasProAccess } } }" }).expect(200)).body.data.viewer.plan.hasProAccess).toBe(true);

    for (const [query, variables] of [
      [createKey, { name: "sibling" }],
      [revokeKey, { id: apiKey.id }],
      [listKeys, {}],
      ["mutation { refreshSubscription { status } }", {}],
    ] as const) {
      const denied = await withKey({ query, variables });
      expect(denied.body.errors?.[0]).toMatchObject({
        message: "API keys read data only: account, billing and API-key changes need a signed-in browser session.",
        extensions: { code: "FORBIDDEN" },
      });
    }
    const viaRest = (path: string) => request(app).post(path).set("authorization", `Bearer ${secret}`).send({});
    for (const path of ["/api/billing/portal", "/api/billing/refresh", "/api/billing/demo/portal/cancel"]) {
      expect({ path, status: (await viaRest(path)).status }).toEqual({ path, status: 403 });
    }
    expect(await db.prisma.apiKey.count({ where: { revokedAt: null } })).toBe(1);
  });
});
