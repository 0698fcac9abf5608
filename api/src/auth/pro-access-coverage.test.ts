/**
 * The Pro access harness: walks the schema, finds every Pro-scoped field (field
 * or type `authScopes: { pro: true }`) and every Pro REST shim, and proves that
 * anonymous visitors, signed-in Basic users and Basic users' API keys read none
 * of them by any path: direct selection, aliases, inline and named fragments,
 * `node(id:)` / `nodes(ids:)`, and REST. A Pro user is the positive control.
 * Later issues' Pro fields are covered automatically; a Pro type that is a Node
 * needs a fixture in `proNodeFixtures` below (the harness fails without one).
 *
 * @db
 */
import crypto from "node:crypto";
import express, { type Express } from "express";
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from "graphql";
import request from "supertest";
import { encodeGlobalID, offsetToCursor } from "@pothos/plugin-relay";
import { hashApiKey } from "../api-keys/api-keys";
import { proRestRoutes, requirePro } from "../billing/require-pro";
import { schema } from "../graphql/schema";
import type { Database } from "../db/database";
import type { User } from "../generated/prisma/client";
import { createTestApp, createTestDeps } from "../../test/test-app";
import { loadHedgeFundSnapshot } from "../hedge-funds/hedge-fund-snapshot";
import { createTestDatabase } from "../../test/test-database";
import { createUser, signedInAgent } from "../../test/sign-in";
import { createAuthentication } from "./sessions";

type ScopeCarrier = { extensions?: { pothosOptions?: { authScopes?: unknown } } | null };
const isProScoped = (carrier: ScopeCarrier) => {
  const scopes = carrier.extensions?.pothosOptions?.authScopes;
  return typeof scopes === "object" && scopes !== null && (scopes as { pro?: unknown }).pro === true;
};
const hasFunctionScopes = (carrier: ScopeCarrier) => typeof carrier.extensions?.pothosOptions?.authScopes === "function";

/** Global ids of real records for Pro types that implement Node (added by the issues that add such types). */
const proNodeFixtures: Record<string, (db: Database, owner: User) => Promise<string>> = {
  // Stock (public reference data) carries the Pro field research(asOf:) (Research & Compare).
  Stock: async () => encodeGlobalID("Stock", "AAPL"),
};

type ProField = { parent: GraphQLObjectType; field: GraphQLField<unknown, unknown> };

function collectProFields(): ProField[] {
  const found: ProField[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    const typeIsPro = isProScoped(type as ScopeCarrier);
    for (const field of Object.values(type.getFields())) {
      if (typeIsPro || isProScoped(field as ScopeCarrier)) found.push({ parent: type, field });
    }
  }
  return found;
}

/** A step of a selection path: a field, optionally reached through `... on Type`. */
type Step = { field: GraphQLField<unknown, unknown>; on?: string };

/** Shortest path of fields from a root type to `target` (breadth first, bounded depth). */
function pathTo(root: GraphQLObjectType, target: GraphQLObjectType): Step[] | null {
  const queue: { type: GraphQLObjectType; path: Step[] }[] = [{ type: root, path: [] }];
  const seen = new Set<string>([root.name]);
  while (queue.length > 0) {
    const { type, path } = queue.shift()!;
    if (type === target) return path;
    if (path.length >= 6) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      const candidates = isObjectType(named)
        ? [{ type: named, on: undefined }]
        : isInterfaceType(named) || isUnionType(named)
          ? schema.getPossibleTypes(named).map((possible) => ({ type: possible, on: possible.name }))
          : [];
      for (const candidate of candidates) {
        if (seen.has(candidate.type.name)) continue;
        seen.add(candidate.type.name);
        queue.push({ type: candidate.type, path: [...path, { field, on: candidate.on }] });
      }
    }
  }
  return null;
}

/** Arguments that must name real data for the path to reach its Pro fields (the bundled 13F filer). */
const sampleArguments: Record<string, string> = { cik: JSON.stringify("0001067983") };

function sampleInput(type: GraphQLInputType): string {
  const inner = getNullableType(type);
  if (isListType(inner)) return `[${sampleInput(inner.ofType)}]`;
  if (isEnumType(inner)) return inner.getValues()[0].name;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return `{ ${fields.map((f) => `${f.name}: ${sampleInput(f.type)}`).join(", ")} }`;
  }
  if (isScalarType(inner)) {
    switch (inner.name) {
      case "Int":
        return "1";
      case "Float":
        return "1.5";
      case "Boolean":
        return "true";
      case "DateTime":
        return JSON.stringify(new Date().toISOString());
      default:
        return JSON.stringify("AAPL");
    }
  }
  throw new Error(`no sample for input type ${String(inner)}`);
}

const argumentsOf = (args: readonly GraphQLArgument[]) => {
  const required = args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  return required.length === 0 ? "" : `(${required.map((arg) => `${arg.name}: ${sampleArguments[arg.name] ?? sampleInput(arg.type)}`).join(", ")})`;
};

const leafSelection = (field: GraphQLField<unknown, unknown>) => {
  const named = getNamedType(field.type);
  return isObjectType(named) || isInterfaceType(named) || isUnionType(named) ? `${field.name}${argumentsOf(field.args)} { __typename }` : `${field.name}${argumentsOf(field.args)}`;
};

type Variant = "direct" | "alias" | "inline fragment" | "named fragment";
const variants: Variant[] = ["direct", "alias", "inline fragment", "named fragment"];

/** Builds the operation text and the response keys along the path (aliases change them). */
function buildOperation(operation: "query" | "mutation", path: Step[], pro: ProField, variant: Variant) {
  const keys: string[] = [];
  const nameFor = (field: GraphQLField<unknown, unknown>, index: number) => {
    const key = variant === "alias" ? `a${index}` : field.name;
    keys.push(key);
    return variant === "alias" ? `${key}: ` : "";
  };
  let leaf = `${nameFor(pro.field, path.length)}${leafSelection(pro.field)}`;
  let fragment = "";
  if (variant === "inline fragment") leaf = `... on ${pro.parent.name} { ${leaf} }`;
  if (variant === "named fragment") {
    fragment = `\nfragment ProProbe on ${pro.parent.name} { ${leaf} }`;
    leaf = "...ProProbe";
  }
  const outerKeys: string[] = [];
  let selection = leaf;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const { field, on } = path[index];
    const key = variant === "alias" ? `a${index}` : field.name;
    outerKeys.unshift(key);
    const inner = on ? `... on ${on} { ${selection} }` : selection;
    selection = `${variant === "alias" ? `${key}: ` : ""}${field.name}${argumentsOf(field.args)} { ${inner} }`;
  }
  return { text: `${operation} ProProbe { ${selection} }${fragment}`, parentKeys: outerKeys, leafKey: keys[0] };
}

type GraphQLBody = { data?: Record<string, unknown> | null; errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[] };

/** The objects at the end of the parent path (lists flattened); null/absent parents drop out. */
function parentsIn(data: unknown, keys: string[]): Record<string, unknown>[] {
  let level: unknown[] = [data];
  for (const key of keys) {
    level = level
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value): value is Record<string, unknown> => typeof value === "object" && value !== null)
      .map((value) => value[key]);
  }
  return level
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is Record<string, unknown> => typeof value === "object" && value !== null);
}

const AUTH_CODES = ["PRO_REQUIRED", "UNAUTHENTICATED"];
const authErrors = (body: GraphQLBody) => (body.errors ?? []).filter((error) => AUTH_CODES.includes(error.extensions?.code ?? ""));

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Express;
let basicUser: User;
let proUser: User;
type Actor = { name: string; send: (body: object) => Promise<{ status: number; body: GraphQLBody }>; get: (url: string) => Promise<{ status: number; body: unknown }>; post: (url: string, body: unknown) => Promise<{ status: number; body: unknown }> };
const actors: Record<"anonymous" | "basic session" | "basic API key" | "pro session", Actor> = {} as never;

async function apiKeyFor(user: User) {
  const secret = `tsk_${crypto.randomBytes(30).toString("base64url")}`;
  await db.prisma.apiKey.create({ data: { userId: user.id, name: "harness", prefix: secret.slice(0, 12), secretHash: hashApiKey(secret) } });
  return secret;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  // Budgets high enough for the harness's many requests.
  ({ app } = createTestApp(db, { API_POINTS_PER_HOUR: "100000000", WEB_REQUESTS_PER_10_MINUTES: "100000000" }));
  // Real rows behind the Pro fields that need them (hedgeFund(cik:) answers null for a fund it does not hold).
  await loadHedgeFundSnapshot(createTestDeps(db), { force: true });
  basicUser = await createUser(db);
  proUser = await createUser(db, { pro: true });
  const basicAgent = await signedInAgent(app, db, basicUser);
  const proAgent = await signedInAgent(app, db, proUser);
  const basicKey = await apiKeyFor(basicUser);
  const withKey = <T extends request.Test>(test: T) => test.set("authorization", `Bearer ${basicKey}`);
  actors.anonymous = {
    name: "anonymous",
    send: (body) => request(app).post("/graphql").send(body),
    get: (url) => request(app).get(url),
    post: (url, body) => request(app).post(url).send(body as object),
  };
  actors["basic session"] = {
    name: "basic session",
    send: (body) => basicAgent.post("/graphql").send(body),
    get: (url) => basicAgent.get(url),
    post: (url, body) => basicAgent.post(url).send(body as object),
  };
  actors["basic API key"] = {
    name: "basic API key",
    send: (body) => withKey(request(app).post("/graphql")).send(body),
    get: (url) => withKey(request(app).get(url)),
    post: (url, body) => withKey(request(app).post(url)).send(body as object),
  };
  actors["pro session"] = {
    name: "pro session",
    send: (body) => proAgent.post("/graphql").send(body),
    get: (url) => proAgent.get(url),
    post: (url, body) => proAgent.post(url).send(body as object),
  };
}, 30_000);
afterAll(() => db.close());

const proFields = collectProFields();
const deniedActors = ["anonymous", "basic session", "basic API key"] as const;

it("finds the Pro fields in the schema (viewer.proSince at least) and no scope it cannot read", () => {
  expect(proFields.map(({ parent, field }) => `${parent.name}.${field.name}`)).toContain("Viewer.proSince");
  const unreadable = Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && !type.name.startsWith("__"))
    .flatMap((type) => Object.values((type as GraphQLObjectType).getFields()).filter((field) => hasFunctionScopes(field as ScopeCarrier)).map((field) => `${type.name}.${field.name}`));
  // Scope functions cannot be read statically: declare Pro access as `authScopes: { pro: true }`.
  expect(unreadable).toEqual([]);
});

describe.each(proFields.map((pro) => [`${pro.parent.name}.${pro.field.name}`, pro] as const))("%s", (_name, pro) => {
  const mutationType = schema.getMutationType()!;
  const isMutation = pro.parent === mutationType;
  const root = isMutation ? mutationType : schema.getQueryType()!;
  const path = pathTo(root, pro.parent);

  it("is reachable from a root type (or through node(id:), with a fixture)", () => {
    const isNodeType = pro.parent.getInterfaces().some((iface) => iface.name === "Node");
    expect(path !== null || (isNodeType && pro.parent.name in proNodeFixtures)).toBe(true);
  });

  it.each(deniedActors.flatMap((actor) => variants.map((variant) => [actor, variant] as const)))(
    "%s reads nothing by %s selection",
    async (actorName, variant) => {
      if (!path) return;
      const { text, parentKeys, leafKey } = buildOperation(isMutation ? "mutation" : "query", path, pro, variant);
      const { body } = await actors[actorName].send({ query: text });
      const parents = parentsIn(body.data, parentKeys);
      for (const parent of parents) expect(parent[leafKey] ?? null).toBeNull();
      // Wherever the parent object was there to read, the field was refused with an auth error.
      if (parents.length > 0) expect(authErrors(body).length).toBeGreaterThan(0);
      if (actorName !== "anonymous" && pro.parent.name === "Viewer") expect(authErrors(body)[0]?.extensions?.code).toBe("PRO_REQUIRED");
    },
  );

  it("is readable by a Pro user (positive control)", async () => {
    if (!path) return;
    const { text } = buildOperation(isMutation ? "mutation" : "query", path, pro, "direct");
    const { body } = await actors["pro session"].send({ query: text });
    expect(authErrors(body)).toEqual([]);
  });
});

describe("node(id:) and nodes(ids:)", () => {
  const proNodeTypes = Object.values(schema.getTypeMap()).filter(
    (type): type is GraphQLObjectType =>
      isObjectType(type) &&
      type.getInterfaces().some((iface) => iface.name === "Node") &&
      proFields.some((pro) => pro.parent === type),
  );

  it("has a fixture for every Node type with Pro data", () => {
    expect(proNodeTypes.map((type) => type.name).filter((name) => !(name in proNodeFixtures))).toEqual([]);
  });

  const cases = proNodeTypes.flatMap((type) => deniedActors.map((actor) => [type.name, actor] as const));
  // No Pro type is a Node yet (the market-data issues add them); the cases appear with them.
  (cases.length > 0 ? it.each(cases) : it.skip.each([["none", "anonymous"] as const]))(
    "%s by id: %s reads none of its Pro fields",
    async (typeName, actorName) => {
      const type = schema.getType(typeName) as GraphQLObjectType;
      const id = await proNodeFixtures[typeName](db, proUser);
      const fields = proFields.filter((pro) => pro.parent === type).map((pro) => leafSelection(pro.field)).join(" ");
      const { body } = await actors[actorName].send({
        query: `query ($id: ID!) { node(id: $id) { ... on ${typeName} { ${fields} } } nodes(ids: [$id]) { ... on ${typeName} { ${fields} } } }`,
        variables: { id },
      });
      for (const pro of proFields.filter((candidate) => candidate.parent === type)) {
        expect((body.data?.node as Record<string, unknown> | null)?.[pro.field.name] ?? null).toBeNull();
        expect(((body.data?.nodes as Record<string, unknown>[] | null)?.[0] ?? {})[pro.field.name] ?? null).toBeNull();
      }
      expect(authErrors(body).length).toBeGreaterThan(0);
    },
  );
});

describe("Pro REST shims", () => {
  it("guards every registered Pro route for every actor without Pro", async () => {
    for (const route of proRestRoutes) {
      for (const actorName of deniedActors) {
        const actor = actors[actorName];
        const response = route.method === "GET" ? await actor.get(route.sampleUrl) : await actor.post(route.sampleUrl, route.sampleBody ?? {});
        expect({ route: route.path, actor: actorName, status: response.status }).toEqual({ route: route.path, actor: actorName, status: 403 });
        expect(response.body).toMatchObject({ message: expect.any(String), code: "PRO_REQUIRED" });
      }
      const pro = route.method === "GET" ? await actors["pro session"].get(route.sampleUrl) : await actors["pro session"].post(route.sampleUrl, route.sampleBody ?? {});
      expect({ route: route.path, status: pro.status }).not.toEqual({ route: route.path, status: 403 });
    }
  });
});

/**
 * Pro rules inside fields anyone may call: requests past a Free plan's limit. Each is sent over
 * GraphQL and REST; everyone without Pro gets PRO_REQUIRED naming the field, a Pro user no auth error.
 */
const backtestScreen = { graphql: `screen: { universe: MANUAL, tickers: ["AAPL"] }`, rest: { universe: "manual", tickers: ["AAPL"] } };
type RestProbe = { method: "GET"; url: string; field: string } | { method: "POST"; url: string; body: object; field: string };
const backtestProbes = [
  { rule: "screenBacktest over 12 months", field: "to", graphqlInput: `from: "2019-01", to: "2020-01"`, restInput: { from: "2019-01", to: "2020-01" } },
  { rule: "screenBacktest of more than the top 20", field: "topN", graphqlInput: `from: "2019-01", to: "2019-02", topN: 21`, restInput: { from: "2019-01", to: "2019-02", topN: 21 } },
  { rule: "screenBacktest of a COMBINED screen", field: "kind", graphqlInput: `from: "2019-01", to: "2019-02", kind: COMBINED`, restInput: { from: "2019-01", to: "2019-02", kind: "combined" } },
].map((probe) => ({
  rule: probe.rule,
  field: probe.field,
  query: `{ screenBacktest(input: { ${backtestScreen.graphql}, ${probe.graphqlInput} }) { topN } }`,
  rest: { method: "POST", url: "/api/screen/backtest", body: { screen: backtestScreen.rest, ...probe.restInput }, field: probe.field } as RestProbe,
}));
const proLimitProbes = [
  ...backtestProbes,
  { rule: "aiPicks past the top 5", field: "first", query: `{ aiPicks(first: 6) { totalCount } }`, rest: { method: "GET", url: "/api/ai-picks?limit=6", field: "limit" } as RestProbe },
  { rule: "aiPicks page after the top 5", field: "after", query: `{ aiPicks(first: 5, after: "${offsetToCursor(4)}") { totalCount } }`, rest: null },
  { rule: "aiPicks page reaching past the top 5", field: "first", query: `{ aiPicks(first: 3, after: "${offsetToCursor(2)}") { totalCount } }`, rest: null },
];

const sendRest = (actor: Actor, rest: RestProbe) => (rest.method === "GET" ? actor.get(rest.url) : actor.post(rest.url, rest.body));

describe.each(proLimitProbes.map((probe) => [probe.rule, probe] as const))("Pro limit: %s", (_rule, probe) => {
  it.each(deniedActors)("%s gets PRO_REQUIRED naming the limit, over GraphQL and REST", async (actorName) => {
    const { body } = await actors[actorName].send({ query: probe.query });
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "PRO_REQUIRED", fieldErrors: [{ field: probe.field }] });
    if (!probe.rest) return;
    const rest = await sendRest(actors[actorName], probe.rest);
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ code: "PRO_REQUIRED", errors: [{ field: probe.rest.field }] });
  });

  it("is no auth error for a Pro user (positive control)", async () => {
    const { body } = await actors["pro session"].send({ query: probe.query });
    expect(authErrors(body)).toEqual([]);
    if (probe.rest) expect((await sendRest(actors["pro session"], probe.rest)).status).not.toBe(403);
  });
});

describe("requirePro", () => {
  it("answers 403 with a message to everyone without Pro access, and lets Pro users through", async () => {
    const { deps } = createTestApp(db);
    const guarded = express();
    guarded.use(createAuthentication(deps).authenticate);
    guarded.get("/pro-probe", requirePro({ method: "GET", path: "/pro-probe", sampleUrl: "/pro-probe" }), (_req, res) => {
      res.json({ secret: "pro data" });
    });
    proRestRoutes.splice(proRestRoutes.findIndex((route) => route.path === "/pro-probe"), 1);
    const basicKey = await apiKeyFor(basicUser);
    const basicCookie = (await signedInAgent(app, db, basicUser)).jar.getCookie("tickerscope.sid", { path: "/", domain: "127.0.0.1", secure: false, script: false });
    expect(basicCookie).toBeDefined();

    const anonymous = await request(guarded).get("/pro-probe").expect(403);
    expect(anonymous.body).toEqual({ message: expect.stringMatching(/Sign in with a Pro account/), code: "PRO_REQUIRED" });
    const basic = await request(guarded).get("/pro-probe").set("cookie", basicCookie!.toValueString()).expect(403);
    expect(basic.body.message).toMatch(/A Pro subscription is required/);
    await request(guarded).get("/pro-probe").set("authorization", `Bearer ${basicKey}`).expect(403);
    const proKey = await apiKeyFor(proUser);
    expect((await request(guarded).get("/pro-probe").set("authorization", `Bearer ${proKey}`).expect(200)).body).toEqual({ secret: "pro data" });
  });
});
