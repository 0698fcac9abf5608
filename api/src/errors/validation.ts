import type { z } from "zod";
import { AppError, type FieldError } from "./app-error";

// NUL, or a UTF-16 surrogate without its pair (matched per code unit, hence no `u` flag).
const unstorableCharacter = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text can be stored as sent: PostgreSQL refuses NUL, and UTF-8 cannot encode an unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !unstorableCharacter.test(text);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a row keyed by a uuid column (PostgreSQL refuses anything else as a uuid). */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

const unstorableMessage = (field: string) =>
  `${field} contains a character that cannot be stored (a NUL or an unpaired UTF-16 surrogate).`;

/** No input nests deeper; past it the schema refuses the shape (and a hostile nesting cannot exhaust the stack here). */
const MAX_INPUT_DEPTH = 32;

/** Every string in the input (object keys included) that cannot be stored, by its path. */
function unstorableTextErrors(input: unknown, path: string[] = []): FieldError[] {
  const field = path.length > 0 ? path.join(".") : "input";
  if (typeof input === "string") return isStorableText(input) ? [] : [{ field, message: unstorableMessage(field) }];
  if (typeof input !== "object" || input === null || path.length >= MAX_INPUT_DEPTH) return [];
  return Object.entries(input).flatMap(([key, value]) => {
    const keyErrors = isStorableText(key) ? [] : [{ field, message: `${field} has a field name that cannot be stored (a NUL or an unpaired UTF-16 surrogate).` }];
    return [...keyErrors, ...unstorableTextErrors(value, [...path, key])];
  });
}

/**
 * Parses input with a zod schema; on failure throws one BAD_USER_INPUT error
 * listing every field and the rule it broke. Every text in the input must be
 * storable (no NUL, no unpaired surrogate): one rule for every service's input,
 * REST and GraphQL alike, so such text is refused by name rather than failing in the database.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const textErrors = unstorableTextErrors(input);
  const result = schema.safeParse(input);
  if (result.success && textErrors.length === 0) return result.data;
  const schemaErrors = result.success
    ? []
    : result.error.issues.map((issue) => ({
        field: issue.path.length > 0 ? issue.path.join(".") : "input",
        message: issue.message,
      }));
  const fieldErrors = [...textErrors, ...schemaErrors.filter((error) => !textErrors.some((text) => text.field === error.field))];
  const fields = [...new Set(fieldErrors.map((error) => error.field))].join(", ");
  throw new AppError("BAD_USER_INPUT", `Invalid input: ${fields}`, { fieldErrors });
}

/** A field's parse, its error collected rather than thrown, so one answer names every bad field. */
export async function collectFieldErrors<T>(errors: FieldError[], parse: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await parse();
  } catch (error) {
    if (error instanceof AppError && error.fieldErrors) errors.push(...error.fieldErrors);
    else throw error;
    return undefined;
  }
}
