import { ApiError } from "../../api/rest";

/**
 * The sentence a toast shows for a failed REST call: the server's field messages
 * (its top-level message for invalid input only lists field names), else its
 * message, else the fallback. Never a status line or a stack trace.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const fieldMessages = [...new Set(error.fieldErrors.map((fieldError) => fieldError.message))];
  if (fieldMessages.length > 0) return fieldMessages.join(" ");
  return error.serverMessage ?? fallback;
}

/** The server's per-field messages for the fields this form has (`input.email` counts as `email`). */
export function fieldErrorsOf<Field extends string>(error: unknown, fields: readonly Field[]): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError)) return {};
  const result: Partial<Record<Field, string>> = {};
  for (const { field, message } of error.fieldErrors) {
    const name = field.split(".").pop() as Field;
    if (fields.includes(name) && !result[name]) result[name] = message;
  }
  return result;
}
