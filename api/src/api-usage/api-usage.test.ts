/** @db */
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

// contactDetails 1 + email 1: a data query (account-only queries never count for web traffic)
const DATA_QUERY = "{ contactDetails { email } }";

describe("rate-limit headers", () => {
  it("come with every /graphql response: executed, invalid, and the GraphiQL page", async () => {
    const { app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "300" });
    const now = Date.now() / 1000;

    const first = budgetHeaders(await request(app).post("/graphql").send({ query: DATA_QUERY }).expect(200));
    expect(first).toEqual({ limit: 300, used: 1, remaining: 299, reset: expect.any(Number) });
    expect(first.reset).toBeGreaterThan(now + 590);
    expect(first.reset).toBeLessThan(now + 610);

    // An invalid query runs nothing and costs nothing, but still shows the allowance.
    const invalid = await request(app).post("/graphql").send({ query: "{ nope }" });
    expect(budgetHeaders(invalid)).toEqual({ ...first, reset: expect.any(Number) });
    const graphiql = await request(app).get("/graphql").set("accept", "text/html").expect(200);
    expect(budgetHeaders(graphiql)).toMatchObject({ limit: 300, used: 1, remaining: 299 });
  });

  it("show an API key's remaining points going down by each query's cost", async () => {
    const { app } = createTestApp(db);
    const { withKey } = await proUserWithKey(app);

    const before = budgetHeaders(await withKey({ query: "{ __typename }" }).expect(200));
    expect(before).toMatchObject({ limit: 5000, used: 1, remaining: 4999 });
    const after = budgetHeaders(await withKey({ query: VIEWER_QUERY }).expect(200));
    expect(after).toMatchObject({ used: 1 + VIEWER_COST, remaining: 4999 - VIEWER_COST });
    expect(after.reset).toBe(before.reset);
  });
});

describe("allowances", () => {
  it("are kept per API key (points), per signed-in user and per anonymous IP (requests)", async () => {
    const { app } = createTestApp(db, { API_POINTS_PER_HOUR: "1000", WEB_REQUESTS_PER_10_MINUTES: "200" });
    const { agent, withKey } = await proUserWithKey(app);
    const sessionBefore = budgetHeaders(await agent.post("/graphql").send({ query: DATA_QUERY }));
    expect(sessionBefore).toMatchObject({ limit: 200 });

    expect(budgetHeaders(await withKey({ query: VIEWER_QUERY }))).toMatchObject({ limit: 1000, used: VIEWER_COST });
    expect(budgetHeaders(await agent.post("/graphql").send({ query: DATA_QUERY }))).toMatchObject({ used: sessionBefore.used + 1 });

    const fromIp = (ip: string) => request(app).post("/graphql").set("x-forwarded-for", ip).send({ query: DATA_QUERY });
    expect(budgetHeaders(await fromIp("203.0.113.7"))).toMatchObject({ limit: 200, used: 1 });
    expect(budgetHeaders(await fromIp("203.0.113.7"))).toMatchObject({ used: 2 });
    expect(budgetHeaders(await fromIp("198.51.100.2"))).toMatchObject({ used: 1 });
  });

  it("once an API key's points are spent, answer RATE_LIMITED with 429 and Retry-After, run nothing, and still serve a query that fits", async () => {
    const { app } = createTestApp(db, { API_POINTS_PER_HOUR: "12" });
    const { withKey } = await proUserWithKey(app);
    await withKey({ query: VIEWER_QUERY }).expect(200);
    await withKey({ query: VIEWER_QUERY }).expect(200); // 8 of 12 used

    const limited = await withKey({ query: CREATE_KEY }).expect(429);
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

    // The refused query spent nothing: one that fits still runs.
    const fits = await withKey({ query: VIEWER_QUERY }).expect(200);
    expect(fits.body.data.viewer.email).toEqual(expect.any(String));
    expect(budgetHeaders(fits)).toMatchObject({ used: 12, remaining: 0 });
    await withKey({ query: "{ __typename }" }).expect(429);
  });

  it("charge a web visitor one request per operation whatever its size, shared with the REST shims; a limited visitor can still sign in", async () => {
    const { app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "3" });
    const visitor = request.agent(app);
    const bigPage = `{ contactDetails { email phone hours } a: contactDetails { email } b: contactDetails { email } }`;
    expect(budgetHeaders(await visitor.post("/graphql").send({ query: bigPage }).expect(200))).toMatchObject({ used: 1 });
    expect(budgetHeaders(await visitor.get("/api/news-sentiment/AAPL").expect(200))).toMatchObject({ used: 2 });
    await visitor.post("/graphql").send({ query: DATA_QUERY }).expect(200);

    const limited = await visitor.post("/graphql").send({ query: DATA_QUERY }).expect(429);
    expect(limited.body.errors[0].message).toMatch(/^Too many requests \(3 per 10 minutes\)\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(600);
    await visitor.get("/api/news-sentiment/AAPL").expect(429);

    // What the sign-in page and the header need is never refused, nor are the sign-in calls.
    const account = await visitor.post("/graphql").send({ query: "{ viewer { email } authOptions { singleSignOn } }" }).expect(200);
    expect(account.body.data.viewer).toBeNull();
    await visitor.post("/api/auth/signin").send({ email: "visitor@example.com" }).expect(200);
    await visitor.get("/api/login").expect(302);
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
    const { app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "100" });
    await request(app).post("/graphql").send({ query: DATA_QUERY });

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
