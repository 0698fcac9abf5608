import SchemaBuilder, { brandWithType, getTypeBrand } from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { GraphQLError, isObjectType, type GraphQLSchema } from "graphql";
import { AppError } from "../errors/app-error";
import type PrismaTypes from "../generated/pothos-prisma-types";
import { getDatamodel } from "../generated/pothos-prisma-types";
import type { RequestContext } from "../context";
import { authScopesFor } from "../auth/viewer";
import { fieldComplexity } from "../api-usage/query-cost";
import IntArgsPlugin from "./int-args";

export type GraphQLContext = RequestContext;

export type AuthScopes = {
  /** A signed-in user (session cookie or API key). */
  signedIn: boolean;
  /** A user with Pro access: active or trialing Pro/Elite subscription. */
  pro: boolean;
  /** The request is authenticated with an API key. */
  apiKey: boolean;
};

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
  };
}>({
  // scope-auth first, so auth checks run before other plugins' wrappers.
  // intArgs: each count's range (graphql/int-args.ts), in its argument's description and extensions.
  plugins: [ScopeAuthPlugin, ComplexityPlugin, PrismaPlugin, RelayPlugin, IntArgsPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => authScopesFor(context.viewer),
    // Anonymous → UNAUTHENTICATED; signed in but without the scope → PRO_REQUIRED (or FORBIDDEN).
    unauthorizedError: (_parent, context, _info, result) => {
      if (!context.viewer) {
        return new GraphQLError("Sign in required.", { extensions: { code: "UNAUTHENTICATED" } });
      }
      const needsPro = JSON.stringify(result.failure).includes('"scope":"pro"');
      return new GraphQLError(needsPro ? "A Pro subscription is required." : "Not allowed.", {
        extensions: { code: needsPro ? "PRO_REQUIRED" : "FORBIDDEN" },
      });
    },
  },
  // Each field's cost from the query's shape (api-usage/query-cost.ts). The limits are
  // checked per request, before execution, by the API usage plugin (api-usage/), not here.
  complexity: { fieldComplexity },
  prisma: {
    client: (context) => context.db.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === "production" ? null : "warn",
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    nodeQueryOptions: {
      resolve: async (_root, { id }, _context, info, resolveNode) => {
        assertNodeTypes(info.schema, [id.typename]);
        const [node] = await typedNodes([id], [await resolveNode(id)]);
        return node;
      },
    },
    nodesQueryOptions: {
      resolve: async (_root, { ids }, _context, info, resolveNodes) => {
        assertNodeTypes(info.schema, ids.map((id) => id.typename));
        return typedNodes(ids, await resolveNodes(ids));
      },
    },
  },
});

/** An id naming a type that is not a public Node is simply not found, whatever its payload. */
function assertNodeTypes(schema: GraphQLSchema, typenames: string[]) {
  for (const typename of typenames) {
    const type = schema.getType(typename);
    const isNode = isObjectType(type) && type.getInterfaces().some((iface) => iface.name === "Node");
    if (!isNode) throw new AppError("NOT_FOUND", "No object exists with this id.");
  }
}

/**
 * The loaded nodes, each settled and branded with the type its id names, so Node.resolveType places
 * it whichever lookup settles first. The relay plugin caches a loader's pending promise per request
 * and brands the object only when the lookup that started the load finishes: a second lookup of the
 * same id in the operation (`node(id: X)` with `nodes(ids: [X])`) took the object from that promise
 * a few ticks earlier, still without its brand, and the executor answered null with "Runtime Object
 * type is not a possible type for Node".
 */
async function typedNodes(ids: readonly { typename: string }[], loaded: readonly unknown[]): Promise<unknown[]> {
  const nodes = await Promise.all(loaded);
  nodes.forEach((node, index) => {
    // By type name, as the relay plugin brands (its typing asks for a type reference).
    if (node !== null && typeof node === "object" && getTypeBrand(node) === null) brandWithType(node, ids[index].typename as never);
  });
  return nodes;
}

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.scalarType("DateTime", {
  description: "An ISO-8601 date-time string in UTC.",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : new Date(NaN);
    if (Number.isNaN(date.getTime())) throw new GraphQLError("DateTime must be an ISO-8601 string.");
    return date;
  },
});

// Relay's Node interface with node(id:) / nodes(ids:), whether or not a type
// implements it yet. Only public types implement Node (never contact messages).
builder.nodeInterfaceRef();
