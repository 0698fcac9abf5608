import { complexityFromQuery } from "@pothos/plugin-complexity";
import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isListType,
  isObjectType,
  Kind,
  type DocumentNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";

/** Items assumed for a list, or a connection asked for without `first`/`last`. */
export const DEFAULT_LIST_SIZE = 10;

/**
 * The complexity plugin's cost of one field, in the spirit of GitHub's API:
 * every field costs 1, and a field returning several items multiplies the
 * cost of what is selected inside it by how many items it may return: its
 * page size (`first`/`last`) for a connection, the number of ids for
 * `nodes(ids:)`, and DEFAULT_LIST_SIZE for any other list.
 */
export function fieldComplexity<Context>(
  args: Record<string, unknown>,
  _context: Context,
  field: GraphQLField<unknown, Context>,
): { field: number; multiplier: number } {
  if (field.args.some((arg) => arg.name === "first" || arg.name === "last")) {
    const pageSize = args.first ?? args.last;
    return { field: 1, multiplier: typeof pageSize === "number" ? Math.max(0, pageSize) : DEFAULT_LIST_SIZE };
  }
  if (Array.isArray(args.ids)) return { field: 1, multiplier: args.ids.length };
  if (!isListType(getNullableType(field.type))) return { field: 1, multiplier: 1 };
  // A connection's edges are already multiplied by the connection's page size.
  return { field: 1, multiplier: isEdgeList(field) ? 1 : DEFAULT_LIST_SIZE };
}

function isEdgeList<Context>(field: GraphQLField<unknown, Context>): boolean {
  const item = getNamedType(field.type);
  return isObjectType(item) && "node" in item.getFields() && "cursor" in item.getFields();
}

export type OperationCost = { cost: number; depth: number };

/**
 * The cost and depth of the operation a request selects, from its shape alone
 * (nothing is resolved). Null when no operation matches `operationName`: the
 * executor reports that itself.
 */
export function operationCost(options: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  context: object;
}): OperationCost | null {
  const operation = getOperationAST(options.document, options.operationName);
  if (!operation) return null;
  const { complexity, depth } = complexityFromQuery(selectedOperationOnly(options.document, operation), {
    schema: options.schema,
    ctx: options.context,
    variables: options.variables ?? {},
  });
  return { cost: complexity, depth };
}

/** complexityFromQuery measures a document's first operation: keep only the selected one (and the fragments). */
function selectedOperationOnly(document: DocumentNode, operation: OperationDefinitionNode): DocumentNode {
  return {
    ...document,
    definitions: [operation, ...document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)],
  };
}
