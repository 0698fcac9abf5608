/**
 * Test helpers shared by the account-flow page tests (Auth, Subscribe,
 * SubscriptionSuccess, DirectStripe, DemoCheckout, DemoBillingPortal):
 * a fetch stand-in for the REST calls, and GraphQL answers from the real
 * schema for every operation the app starts (the page's and the shell's).
 */
import fs from "node:fs";
import path from "node:path";
import type { IMocks } from "@graphql-tools/mock";
import { screen, within } from "@testing-library/react";
import type { GraphQLTaggedNode, OperationDescriptor } from "relay-runtime";
import { navigation } from "../../api/rest";
import { executeAgainstSchema } from "../../../test/relay";
import type { MockEnvironment } from "../../../test/render";

export type FetchCall = { method: string; path: string; body: unknown };
type Route = (call: FetchCall) => Response | Promise<Response>;

/** A JSON answer as fetch would give it. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 500 ? "Internal Server Error" : "",
    headers: { get: (name: string) => lowerCased[name.toLowerCase()] ?? null },
    text: async () => text,
  } as unknown as Response;
}

/**
 * Replaces fetch: `routes` maps "METHOD /path" to an answer; anything else
 * fails the test. Returns the calls made, in order.
 */
export function mockRest(routes: Record<string, Route>): FetchCall[] {
  const calls: FetchCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const call = {
      method: (init.method ?? "GET").toUpperCase(),
      path: String(input),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) throw new Error(`unexpected request ${call.method} ${call.path}`);
    return route(call);
  });
  Object.defineProperty(globalThis, "fetch", { value: fetchMock, configurable: true, writable: true });
  return calls;
}

/** Full-page navigations, recorded instead of performed. */
export function stubNavigation() {
  return jest.spyOn(navigation, "assign").mockImplementation(() => {});
}

/** Mocks for a signed-out visitor. */
export const signedOut: IMocks = { Query: () => ({ viewer: null }) };

/** Mocks for a signed-in user on `plan`. */
export function signedIn(plan: { hasProAccess: boolean; status?: string; planId?: string; trialEndsAt?: string | null }): IMocks {
  return {
    // One id for every operation, as the real server gives, so the store keeps one viewer record.
    Viewer: () => ({ id: "viewer-1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null }),
    PlanStatus: () => ({
      status: plan.status ?? (plan.hasProAccess ? "trialing" : "free"),
      planId: plan.planId ?? (plan.hasProAccess ? "pro" : "basic"),
      planType: plan.planId ?? (plan.hasProAccess ? "pro" : "basic"),
      trialEndsAt: plan.trialEndsAt ?? null,
      hasProAccess: plan.hasProAccess,
    }),
  };
}

/**
 * Answers the preloaded page queries and every later operation (the shell's
 * queries, mutations) from the schema with these mocks; `mocks` may depend on
 * the operation (e.g. a mutation that returns a newer plan).
 */
export function answerGraphQL(
  environment: MockEnvironment,
  pageQueries: GraphQLTaggedNode | GraphQLTaggedNode[],
  mocks: IMocks | ((operation: OperationDescriptor) => IMocks),
) {
  const defaults: IMocks = {
    AuthOptions: () => ({ mailDelivery: "DEV_OUTBOX", singleSignOn: false }),
    BillingInfo: () => ({ provider: "DEMO", priceCents: 3000, currency: "usd", interval: "month", trialDays: 7, publishableKey: null }),
  };
  // loadQuery reaches the network before Relay records the operation, so the mock must expect it.
  for (const query of Array.isArray(pageQueries) ? pageQueries : [pageQueries]) environment.mock.queuePendingOperation(query, {});
  expectLoadedQueries(environment);
  // relay-test-utils uses each resolver once: every answer queues the next.
  const resolver = (operation: OperationDescriptor) => {
    environment.mock.queueOperationResolver(resolver.bind(null));
    return executeAgainstSchema(operation, { ...defaults, ...(typeof mocks === "function" ? mocks(operation) : mocks) });
  };
  environment.mock.queueOperationResolver(resolver.bind(null));
}

/** Every generated query artifact under web/src by operation name, read on first use. */
let artifactFiles: Map<string, string> | null = null;
function queryArtifact(name: string): GraphQLTaggedNode {
  if (!artifactFiles) {
    artifactFiles = new Map();
    const root = path.resolve(__dirname, "../..");
    for (const file of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
      const match = /__generated__[\\/](\w+Query)\.graphql\.ts$/.exec(file);
      if (match) artifactFiles.set(match[1]!, path.join(root, file));
    }
  }
  const file = artifactFiles.get(name);
  if (!file) throw new Error(`No generated artifact for ${name}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(file) as { default: GraphQLTaggedNode }).default;
}

/**
 * The route table's loaders call loadQuery with variables from the URL and the as-of day: each
 * such request is registered with the mock as it reaches the network, so the answers above find it.
 */
export function expectLoadedQueries(environment: MockEnvironment) {
  const network = environment.getNetwork() as { execute: (...args: Parameters<ReturnType<MockEnvironment["getNetwork"]>["execute"]>) => ReturnType<ReturnType<MockEnvironment["getNetwork"]>["execute"]> };
  const execute = network.execute.bind(network);
  network.execute = (params, variables, ...rest) => {
    const known = environment.mock.getAllOperations().some((operation) => operation.request.node.params === params && sameVariables(operation.request.variables, variables));
    if (!known && params.operationKind === "query") environment.mock.queuePendingOperation(queryArtifact(params.name), variables);
    return execute(params, variables, ...rest);
  };
}

const sameVariables = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

export function notifications() {
  return within(screen.getByRole("region", { name: /Notifications/ }));
}
