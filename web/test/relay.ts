import { readFileSync } from "node:fs";
import { join } from "node:path";
import { addMocksToSchema, type IMocks } from "@graphql-tools/mock";
import { buildSchema, graphqlSync } from "graphql";
import type { GraphQLResponse, OperationDescriptor, PayloadData } from "relay-runtime";

/** The real GraphQL contract (schema.graphql at the repo root), with default mocks. */
const schema = buildSchema(readFileSync(join(__dirname, "../../schema.graphql"), "utf8"));

export const defaultMocks: IMocks = {
  DateTime: () => "2025-01-01T12:00:00.000Z",
  ContactDetails: () => ({ email: "hello@tickerscope.test", phone: "+1 (555) 010-0199", hours: "Mon-Fri 8:00 AM - 6:00 PM EST" }),
};

/**
 * Execute a pending Relay operation against the mocked schema, so the payload has exactly the
 * shape the server would send. Use with `environment.mock.resolve(operation, result)`.
 */
export function executeAgainstSchema(operation: OperationDescriptor, mocks: IMocks = {}): GraphQLResponse {
  const mocked = addMocksToSchema({ schema, mocks: { ...defaultMocks, ...mocks } });
  const text = operation.request.node.params.text;
  if (!text) throw new Error(`Operation ${operation.request.node.params.name} has no text`);
  const result = graphqlSync({ schema: mocked, source: text, variableValues: operation.request.variables });
  if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join("\n"));
  return { data: result.data as PayloadData };
}
