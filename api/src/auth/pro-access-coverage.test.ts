/**
 * The Pro access harness: walks the schema, finds every Pro-scoped field (field
 * or type `authScopes: { pro: true }`) and every Pro REST shim, and proves that
 * anonymous visitors, signed-in Basic users and Basic users' API keys read none
 * of them: each Pro field is sent once to each of them (the answer must hold no
 * value and an auth error at the field or an ancestor, or no viewer at all for
 * an anonymous visitor) and once to a Pro user, the positive control. The
 * query shapes (aliases, inline and named fragments, `node(id:)` / `nodes(ids:)`)
 * are tried once each per actor, and the REST shims for every actor.
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

/**
 * Shortest path of fields from a root type to `target` (breadth first, bounded depth). Not through
 * node(id:) / nodes(ids:): an id needs a real record (the Node tests below use the fixtures), and a
 * made-up one fails the whole query before any Pro field is asked for.
 */
function pathTo(root: GraphQLObjectType, target: GraphQLObjectType): Step[] | null {
  const queue: { type: GraphQLObjectType; path: Step[] }[] = [{ type: root, path: [] }];
  const seen = new Set<string>([root.name]);
  while (queue.length > 0) {
    const { type, path } = queue.shift()!;
    if (type === target) return path;
    if (path.length >= 6) continue;
    for (const field of Object.values(type.getFields())) {
      if (type === root && (field.name === "node" || field.name === "nodes")) continue;
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
/** The shapes besides a direct selection: each is tried once per actor without Pro (below), not for every field. */
const shapes: Variant[] = ["alias", "inline fragment", "named fragment"];

/**
 * Builds the operation selecting `fields` of `parent` at the end of the path, and the response keys
 * along the path and of each field (aliases change them).
 */
function buildOperation(operation: "query" | "mutation", path: Step[], parent: GraphQLObjectType, fields: GraphQLField<unknown, unknown>[], variant: Variant) {
  const aliased = variant === "alias";
  const leafKeys = fields.map((field, index) => (aliased ? `a${path.length}_${index}` : field.name));
  let leaf = fields.map((field, index) => `${aliased ? `${leafKeys[index]}: ` : ""}${leafSelection(field)}`).join(" ");
  let fragment = "";
  if (variant === "inline fragment") leaf = `... on ${parent.name} { ${leaf} }`;
  if (variant === "named fragment") {
    fragment = `\nfragment ProProbe on ${parent.name} { ${leaf} }`;
    leaf = "...ProProbe";
  }
  const parentKeys: string[] = [];
  let selection = leaf;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const { field, on } = path[index];
    const key = aliased ? `a${index}` : field.name;
    parentKeys.unshift(key);
    const inner = on ? `... on ${on} { ${selection} }` : selection;
    selection = `${aliased ? `${key}: ` : ""}${field.name}${argumentsOf(field.args)} { ${inner} }`;
  }
  return { text: `${operation} ProProbe { ${selection} }${fragment}`, variables: {}, parentKeys, leafKeys };
}

/** Pro fields of a Node type reached by `node(id:)` with its fixture (when no root path reaches it). */
async function buildNodeOperation(parent: GraphQLObjectType, fields: GraphQLField<unknown, unknown>[]) {
  const id = await proNodeFixtures[parent.name](db, proUser);
  const text = `query ProProbe($id: ID!) { node(id: $id) { ... on ${parent.name} { ${fields.map(leafSelection).join(" ")} } } }`;
  return { text, variables: { id }, parentKeys: ["node"], leafKeys: fields.map((field) => field.name) };
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

/**
 * Why the response holds no value of the Pro field, or null when it holds one. Refused: an auth
 * error at the field itself or at an ancestor on its path (a Pro type refuses its entry field).
 * Out of reach: an anonymous visitor has no viewer, so nothing under `viewer` exists for it.
 */
function refusalOf(body: GraphQLBody, parentKeys: string[], leafKey: string, actorName: string): "refused" | "no viewer" | null {
  const parents = parentsIn(body.data, parentKeys);
  if (parents.some((parent) => (parent[leafKey] ?? null) !== null)) return null;
  const keys = [...parentKeys, leafKey];
  const onPath = authErrors(body).some((error) => {
    const errorKeys = (error.path ?? []).filter((step): step is string => typeof step === "string");
    return errorKeys.length > 0 && errorKeys.every((key, index) => keys[index] === key);
  });
  if (onPath) return "refused";
  if (actorName === "anonymous" && parentKeys[0] === "viewer" && body.data?.viewer === null && parents.length === 0) return "no viewer";
  return null;
}

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
  // Stock.earnings is null for a company without reports: one reported and one coming for AAPL.
  const report = { ticker: "AAPL", beatProbability: 80, consensusEps: 1.4, modelVersion: "harness", source: "harness" };
  await db.prisma.earningsPrediction.createMany({
    data: [
      { ...report, earningsDate: new Date("2021-01-27"), actualEps: 1.68, surprise: 20 },
      { ...report, earningsDate: new Date("2021-04-28") },
    ],
  });
  basicUser = await createUser(db);
  proUser = await createUser(db, { pro: true });
  // WatchlistView.fundChanges is reached through viewer.watchlists: each signed-in actor keeps a list to ask it on.
  await db.prisma.watchlist.createMany({ data: [basicUser, proUser].map((user) => ({ userId: user.id, name: "Harness", tickers: ["AAPL"] })) });
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
}, 120_000);
afterAll(() => db.close());

const proFields = collectProFields();
const deniedActors = ["anonymous", "basic session", "basic API key"] as const;
const mutationType = schema.getMutationType()!;
const fieldName = (pro: ProField) => `${pro.parent.name}.${pro.field.name}`;
const isNodeType = (type: GraphQLObjectType) => type.getInterfaces().some((iface) => iface.name === "Node");

/**
 * The Pro fields by the type that holds them, with the way the harness reaches that type: a path
 * from its root type, else node(id:). One request per type and actor selects its nullable Pro
 * fields, so each field is sent once to each actor; each field's verdict is its own test below.
 */
// A field that cannot be null (and a root field, whose error voids the whole answer) goes alone:
// its refusal nulls its parent, which would hide its siblings' own refusals.
const groupOf = (pro: ProField) =>
  isNonNullType(pro.field.type) || pro.parent === mutationType || pro.parent === schema.getQueryType() ? fieldName(pro) : pro.parent.name;
const groups = [...new Set(proFields.map(groupOf))].map((key) => {
  const fields = proFields.filter((pro) => groupOf(pro) === key);
  const parent = fields[0].parent;
  const isMutation = parent === mutationType;
  return { key, parent, isMutation, fields, path: pathTo(isMutation ? mutationType : schema.getQueryType()!, parent) };
});
type Group = (typeof groups)[number];
type ActorName = keyof typeof actors;

/** The fields each actor was sent (checked against the schema's count at the end). */
const probed = new Map<string, Set<string>>([...deniedActors, "pro session"].map((actor) => [actor, new Set()]));
const answers = new Map<string, Promise<{ body: GraphQLBody; parentKeys: string[]; leafKeyOf: Map<string, string> }>>();

/** The answer to the group's request as the actor (sent once, on the first field's test to ask). */
function answerFor(group: Group, actorName: ActorName) {
  const key = `${group.key} as ${actorName}`;
  if (!answers.has(key)) {
    answers.set(
      key,
      (async () => {
        const fields = group.fields.map((pro) => pro.field);
        const operation = group.path
          ? buildOperation(group.isMutation ? "mutation" : "query", group.path, group.parent, fields, "direct")
          : await buildNodeOperation(group.parent, fields);
        const { body } = await actors[actorName].send({ query: operation.text, variables: operation.variables });
        for (const pro of group.fields) probed.get(actorName)!.add(fieldName(pro));
        return { body, parentKeys: operation.parentKeys, leafKeyOf: new Map(fields.map((field, index) => [field.name, operation.leafKeys[index]])) };
      })(),
    );
  }
  return answers.get(key)!;
}

it("finds the Pro fields in the schema (viewer.proSince at least) and no scope it cannot read", () => {
  expect(proFields.length).toBeGreaterThan(0);
  expect(proFields.map(fieldName)).toContain("Viewer.proSince");
  const unreadable = Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && !type.name.startsWith("__"))
    .flatMap((type) => Object.values((type as GraphQLObjectType).getFields()).filter((field) => hasFunctionScopes(field as ScopeCarrier)).map((field) => `${type.name}.${field.name}`));
  // Scope functions cannot be read statically: declare Pro access as `authScopes: { pro: true }`.
  expect(unreadable).toEqual([]);
});

it("reaches every Pro field from a root type, or through node(id:) with a fixture", () => {
  const unreachable = groups.filter((group) => !group.path && !(isNodeType(group.parent) && group.parent.name in proNodeFixtures));
  expect(unreachable.flatMap((group) => group.fields.map(fieldName))).toEqual([]);
});

describe.each(groups.flatMap((group) => group.fields.map((pro) => [fieldName(pro), pro, group] as const)))("%s", (name, pro, group) => {
  it.each(deniedActors)("%s reads nothing of it", async (actorName) => {
    const { body, parentKeys, leafKeyOf } = await answerFor(group, actorName);
    const leafKey = leafKeyOf.get(pro.field.name)!;
    expect({ field: name, refusal: refusalOf(body, parentKeys, leafKey, actorName) }).toEqual({ field: name, refusal: expect.stringMatching(/^(refused|no viewer)$/) });
    // A signed-in Basic user is told why: the field needs Pro, not a sign-in.
    if (actorName !== "anonymous" && pro.parent.name === "Viewer") {
      expect(authErrors(body).find((error) => error.path?.at(-1) === leafKey)?.extensions?.code).toBe("PRO_REQUIRED");
    }
  });

  it("is granted to a Pro user (positive control)", async () => {
    const { body, parentKeys, leafKeyOf } = await answerFor(group, "pro session");
    expect(authErrors(body)).toEqual([]);
    // Wherever its parent was there to read, the field is in the answer.
    for (const parent of parentsIn(body.data, parentKeys)) expect(Object.keys(parent)).toContain(leafKeyOf.get(pro.field.name));
  });
});

/**
 * Aliases, inline and named fragments are graphql-js's business once the field is refused by
 * name: each shape is sent once per actor without Pro, on the first Pro field whose parent every
 * actor can read (Stock.research today), so the refusal is the field's own.
 */
describe("query shapes", () => {
  const shapeProbe = proFields
    .map((pro) => ({ pro, path: groups.find((group) => group.parent === pro.parent)!.path }))
    .find(({ pro, path }) => path && path.length > 0 && !isProScoped(pro.parent as ScopeCarrier) && pro.parent.name !== "Viewer");
  const shapeOperation = (shape: Variant) => buildOperation("query", shapeProbe!.path!, shapeProbe!.pro.parent, [shapeProbe!.pro.field], shape);

  it("has a Pro field on a public type to send them on", () => {
    expect(shapeProbe && fieldName(shapeProbe.pro)).toEqual(expect.any(String));
  });

  it.each(deniedActors.flatMap((actor) => shapes.map((shape) => [actor, shape] as const)))("%s reads nothing by %s selection", async (actorName, shape) => {
    const { text, parentKeys, leafKeys } = shapeOperation(shape);
    const { body } = await actors[actorName].send({ query: text });
    // The parent is there (the shape reached it), and the field in it was refused with an auth error.
    expect(parentsIn(body.data, parentKeys).length).toBeGreaterThan(0);
    expect(refusalOf(body, parentKeys, leafKeys[0], actorName)).toBe("refused");
  });

  it.each(shapes)("a Pro user reads it by %s selection", async (shape) => {
    const { text, parentKeys, leafKeys } = shapeOperation(shape);
    const { body } = await actors["pro session"].send({ query: text });
    expect(authErrors(body)).toEqual([]);
    const parents = parentsIn(body.data, parentKeys);
    expect(parents.length).toBeGreaterThan(0);
    for (const parent of parents) expect(Object.keys(parent)).toContain(leafKeys[0]);
  });
});

describe("node(id:) and nodes(ids:)", () => {
  const proNodeTypes = Object.values(schema.getTypeMap()).filter(
    (type): type is GraphQLObjectType => isObjectType(type) && isNodeType(type) && proFields.some((pro) => pro.parent === type),
  );

  it("has a fixture for every Node type with Pro data, and finds at least one (Stock.research)", () => {
    expect(proNodeTypes.map((type) => type.name).filter((name) => !(name in proNodeFixtures))).toEqual([]);
    expect(proNodeTypes.map((type) => type.name)).toContain("Stock");
  });

  const nodeQuery = (typeName: string, fields: string) =>
    `query ($id: ID!) { node(id: $id) { ... on ${typeName} { ${fields} } } nodes(ids: [$id]) { ... on ${typeName} { ${fields} } } }`;

  it.each(proNodeTypes.flatMap((type) => deniedActors.map((actor) => [type.name, actor] as const)))(
    "%s by id: %s reads none of its Pro fields",
    async (typeName, actorName) => {
      const type = schema.getType(typeName) as GraphQLObjectType;
      const id = await proNodeFixtures[typeName](db, proUser);
      const typeFields = proFields.filter((pro) => pro.parent === type);
      const { body } = await actors[actorName].send({ query: nodeQuery(typeName, typeFields.map((pro) => leafSelection(pro.field)).join(" ")), variables: { id } });
      // The record is there by node(id:), and each of its Pro fields is refused; nodes(ids:) holds none of them either.
      expect(body.data?.node).toEqual(expect.any(Object));
      for (const pro of typeFields) {
        expect({ field: pro.field.name, refusal: refusalOf(body, ["node"], pro.field.name, actorName) }).toEqual({ field: pro.field.name, refusal: "refused" });
        expect(parentsIn(body.data, ["nodes"]).map((record) => record[pro.field.name] ?? null)).not.toContainEqual(expect.anything());
      }
    },
  );

  it.each(proNodeTypes.map((type) => type.name))("%s by id: a Pro user reads its Pro fields", async (typeName) => {
    const type = schema.getType(typeName) as GraphQLObjectType;
    const id = await proNodeFixtures[typeName](db, proUser);
    const typeFields = proFields.filter((pro) => pro.parent === type);
    const { body } = await actors["pro session"].send({ query: nodeQuery(typeName, typeFields.map((pro) => leafSelection(pro.field)).join(" ")), variables: { id } });
    expect(authErrors(body)).toEqual([]);
    for (const pro of typeFields) expect(Object.keys(body.data?.node as object)).toContain(pro.field.name);
  });

  // node(id:) and nodes(ids:) in one operation used to answer nodes: [null] with "Runtime Object type
  // is not a possible type for \"Node\"" (graphql/builder.ts#typedNodes says why).
  it.each(["pro session", ...deniedActors] as const)("nodes(ids:) finds a Stock beside node(id:) for %s", async (actorName) => {
    const { body } = await actors[actorName].send({ query: nodeQuery("Stock", "ticker"), variables: { id: await proNodeFixtures.Stock(db, proUser) } });
    expect(body.errors ?? []).toEqual([]);
    expect(body.data).toEqual({ node: { ticker: "AAPL" }, nodes: [{ ticker: "AAPL" }] });
  });
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

it("sent every Pro field the schema has once to each actor", () => {
  for (const [actor, fields] of probed) expect({ actor, fields: fields.size }).toEqual({ actor, fields: proFields.length });
});
