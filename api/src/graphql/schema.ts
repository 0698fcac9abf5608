import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder";
// Each domain registers its types and fields on the builder when imported.
import "../auth/auth-options.graphql";
import "../auth/viewer.graphql";
import "../contact/contact-messages.graphql";

export const schema = lexicographicSortSchema(builder.toSchema());

export const printedSchema = (): string => `${printSchema(schema)}\n`;
