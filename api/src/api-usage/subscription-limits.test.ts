/** @db */
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { eventually } from "../../test/eventually";
import { listen, signInCookie, subscribe } from "../../test/live-server";
import { createUser } from "../../test/sign-in";
import type { BudgetOwner } from "./query-budget";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await listen(3490);
});
beforeEach(() => db.reset());
afterAll(async () => {
  await server.close();
  await db.close();
});

const NEWS = 'subscription { newsArticlesAdded(tickers: ["AAPL"]) { title } }';
// newsArticlesAdded 1 + a list's assumed 10 items × title 1
const NEWS_COST = 11;

/** Each test's anonymous clients get their own address: the app trusts X-Forwarded-For from loopback. */
const from = (ip: string) => ({ "x-forwarded-for": ip });
const ipOwner = (ip: string): BudgetOwner => ({ kind: "ip", id: ip });

function serveApp(environment: NodeJS.ProcessEnv) {
  const { app, deps } = createTestApp(db, environment);
  server.serve(app);
  return deps;
}

describe("live subscriptions per requester", () => {
  it("refuses one past SUBSCRIPTIONS_PER_REQUESTER with 429 TOO_MANY_SUBSCRIPTIONS, and frees a slot when its client disconnects", async () => {
    const deps = serveApp({ SUBSCRIPTIONS_PER_REQUESTER: "2" });
    const streams: Awaited<ReturnType<typeof subscribe>>[] = [];
    try {
      for (let open = 0; open < 2; open++) {
        streams.push(await subscribe(server.url, NEWS, from("203.0.113.1")));
        expect(streams[open].response.status).toBe(200);
      }
      expect(deps.subscriptionSlots.held(ipOwner("203.0.113.1"))).toBe(2);

      const refused = await subscribe(server.url, NEWS, from("203.0.113.1"));
      expect(refused.response.status).toBe(429);
      const { errors } = await refused.next();
      expect(errors?.[0].extensions).toMatchObject({ code: "TOO_MANY_SUBSCRIPTIONS", limit: 2 });
      expect(errors?.[0].message).toMatch(/at most 2 may be open at once/);

      // Another requester has slots of its own.
      streams.push(await subscribe(server.url, NEWS, from("203.0.113.2")));
      expect(streams[2].response.status).toBe(200);

      streams[0].abort();
      await eventually(() => deps.subscriptionSlots.held(ipOwner("203.0.113.1")) === 1);
      streams.push(await subscribe(server.url, NEWS, from("203.0.113.1")));
      expect(streams[3].response.status).toBe(200);
    } finally {
      for (const stream of streams) stream.abort();
    }
  });

  it("holds no slot for a subscription refused at once (bad arguments)", async () => {
    const deps = serveApp({ SUBSCRIPTIONS_PER_REQUESTER: "1" });
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await subscribe(server.url, 'subscription { newsArticlesAdded(tickers: ["NOPE!"]) { title } }', from("203.0.113.3"));
      expect((await refused.next()).errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT" });
    }
    expect(deps.subscriptionSlots.held(ipOwner("203.0.113.3"))).toBe(0);
  });
});

describe("starting a subscription spends the requester's allowance", () => {
  it("one request of web traffic's allowance; when none remains it is refused (RATE_LIMITED) and holds no slot", async () => {
    const deps = serveApp({ WEB_REQUESTS_PER_10_MINUTES: "2" });
    const client = from("203.0.113.4");
    const first = await subscribe(server.url, NEWS, client);
    try {
      expect(first.response.headers.get("x-ratelimit-used")).toBe("1");
      const query = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...client },
        body: JSON.stringify({ query: "{ contactDetails { email } }" }),
      });
      expect(query.headers.get("x-ratelimit-remaining")).toBe("0");

      const refused = await subscribe(server.url, NEWS, client);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await refused.next()).errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED" });
      expect(deps.subscriptionSlots.held(ipOwner("203.0.113.4"))).toBe(1);
    } finally {
      first.abort();
    }
  });

  it("an API key pays the subscription's cost in points", async () => {
    serveApp({});
    const cookie = await signInCookie(server.url, db, await createUser(db, { pro: true }));
    const created = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ query: 'mutation { createApiKey(input: { name: "live" }) { secret } }' }),
    });
    const { secret } = (await created.json()).data.createApiKey;

    const stream = await subscribe(server.url, NEWS, { authorization: `Bearer ${secret}` });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("x-ratelimit-used")).toBe(String(NEWS_COST));
    } finally {
      stream.abort();
    }
  });
});
