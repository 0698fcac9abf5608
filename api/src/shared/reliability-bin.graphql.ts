// A reliability table's bin as a GraphQL type: the earnings model's (Pro) and the AI score's
// (public) share its shape, each under its own name and access rule.
import { builder } from "../graphql/builder";
import type { ReliabilityBin } from "../earnings/evaluation";

export function reliabilityBinType(name: string, description: string, authScopes?: { pro: true }) {
  return builder.objectRef<ReliabilityBin>(name).implement({
    description,
    ...(authScopes ? { authScopes } : {}),
    fields: (t) => ({
      from: t.exposeFloat("from"),
      to: t.exposeFloat("to"),
      count: t.exposeInt("count"),
      meanPredicted: t.exposeFloat("meanPredicted", { nullable: true }),
      observedRate: t.exposeFloat("observedRate", { nullable: true }),
    }),
  });
}
