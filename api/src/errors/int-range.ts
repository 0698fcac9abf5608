// Counts, page sizes and limits: each is a whole number in a documented range, or the request is
// refused naming it (BAD_USER_INPUT with fieldErrors). Never clamped, never read loosely: GraphQL
// Int arguments declare their range on the field (graphql/int-args.ts), REST query parameters
// parse with decimalIntegerParam below.
import { z } from "zod";

/** A whole number from min to max (both included), and the value taken when none is sent. */
export type IntRange = { readonly min: number; readonly max: number; readonly default?: number };

/** The refusal of a value outside the range (GraphQL already refuses anything but an Int). */
export const intRangeMessage = (field: string, range: IntRange) => `${field} must be between ${range.min} and ${range.max}.`;

/** The refusal of a REST query value: anything but decimal digits, or a number outside the range. */
export const decimalIntegerMessage = (field: string, range: IntRange) =>
  `${field} must be a whole number between ${range.min} and ${range.max}, written in decimal digits.`;

/** The range as its documentation states it, e.g. "1–50 (default 20)." */
export const intRangeText = (range: IntRange) => `${range.min}–${range.max}${range.default === undefined ? "" : ` (default ${range.default})`}.`;

export function isInIntRange(value: unknown, range: IntRange): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= range.min && value <= range.max;
}

/** A number sent as JSON (a request body, a service's input): a whole number in the range, else the range message. */
export function intInRange(field: string, range: IntRange) {
  const error = intRangeMessage(field, range);
  return z.number({ error }).int({ error }).min(range.min, { error }).max(range.max, { error });
}

// ASCII digits with an optional minus (a negative number is then refused as out of range):
// no hex (0x10), exponent (1e3), decimal point (5.5), plus sign or whitespace (" 5"). Fifteen
// digits at most, so Number() reads every accepted text exactly (a safe integer).
const DECIMAL_INTEGER = /^-?[0-9]{1,15}$/;

/**
 * A REST query parameter that is a count or limit (optional: undefined when the parameter is absent).
 * Express hands over text (an array or object when repeated or bracketed); only a decimal integer in
 * the range passes, else a BAD_USER_INPUT naming the field (through parseInput).
 */
export function decimalIntegerParam(field: string, range: IntRange) {
  const error = decimalIntegerMessage(field, range);
  return z.string({ error }).regex(DECIMAL_INTEGER, { error }).transform(Number).pipe(intInRange(field, range)).optional();
}
