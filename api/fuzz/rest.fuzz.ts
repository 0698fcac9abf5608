// Every REST route the app registers, fed malformed paths, queries, headers and bodies: no answer
// may be a 5xx, every 4xx must say what was wrong, and nothing may be logged as an error.
import zlib from "node:zlib";
import type { Express } from "express";
import fc from "fast-check";
import Stripe from "stripe";
import { AI_PICKS_LIMIT } from "../src/ai-picks/ai-picks.routes";
import {
  deeplyNestedJson,
  fuzzPort,
  fuzzRequests,
  malformedDecimalTexts,
  nastyPathSegment,
  nastyString,
  outOfRangeCounts,
  percentEncode,
  proSessionCookie,
  shortNastyString,
  startFuzzServer,
  wrongValue,
  type FuzzRequest,
  type FuzzServer,
} from "./fuzz-harness";

const ROUTE_RUNS = 3_200;
const WEBHOOK_RUNS = 800;
const COUNT_RUNS = 300;

/**
 * The REST shims' numeric query parameters, each parsed by decimalIntegerParam (errors/int-range.ts);
 * a new one goes here so its edge cases are sent.
 */
const countParams = [{ path: "/api/ai-picks", name: "limit", range: AI_PICKS_LIMIT }];

type Route = { method: string; path: string };

type RouterLayer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: RouterLayer[] } };

/** The routes registered on the app (not a hand-kept list: a new route is fuzzed without touching this file). */
function registeredRoutes(app: Express): Route[] {
  const walk = (stack: RouterLayer[]): Route[] =>
    stack.flatMap((layer) => {
      if (!layer.route) return layer.handle?.stack ? walk(layer.handle.stack) : [];
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).map((method) => method.toUpperCase());
      return paths.flatMap((path) => methods.map((method) => ({ method, path })));
    });
  return walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack).filter((route) => route.path.startsWith("/api") || route.path.startsWith("/dev"));
}

/** A well-formed body per route, so one broken field at a time reaches the validation behind it. */
const validBodies: Record<string, Record<string, unknown>> = {
  "/api/contact": { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", investmentFocus: "individual", message: "Hello" },
  "/api/screening/run": { universe: "manual", tickers: ["AAPL", "MSFT"], lookbackDays: 60 },
  "/api/screening/combined": { universe: "manual", tickers: ["AAPL"], minSentiment: 0.1 },
  "/api/auth/signin": { email: "ada@example.com" },
  "/api/auth/verify-link": { token: "abc" },
  "/api/auth/create-trial": { email: "ada@example.com", name: "Ada Lovelace" },
  "/api/auth/activate": { sessionId: "cs_test_123" },
};
const knownFields = [...new Set(Object.values(validBodies).flatMap((body) => Object.keys(body)))].concat(
  ["newsWindowDays", "sectorKeyword", "newsSources", "maxSymbols", "minRsi", "maxRsi", "includeEtf"],
);

/** A JSON body: a valid one with one field broken, missing or added, or any value at all. */
const jsonBody = (path: string): fc.Arbitrary<string> => {
  const valid = validBodies[path] ?? {};
  return fc.oneof(
    fc.tuple(fc.constantFrom(...knownFields), wrongValue).map(([field, value]) => JSON.stringify({ ...valid, [field]: value })),
    fc.constantFrom(...knownFields).map((field) => JSON.stringify({ ...valid, [field]: undefined })),
    fc.tuple(nastyString, wrongValue).map(([field, value]) => JSON.stringify({ ...valid, [field]: value })),
    wrongValue.map((value) => JSON.stringify(value)),
    fc.tuple(fc.constantFrom(...knownFields), deeplyNestedJson).map(([field, nested]) => `{"${field}": ${nested}}`),
  );
};

const gzip = (text: string) => zlib.gzipSync(text);

/** Bodies that are not what their headers say: bad JSON, charsets, encodings, sizes, types. */
const malformedBody = (path: string): fc.Arbitrary<Pick<FuzzRequest, "headers" | "body">> =>
  fc.oneof(
    jsonBody(path).map((body) => ({ headers: { "content-type": "application/json" }, body })),
    fc
      .tuple(fc.constantFrom("{", "[1,", '{"a":}', "nul", "\u0000", '{"email":"\\ud800"}', '{"a":"\\u0000"}', "{}}", '"\\x"'), fc.string({ maxLength: 10 }))
      .map(([body, tail]) => ({ headers: { "content-type": "application/json" }, body: body + tail })),
    fc
      .tuple(
        fc.constantFrom("application/json; charset=koi8-r", "application/json; charset=utf-16", "application/json; charset=bogus", "application/json; charset=\"utf-8\"", "text/plain", "application/xml", "multipart/form-data", "application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=utf-7", "*/*", ";;;", "application/json, text/html"),
        jsonBody(path),
      )
      .map(([contentType, body]) => ({ headers: { "content-type": contentType }, body })),
    fc
      .tuple(fc.constantFrom("gzip", "deflate", "br", "zstd", "compress", "x-gzip", "gzip, br", "identity", "GZIP"), fc.boolean(), jsonBody(path))
      .map(([encoding, corrupt, body]) => ({
        headers: { "content-type": "application/json", "content-encoding": encoding },
        body: corrupt ? Buffer.concat([gzip(body).subarray(0, 12), Buffer.from("corrupt")]) : gzip(body),
      })),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ headers: { "content-type": "application/json" }, body: Buffer.from(bytes) })),
    fc.integer({ min: 100_001, max: 400_000 }).map((size) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "x".repeat(size) }) })),
    fc.array(fc.tuple(fc.constantFrom(...knownFields, "a[b][c][d]", "a[]"), nastyString), { maxLength: 30 }).map((pairs) => ({
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join("&"),
    })),
  );

/** Values a count parameter must refuse, as sent in a query string: malformed decimal text, and numbers outside its range. */
const badCountTexts = (range: { min: number; max: number }) =>
  [...malformedDecimalTexts, ...outOfRangeCounts(range).filter((value) => typeof value === "number").map(String)].filter(
    (text, index, all) => all.indexOf(text) === index,
  );

/** Query strings with malformed encoding, repeated and nested keys, and counts no route reads as numbers. */
const nastyQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  fc.constantFrom("?timeframe=%FF", "?timeframe[]=1h&timeframe[]=7d", "?timeframe[a]=b", "?timeframe=7d&timeframe=1h", "?%=%", "?timeframe=%00", "?a=%E0%A4"),
  shortNastyString.map((value) => `?timeframe=${percentEncode(value)}`),
  fc.constantFrom(...badCountTexts({ min: 1, max: 1_000 }), "1&limit=2").map((text) => `?limit=${text}`),
);

/** Who is asking: nobody, a signed-in Pro user, or credentials that are wrong. */
const callers = (sessionCookie: string): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    // Mostly callers whose requests reach validation; wrong credentials are refused before it.
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 4, arbitrary: fc.constant({ cookie: sessionCookie }) },
    fc.constant({ cookie: sessionCookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" }),
    shortNastyString.map((secret) => ({ authorization: `Bearer tsk_${percentEncode(secret)}` })),
    fc.constantFrom<Record<string, string>>(
      { authorization: "Bearer" },
      { authorization: "Basic Zm9vOmJhcg==" },
      { cookie: "tickerscope.sid=s%3Agarbage.sig" },
      { cookie: "tickerscope.sid=%FF" },
    ),
  );

const fillPath = (path: string, segment: string) => path.replace(/:[A-Za-z]+/g, segment);

function routeRequest(routes: Route[], sessionCookie: string): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        segment: fc.oneof(nastyPathSegment, fc.constantFrom("AAPL", "demo_cs_1", "00000000-0000-4000-8000-000000000000")),
        query: nastyQuery,
        method: fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS") }),
        caller: callers(sessionCookie),
        payload: malformedBody(route.path),
      })
      .map(({ segment, query, method, caller, payload }) => {
        // Signing out mid-run would quietly turn the session caller anonymous.
        const headers = route.path === "/api/logout" ? {} : caller;
        const withBody = method !== "GET" && method !== "OPTIONS";
        return {
          method,
          path: fillPath(route.path, segment) + query,
          headers: withBody ? { ...headers, ...payload.headers } : headers,
          body: withBody ? payload.body : undefined,
        };
      }),
  );
}

describe("REST routes with malformed input", () => {
  let server: FuzzServer;
  beforeAll(async () => {
    server = await startFuzzServer(fuzzPort(0));
  }, 60_000);
  afterAll(() => server.close());

  it(`answers ${ROUTE_RUNS} malformed requests over every route with a 4xx naming the problem, never a 5xx`, async () => {
    const routes = registeredRoutes(server.app);
    // The spec's calls are all among them (the walk found the routers).
    for (const path of ["/api/contact", "/api/screening/run", "/api/news-sentiment/:ticker", "/api/auth/create-trial", "/api/auth/activate"]) {
      expect(routes.map((route) => route.path)).toContain(path);
    }
    await fuzzRequests(server, routeRequest(routes, await proSessionCookie(server)), ROUTE_RUNS);
  }, 240_000);
});

describe("REST count parameters outside their documented range", () => {
  let server: FuzzServer;
  beforeAll(async () => {
    server = await startFuzzServer(fuzzPort(3));
  }, 60_000);
  afterAll(() => server.close());

  it(`refuses ${COUNT_RUNS} malformed or out-of-range counts (0, -1, past the end, 0x10, 1e3, " 5", 5.5) with a 400 naming the parameter`, async () => {
    const routes = registeredRoutes(server.app).map((route) => route.path);
    for (const { path } of countParams) expect(routes).toContain(path);
    const cookie = await proSessionCookie(server);
    const requests = fc
      .record({
        count: fc.constantFrom(...countParams).chain((param) => fc.constantFrom(...badCountTexts(param.range)).map((text) => ({ param, text }))),
        // With other parameters in any order; as a visitor and as a Pro user (Pro limits come after the count is read).
        before: fc.constantFrom("", "asOf=2021-04-21&"),
        caller: fc.constantFrom<Record<string, string>>({}, { cookie }),
      })
      .map(({ count, before, caller }): FuzzRequest => ({
        method: "GET",
        path: `${count.param.path}?${before}${count.param.name}=${count.text}`,
        headers: caller,
        refuses: count.param.name,
      }));
    await fuzzRequests(server, requests, COUNT_RUNS);
  }, 240_000);
});

describe("the Stripe webhook with correctly signed, malformed events", () => {
  const webhookSecret = "whsec_fuzz";
  let server: FuzzServer;
  beforeAll(async () => {
    // Nothing listens at the API URL: every event here is refused or changes nothing before any Stripe call.
    server = await startFuzzServer(fuzzPort(1), {
      STRIPE_SECRET_KEY: "sk_test_fuzz",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${fuzzPort(9)}`,
    });
  }, 60_000);
  afterAll(() => server.close());

  const subscription = { id: "sub_1", object: "subscription", customer: "cus_1", status: "active", items: { data: [{ price: { id: "price_1" } }] }, trial_end: null };
  // A checkout of another product: read, then ignored, so no Stripe call follows.
  const checkout = {
    id: "cs_1", object: "checkout.session", created: 1_790_000_000, status: "complete", payment_status: "paid", mode: "subscription",
    metadata: { product: "someone-else" }, client_reference_id: null, customer: "cus_1", subscription: "sub_1",
  };
  const invoice = { id: "in_1", object: "invoice", customer: "cus_1", parent: { subscription_details: { subscription: "sub_1" } } };
  const templates: [string, Record<string, unknown>][] = [
    ["checkout.session.completed", checkout],
    ["customer.subscription.updated", subscription],
    ["customer.subscription.deleted", subscription],
    ["invoice.payment_failed", invoice],
    ["charge.succeeded", { id: "ch_1" }],
  ];

  /** A template event with one field of the event or its object replaced, removed or added. */
  const malformedEvent: fc.Arbitrary<string> = fc
    .record({
      template: fc.constantFrom(...templates),
      where: fc.constantFrom("event", "object"),
      field: fc.oneof(fc.constantFrom("id", "type", "created", "data", "customer", "status", "items", "trial_end", "subscription", "metadata", "parent", "mode"), nastyString),
      value: fc.oneof(wrongValue, fc.constant(undefined)),
      id: fc.oneof(fc.uuid(), nastyString),
    })
    .map(({ template: [type, object], where, field, value, id }) => {
      const event: Record<string, unknown> = { id: `evt_${id}`, object: "event", created: 1_790_000_000, type, data: { object } };
      if (where === "event") event[field] = value;
      else event.data = { object: { ...object, [field]: value } };
      return JSON.stringify(event);
    });

  it(`answers ${WEBHOOK_RUNS} signed but malformed events with a 4xx or 200, never a 5xx`, async () => {
    const requests = fc.oneof({ weight: 6, arbitrary: malformedEvent }, { weight: 1, arbitrary: fc.string({ maxLength: 50 }) }).map(
      (payload): FuzzRequest => ({
        method: "POST",
        path: "/api/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) },
        body: payload,
      }),
    );
    await fuzzRequests(server, requests, WEBHOOK_RUNS);
  }, 240_000);
});
