// The as-of day's input schemas (zod), on the rule of as-of.ts: one message whatever is wrong.
import { z } from "zod";
import { AS_OF_FUTURE_MESSAGE, AS_OF_MESSAGE, isCalendarDay } from "./as-of";

/** An optional as-of day written YYYY-MM-DD, a real calendar day: null when not given. */
export const asOfDaySchema = z
  .string({ error: AS_OF_MESSAGE })
  .refine(isCalendarDay, { error: AS_OF_MESSAGE })
  .optional()
  .transform((date) => date ?? null);

/** Like asOfDaySchema, and not after today (UTC): for data that is not bounded by the stored prices. */
export const pastAsOfDaySchema = asOfDaySchema.refine((date) => date === null || date <= new Date().toISOString().slice(0, 10), {
  error: AS_OF_FUTURE_MESSAGE,
});
