// The one as-of rule of the API (every data view: screens, news, stock pages, AI picks, earnings,
// 13F, videos, compare): a requested day is a real calendar day written YYYY-MM-DD, not after today
// (UTC); for prices, inside the stored prices' range; without one, the data's default day. A day
// ends at its last UTC instant, so every view of it measures to the same moment. What a domain
// knows by a day (13F filing deadlines, report dates) is that domain's own rule.
import { z } from "zod";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";

export const AS_OF_MESSAGE = "asOf must be a calendar date written YYYY-MM-DD";
export const AS_OF_FUTURE_MESSAGE = "asOf must not be after today (UTC)";

const isCalendarDay = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
};

/** An optional as-of day written YYYY-MM-DD, a real calendar day: null when not given. */
export const asOfDaySchema = z
  .string({ error: AS_OF_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AS_OF_MESSAGE, abort: true })
  .refine(isCalendarDay, { error: AS_OF_MESSAGE })
  .optional()
  .transform((date) => date ?? null);

/** Like asOfDaySchema, and not after today (UTC): for data that is not bounded by the stored prices. */
export const pastAsOfDaySchema = asOfDaySchema.refine((date) => date === null || date <= new Date().toISOString().slice(0, 10), { error: AS_OF_FUTURE_MESSAGE });

/** The last instant of a UTC day (YYYY-MM-DD). */
export const endOfDay = (date: string) => new Date(`${date}T23:59:59.999Z`);

/** The first and last day of the stored prices (YYYY-MM-DD), null when there are none. */
export async function storedPriceRange(db: Database): Promise<{ first: string; last: string } | null> {
  const [range] = await db.prisma.$queryRaw<{ first: string | null; last: string | null }[]>`
    SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last FROM price_data`;
  return range?.first && range.last ? { first: range.first, last: range.last } : null;
}

/**
 * The day a request without asOf is answered for: the data coverage's default day (offline, the
 * day the bundled news and prices overlap most), else the latest stored price day; null without
 * prices. The web's date control opens at the same day (dataCoverage.defaultAsOf).
 */
export async function defaultAsOfDay(db: Database): Promise<string | null> {
  // Imported when first needed: the price worker threads load this module for endOfDay, and the
  // coverage's news reads would bring the whole news snapshot code into each of them.
  const { currentDataCoverage } = await import("../data-coverage/data-coverage");
  const coverage = await currentDataCoverage(db);
  return coverage.defaultAsOf ?? coverage.latestPriceDate;
}

/** An as-of day a user asked for (null when not given), not after today, else BAD_USER_INPUT naming asOf and the rule. */
export function parseAsOfDay(input: unknown): string | null {
  return parseInput(z.object({ asOf: pastAsOfDaySchema }), { asOf: input ?? undefined }).asOf;
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

/** The day a view is answered for: the one asked for (validated as by parseAsOfDay), else the default day. */
export async function resolveAsOfDay(db: Database, input: unknown): Promise<string | null> {
  return parseAsOfDay(input) ?? (await defaultAsOfDay(db));
}

/** Like resolveAsOfDay, for prices: the day asked for must lie in the stored prices' range (parsePriceAsOf). */
export async function resolvePriceAsOfDay(db: Database, input: unknown): Promise<string | null> {
  return (await parsePriceAsOf(db, input)) ?? (await defaultAsOfDay(db));
}
