// The one rule for an as-of day a user asks for (screens, news, stock pages): a real calendar day
// written YYYY-MM-DD, and where it ends (UTC), so every view of that day measures to the same
// instant; for prices, inside the stored prices' range.
import { z } from "zod";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";

export const AS_OF_MESSAGE = "asOf must be a calendar date written YYYY-MM-DD";

const isCalendarDay = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
};

/** An optional as-of day: null when not given. */
export const asOfDaySchema = z
  .string({ error: AS_OF_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AS_OF_MESSAGE, abort: true })
  .refine(isCalendarDay, { error: AS_OF_MESSAGE })
  .optional()
  .transform((date) => date ?? null);

/** The last instant of a UTC day (YYYY-MM-DD). */
export const endOfDay = (date: string) => new Date(`${date}T23:59:59.999Z`);

/** The first and last day of the stored prices (YYYY-MM-DD), null when there are none. */
export async function storedPriceRange(db: Database): Promise<{ first: string; last: string } | null> {
  const [range] = await db.prisma.$queryRaw<{ first: string | null; last: string | null }[]>`
    SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last FROM price_data`;
  return range?.first && range.last ? { first: range.first, last: range.last } : null;
}

/**
 * An as-of day a user asked for about prices (null when not given): a calendar day inside the
 * stored prices' range, else BAD_USER_INPUT naming asOf and the rule.
 */
export async function parsePriceAsOf(db: Database, input: unknown): Promise<string | null> {
  const { asOf } = parseInput(z.object({ asOf: asOfDaySchema }), { asOf: input ?? undefined });
  if (asOf === null) return null;
  const range = await storedPriceRange(db);
  if (range && asOf >= range.first && asOf <= range.last) return asOf;
  const message = range
    ? `asOf must be a date from ${range.first} to ${range.last}, the range of the stored prices`
    : "asOf cannot be used: no prices are stored yet";
  throw new AppError("BAD_USER_INPUT", `Invalid input: asOf. ${message}.`, { fieldErrors: [{ field: "asOf", message }] });
}
