import type { Express } from "express";
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { createUser, signedInAgent } from "../../test/sign-in";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(() => db.reset());
afterAll(() => db.close());

// viewer 1 + email 1 + plan 1 + status 1
const VIEWER_QUERY = "{ viewer { email plan { status } } }";
const VIEWER_COST = 4;
// createApiKey 1 + secret 1 + apiKey 1 + id 1 + name 1
const CREATE_KEY = 'mutation { createApiKey(input: { name: "ci" }) { secret apiKey { id name } } }';
const CREATE_KEY_COST = 5;

/** A Pro user's session and one of their API keys. */
async function proUserWithKey(app: Express) {
  const user = await createUser(db, { pro: true });
  const agent = await signedInAgent(app, db, user);
  const created = await agent.post("/graphql").send({ query: 'mutation { createApiKey(input: { name: "test" }) { secret } }' }).expect(200);
  const secret: string = created.body.data.createApiKey.secret;
  const withKey = (body: object) => request(app).post("/graphql").set("authorization", `Bearer ${secret}`).send(body);
  return { user, agent, secret, withKey };
}

const budgetHeaders = (response: request.Response) => ({
  limit: Number(response.headers["x-ratelimit-limit"]),
  remaining: Number(response.headers["x-ratelimit-remaining"]),
  used: Number(response.headers["x-ratelimit-used"]),
  reset: Number(response.headers["x-ratelimit-reset"]),
});

describe("rate-limit headers", () => {
  it("come with every /graphql response: executed, invalid, and the GraphiQL page", async () => {
    const { app } = createTestApp(db, { API_ANONYMOUS_POINTS_PER_HOUR: "300" });
    const now = Date.now() / 1000;

    const first = budgetHeaders(await request(app).post("/graphql").send({ query: "{ __typename }" }).expect(200));
    expect(first).toEqual({ limit: 300, used: 1, remaining: 299, reset: expect.any(Number) });
    expect(first.reset).toBeGreaterThan(now + 3590);
    expect(first.reset).toBeLessThan(now + 3610);

    // An invalid query runs nothing and costs nothing, but still shows the budget.
    const invalid = await request(app).post("/graphql").send({ query: "{ nope }" });
    expect(budgetHeaders(invalid)).toEqual({ ...first, reset: expect.any(Number) });
    const graphiql = await request(app).get("/graphql").set("accept", "text/html").expect(200);
    expect(budgetHeaders(graphiql)).toMatchObject({ limit: 300, used: 1, remaining: 299 });
  });

  it("show the remaining points going down by each query's cost", async () => {
    const { app } = createTestApp(db);
    const { withKey } = await proUserWithKey(app);

    const before = budgetHeaders(await withKey({ query: "{ __typename }" }).expect(200));
    expect(before).toMatchObject({ limit: 5000, used: 1, remaining: 4999 });
    const after = budgetHeaders(await withKey({ query: VIEWER_QUERY }).expect(200));
    expect(after).toMatchObject({ used: 1 + VIEWER_COST, remaining: 4999 - VIEWER_COST });
    expect(after.reset).toBe(before.reset);
  });
});

describe("budgets", () => {
  it("are kept per API key, per signed-in user and per anonymous IP", async () => {
    const { app } = createTestApp(db, { API_POINTS_PER_HOUR: "1000", API_ANONYMOUS_POINTS_PER_HOUR: "200" });
    const { agent, withKey } = await proUserWithKey(app);
    const sessionBefore = budgetHeaders(await agent.post("/graphql").send({ query: "{ __typename }" }));

    expect(budgetHeaders(await withKey({ query: VIEWER_QUERY }))).toMatchObject({ limit: 1000, used: VIEWER_COST });
    expect(budgetHeaders(await agent.post("/graphql").send({ query: "{ __typename }" }))).toMatchObject({ used: sessionBefore.used + 1 });

    const fromIp = (ip: string) => request(app).post("/graphql").set("x-forwarded-for", ip).send({ query: VIEWER_QUERY });
    // Anonymous: viewer is null, so its sub-fields never run, but the query's shape is what is priced.
    expect(budgetHeaders(await fromIp("203.0.113.7"))).toMatchObject({ limit: 200, used: VIEWER_COST });
    expect(budgetHeaders(await fromIp("203.0.113.7"))).toMatchObject({ used: 2 * VIEWER_COST });
    expect(budgetHeaders(await fromIp("198.51.100.2"))).toMatchObject({ used: VIEWER_COST });
  });

  it("once spent, answer RATE_LIMITED with 429 and Retry-After, run nothing, and still serve a query that fits", async () => {
    const { app } = createTestApp(db, { API_ANONYMOUS_POINTS_PER_HOUR: "12" });
    const user = await createUser(db, { pro: true });
    const agent = await signedInAgent(app, db, user);
    await agent.post("/graphql").send({ query: VIEWER_QUERY }).expect(200);
    await agent.post("/graphql").send({ query: VIEWER_QUERY }).expect(200); // 8 of 12 used

    const limited = await agent.post("/graphql").send({ query: CREATE_KEY }).expect(429);
    expect(limited.body.data).toBeUndefined();
    expect(limited.body.errors).toEqual([
      {
        message: `API rate limit exceeded: this query costs ${CREATE_KEY_COST} points and 4 of 12 remain this hour. The budget resets in ${limited.headers["retry-after"]} seconds.`,
        extensions: { code: "RATE_LIMITED", retryAfterSeconds: Number(limited.headers["retry-after"]), cost: CREATE_KEY_COST },
      },
    ]);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(3500);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(budgetHeaders(limited)).toMatchObject({ limit: 12, used: 8, remaining: 4 });
    expect(await db.prisma.apiKey.count()).toBe(0);

    // The refused query spent nothing: one that fits still runs.
    const fits = await agent.post("/graphql").send({ query: VIEWER_QUERY }).expect(200);
    expect(fits.body.data.viewer.email).toBe(user.email);
    expect(budgetHeaders(fits)).toMatchObject({ used: 12, remaining: 0 });
    await agent.post("/graphql").send({ query: "{ __typename }" }).expect(429);
  });
});

describe("per-query limits", () => {
  it("reject an over-cost operation before it runs, naming the cost and the limit", async () => {
    const { app } = createTestApp(db, { API_MAX_QUERY_COST: String(CREATE_KEY_COST - 1) });
    const user = await createUser(db, { pro: true });
    const agent = await signedInAgent(app, db, user);
    const before = budgetHeaders(await agent.post("/graphql").send({ query: "{ __typename }" }));

    const rejected = await agent.post("/graphql").send({ query: CREATE_KEY }).expect(400);
    expect(rejected.body).toEqual({
      errors: [
        {
          message: `This query costs ${CREATE_KEY_COST} points; the maximum per query is ${CREATE_KEY_COST - 1}. Ask for fewer items (first/last) or split it.`,
          extensions: { code: "QUERY_TOO_COMPLEX", cost: CREATE_KEY_COST, maxCost: CREATE_KEY_COST - 1 },
        },
      ],
    });
    // Nothing ran (no key was created) and nothing was charged.
    expect(await db.prisma.apiKey.count()).toBe(0);
    expect(budgetHeaders(rejected)).toMatchObject({ used: before.used, remaining: before.remaining });

    await agent.post("/graphql").send({ query: VIEWER_QUERY }).expect(200);
  });

  it("reject an over-deep operation before it runs, naming the depth and the limit", async () => {
    const { app } = createTestApp(db, { API_MAX_QUERY_DEPTH: "2" });
    const agent = await signedInAgent(app, db, await createUser(db, { pro: true }));

    const rejected = await agent.post("/graphql").send({ query: CREATE_KEY }).expect(400);
    expect(rejected.body.errors[0]).toEqual({
      message: "This query is nested 3 levels deep; the maximum is 2.",
      extensions: { code: "QUERY_TOO_COMPLEX", depth: 3, maxDepth: 2 },
    });
    expect(await db.prisma.apiKey.count()).toBe(0);
    await agent.post("/graphql").send({ query: "{ viewer { email } }" }).expect(200);
  });

  it("refuse arguments that cannot be read (a malformed global id) before anything runs", async () => {
    const { app } = createTestApp(db);
    const response = await request(app).post("/graphql").send({ query: '{ node(id: "not-an-id") { id } }' }).expect(400);
    expect(response.body.errors[0]).toEqual({ message: "Invalid global ID: not-an-id", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("price the operation selected by operationName, not the first in the document", async () => {
    const { app } = createTestApp(db, { API_MAX_QUERY_COST: "3" });
    const document = `query Cheap { __typename } query Dear ${VIEWER_QUERY}`;
    await request(app).post("/graphql").send({ query: document, operationName: "Cheap" }).expect(200);
    const rejected = await request(app).post("/graphql").send({ query: document, operationName: "Dear" }).expect(400);
    expect(rejected.body.errors[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", cost: VIEWER_COST });
  });
});

describe("Query.rateLimit", () => {
  const RATE_LIMIT = "rateLimit { limit cost used remaining resetAt }";
  // rateLimit 1 + its 5 fields
  const RATE_LIMIT_COST = 6;

  it("answers what this query costs and the budget after it", async () => {
    const { app } = createTestApp(db);
    const { withKey } = await proUserWithKey(app);

    const response = await withKey({ query: `{ viewer { email } ${RATE_LIMIT} }` }).expect(200);
    const cost = 2 + RATE_LIMIT_COST;
    const headers = budgetHeaders(response);
    expect(response.body.data.rateLimit).toEqual({ limit: 5000, cost, used: cost, remaining: 5000 - cost, resetAt: expect.any(String) });
    expect(Math.ceil(Date.parse(response.body.data.rateLimit.resetAt) / 1000)).toBe(headers.reset);
    expect(headers).toMatchObject({ used: cost, remaining: 5000 - cost });
  });

  it("with dryRun, prices the whole query but runs and charges nothing else", async () => {
    const { app } = createTestApp(db, { API_ANONYMOUS_POINTS_PER_HOUR: "100" });
    await request(app).post("/graphql").send({ query: "{ __typename }" });

    const response = await request(app)
      .post("/graphql")
      .send({
        query: `query Price($dry: Boolean) { viewer { email } check: rateLimit(dryRun: $dry) { cost used remaining } }`,
        variables: { dry: true },
      })
      .expect(200);
    expect(response.body).toEqual({ data: { check: { cost: 2 + 4, used: 1, remaining: 99 } } });
    expect(budgetHeaders(response)).toMatchObject({ used: 1, remaining: 99 });
  });
});

describe("GraphiQL", () => {
  it("opens with a note on using an API key and example queries", async () => {
    const { app } = createTestApp(db);
    const page = await request(app).get("/graphql").set("accept", "text/html").expect(200);
    expect(page.text).toContain("/account");
    expect(page.text).toContain("Authorization: Bearer tsk_");
    expect(page.text).toContain("X-RateLimit-Limit");
    for (const example of ["query Viewer", "query RateLimit", "query ContactDetails"]) expect(page.text).toContain(example);
  });
});
