import path from "node:path";

/** The repository root: where prisma/, web/dist and schema.graphql live. */
export const projectRoot = path.resolve(__dirname, "../../..");
