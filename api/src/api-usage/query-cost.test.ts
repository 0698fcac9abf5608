import { buildSchema, isObjectType, parse } from "graphql";
import { schema } from "../graphql/schema";
import { DEFAULT_LIST_SIZE, fieldComplexity, operationCost } from "./query-cost";

/**
 * A small schema with nested connections and plain lists, each field costed by
 * `fieldComplexity` as @pothos/plugin-complexity does with the app builder's option.
 */
function connectionSchema() {
  const sdl = `
    type Query { funds(first: Int, last: Int, after: String, before: String): FundConnection! }
    type PageInfo { hasNextPage: Boolean! }
    type FundConnection { edges: [FundEdge!]! pageInfo: PageInfo! }
    type FundEdge { cursor: String! node: Fund! }
    type Fund {
      name: String!
      tags: [String!]!
      topHoldings: [Holding!]!
      holdings(first: Int, last: Int, after: String, before: String): HoldingConnection!
    }
    type HoldingConnection { edges: [HoldingEdge!]! }
    type HoldingEdge { cursor: String! node: Holding! }
    type Holding { symbol: String! shares: Int! }`;
  const built = buildSchema(sdl);
  for (const type of Object.values(built.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) Object.assign(field, { extensions: { complexity: fieldComplexity } });
  }
  return built;
}

const costOf = (query: string, variables: Record<string, unknown> = {}, onSchema = connectionSchema()) =>
  operationCost({ schema: onSchema, document: parse(query), variables, context: {} });

describe("query cost", () => {
  it("costs 1 per field, and a connection multiplies what it selects by its page size", () => {
    // funds 1 + 50 × (edges 1 + node 1 + name 1 + holdings 1 + 10 × (edges 1 + node 1 + symbol 1 + shares 1))
    const query = `{ funds(first: 50) { edges { node { name holdings(first: 10) { edges { node { symbol shares } } } } } } }`;
    expect(costOf(query)).toEqual({ cost: 1 + 50 * (4 + 10 * 4), depth: 7 });
  });

  it("reads page sizes from variables and from last, and assumes the default size when none is given", () => {
    const query = "query ($n: Int) { funds(first: $n) { edges { node { name } } } }";
    expect(costOf(query, { n: 3 })?.cost).toBe(1 + 3 * 3);
    expect(costOf("{ funds(last: 2) { edges { cursor } } }")?.cost).toBe(1 + 2 * 2);
    expect(costOf("{ funds { edges { cursor } } }")?.cost).toBe(1 + DEFAULT_LIST_SIZE * 2);
  });

  it("multiplies a list of objects by the default list size (a list of scalars is one field); fragments count like fields", () => {
    const query = `{ funds(first: 2) { edges { node { ...F } } } } fragment F on Fund { tags topHoldings { symbol } }`;
    // funds 1 + 2 × (edges 1 + node 1 + tags 1 + topHoldings (1 + 10 × symbol 1))
    expect(costOf(query)?.cost).toBe(1 + 2 * (1 + 1 + 1 + (1 + DEFAULT_LIST_SIZE * 1)));
  });

  it("measures the operation a request selects by name", () => {
    const document = "query Small { funds(first: 1) { pageInfo { hasNextPage } } } query Big { funds(first: 9) { edges { cursor } } }";
    expect(operationCost({ schema: connectionSchema(), document: parse(document), operationName: "Big", context: {} })?.cost).toBe(1 + 9 * 2);
    expect(operationCost({ schema: connectionSchema(), document: parse(document), operationName: "Nope", context: {} })).toBeNull();
  });

  it("prices the app's own fields: nodes(ids:) by the number of ids", () => {
    expect(costOf("{ viewer { email plan { status } } }", {}, schema)).toEqual({ cost: 4, depth: 3 });
    const ids = ["a", "b", "c"].map((id) => Buffer.from(`Fund:${id}`).toString("base64"));
    expect(costOf("query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", { ids }, schema)?.cost).toBe(1 + 3 * 1);
  });
});
