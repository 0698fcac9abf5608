import type { z } from "zod";
import { AppError } from "./app-error";

/**
 * Parses input with a zod schema; on failure throws one BAD_USER_INPUT error
 * listing every field and the rule it broke.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join(".") : "input",
    message: issue.message,
  }));
  const fields = [...new Set(fieldErrors.map((error) => error.field))].join(", ");
  throw new AppError("BAD_USER_INPUT", `Invalid input: ${fields}`, { fieldErrors });
}
