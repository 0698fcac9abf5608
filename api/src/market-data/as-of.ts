// The one rule for an as-of day a user asks for (screens, news): a real calendar day written
// YYYY-MM-DD, and where it ends (UTC), so every view of that day measures to the same instant.
import { z } from "zod";

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
