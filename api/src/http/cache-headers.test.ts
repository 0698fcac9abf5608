/**
 * Who may keep a copy of an answer (http/cache-headers.ts): what depends on the caller is private
 * (or never stored) and varies by Cookie and Authorization; public data is cacheable with its ETag.
 *
 * @db
 */
import crypto from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import { hashApiKey } from "../api-keys/api-keys";
import { proRestRoutes } from "../billing/require-pro";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import type { CachePolicy } from "./cache-headers";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Express;
let proKey: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  ({ app } = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000" }));
  const pro = await createUser(db, { pro: true });
  proKey = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
  await db.prisma.apiKey.create({ data: { userId: pro.id, name: "cache test", prefix: proKey.slice(0, 12), secretHash: hashApiKey(proKey) } });
}, 120_000);
afterAll(() => db.close());

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: { cachePolicy?: CachePolicy } }[] }; handle?: { stack?: Layer[] } };

/** Every /api route with the policy its own handlers declare (undefined: app.ts's default, viewer). */
function declaredPolicies(): { route: string; policy: CachePolicy["kind"] | undefined }[] {
  const walk = (stack: Layer[]): { route: string; policy: CachePolicy["kind"] | undefined }[] =>
    stack.flatMap((layer) => {
      if (!layer.route) return layer.handle?.stack ? walk(layer.handle.stack) : [];
      const policy = layer.route.stack.map((step) => step.handle.cachePolicy).find(Boolean)?.kind;
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((path) => Object.keys(layer.route!.methods).map((method) => ({ route: `${method.toUpperCase()} ${path}`, policy })));
    });
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack).filter((entry) => entry.route.includes(" /api/"));
}

const varyOf = (response: request.Response) =>
  String(response.headers.vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

function expectViewerDependent(response: request.Response, cacheControl = "private, no-cache") {
  expect(response.headers["cache-control"]).toBe(cacheControl);
  expect(varyOf(response)).toEqual(expect.arrayContaining(["cookie", "authorization"]));
}

describe("each /api route's declared cache policy", () => {
  it("is public only where the answer reads no session or key, never on a Pro route", () => {
    const policies = declaredPolicies();
    expect(policies.filter((entry) => entry.policy === "public").map((entry) => entry.route)).toEqual([
      "GET /api/news-sentiment/:ticker",
      "GET /api/data-coverage",
      "GET /api/ai-picks/track-record",
    ]);
    const proRoutes = proRestRoutes.map((route) => `${route.method} ${route.path}`);
    expect(policies.filter((entry) => proRoutes.includes(entry.route)).map((entry) => entry.policy)).toEqual(proRoutes.map(() => undefined));
    // The account's own state and secrets are never stored.
    expect(policies.filter((entry) => entry.policy === "no-store").map((entry) => entry.route)).toEqual(
      expect.arrayContaining(["GET /api/auth/user", "GET /api/subscription-status", "GET /api/dev/outbox"]),
    );
  });
});

describe("an answer that depends on the caller", () => {
  it("GET /api/ai-picks (5 picks to a visitor, all to Pro) is private, varies by Cookie and Authorization, and keeps its ETag", async () => {
    const visitor = await request(app).get("/api/ai-picks").expect(200);
    expectViewerDependent(visitor);
    expect(visitor.headers.etag).toEqual(expect.any(String));
    expectViewerDependent(await request(app).get("/api/ai-picks").set("authorization", `Bearer ${proKey}`).expect(200));
    // The caller's own browser may revalidate its copy.
    await request(app).get("/api/ai-picks").set("if-none-match", visitor.headers.etag).expect(304);
  });

  it("a Pro route is private whether it answers or refuses", async () => {
    for (const route of proRestRoutes.filter((candidate) => candidate.method === "GET")) {
      const refused = await request(app).get(route.sampleUrl);
      expect({ url: route.sampleUrl, status: refused.status }).toEqual({ url: route.sampleUrl, status: 403 });
      expectViewerDependent(refused);
      expectViewerDependent(await request(app).get(route.sampleUrl).set("authorization", `Bearer ${proKey}`));
    }
  });

  it("the account's state is never stored", async () => {
    expectViewerDependent(await request(app).get("/api/auth/user").expect(401), "no-store");
    const agent = await signedInAgent(app, db, await createUser(db));
    expectViewerDependent(await agent.get("/api/auth/user").expect(200), "no-store");
    expectViewerDependent(await agent.get("/api/subscription-status").expect(200), "no-store");
  });

  it("every GraphQL answer is never stored and varies by caller, POST or GET", async () => {
    expectViewerDependent(await request(app).post("/graphql").send({ query: "{ viewer { email } }" }).expect(200), "no-store");
    expectViewerDependent(await request(app).post("/graphql").set("authorization", `Bearer ${proKey}`).send({ query: "{ viewer { email } }" }).expect(200), "no-store");
    const get = (csrf: boolean) => request(app).get("/graphql?query=%7B__typename%7D").set("accept", "application/json").set(csrf ? { "x-graphql-yoga-csrf": "1" } : {});
    expectViewerDependent(await get(true).expect(200), "no-store");
    // Refusals too (here Yoga's CSRF check).
    expectViewerDependent(await get(false).expect(403), "no-store");
  });

  it("an unknown /api path and the admin routes (their own bearer token) are private too", async () => {
    expectViewerDependent(await request(app).get("/api/no-such-route").expect(404));
    expectViewerDependent(await request(app).post("/api/admin/13f-imports").set("authorization", "Bearer wrong").expect(403));
  });
});

describe("public data", () => {
  const publicUrls = ["/api/news-sentiment/AAPL?timeframe=7d&asOf=2021-04-21", "/api/data-coverage", "/api/ai-picks/track-record"];

  it.each(publicUrls)("%s is the same for every caller, cacheable by any cache, and revalidates with its ETag", async (url) => {
    const visitor = await request(app).get(url).expect(200);
    const pro = await request(app).get(url).set("authorization", `Bearer ${proKey}`).expect(200);
    expect(pro.body).toEqual(visitor.body);
    for (const response of [visitor, pro]) {
      expect(response.headers["cache-control"]).toBe(url === "/api/data-coverage" ? "public, max-age=60" : "public, no-cache");
      expect(varyOf(response)).not.toContain("cookie");
      expect(varyOf(response)).not.toContain("authorization");
      expect(response.headers.etag).toEqual(expect.any(String));
    }
    expect(pro.headers.etag).toBe(visitor.headers.etag);
    const revalidated = await request(app).get(url).set("if-none-match", visitor.headers.etag).expect(304);
    expect(revalidated.headers["cache-control"]).toBe(visitor.headers["cache-control"]);
  });
});
