// The API's side of the one as-of rule (the pure rule is @shared/as-of): every data view (screens,
// news, stock pages, AI picks, earnings, 13F, videos, compare) answers for one day. A day asked for
// is checked here against what is stored (for prices, inside the stored prices' range); without
// one, GraphQL fields answer for the day the web opens at and the REST shims for the latest
// stored day, and each answer's asOf says which day it used.
import { z } from "zod";
import { defaultAsOfDay, isInPriceRange, type PriceRange } from "@shared/as-of";
import { asOfDaySchema, pastAsOfDaySchema } from "@shared/as-of-schema";
import { currentDataCoverage } from "../data-coverage/data-coverage";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";

const rangesInFlight = new WeakMap<Database, Promise<PriceRange | null>>();

/**
 * The first and last day of the stored prices, null when there are none. Calls made while the
 * question is being answered share its answer: a query with 500 aliased fields as of past days
 * asks once, not 500 times one after another on the request loop (PGlite answers there).
 */
export function storedPriceRange(db: Database): Promise<PriceRange | null> {
  let range = rangesInFlight.get(db);
  if (!range) {
    range = readPriceRange(db).finally(() => rangesInFlight.delete(db));
    rangesInFlight.set(db, range);
  }
  return range;
}

async function readPriceRange(db: Database): Promise<PriceRange | null> {
  const [range] = await db.prisma.$queryRaw<{ first: string | null; last: string | null }[]>`
    SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last FROM price_data`;
  return range?.first && range.last ? { first: range.first, last: range.last } : null;
}

/**
 * The day a request without asOf is answered for: "default", the day the web opens at (the data
 * coverage's default day, else the latest price day: GraphQL fields); "latest", the latest stored
 * price day (the REST shims, spec §7). Null without prices.
 */
export type DayWithoutAsOf = "default" | "latest";

export async function dayWithoutAsOf(db: Database, without: DayWithoutAsOf): Promise<string | null> {
  if (without === "latest") return (await storedPriceRange(db))?.last ?? null;
  return defaultAsOfDay(await currentDataCoverage(db));
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
  if (range && isInPriceRange(asOf, range)) return asOf;
  const message = range
    ? `asOf must be a date from ${range.first} to ${range.last}, the range of the stored prices`
    : "asOf cannot be used: no prices are stored yet";
  throw new AppError("BAD_USER_INPUT", `Invalid input: asOf. ${message}.`, { fieldErrors: [{ field: "asOf", message }] });
}

/** The day a view is answered for: the one asked for (validated as by parseAsOfDay), else the day `without` names. */
export async function resolveAsOfDay(db: Database, input: unknown, without: DayWithoutAsOf): Promise<string | null> {
  return parseAsOfDay(input) ?? (await dayWithoutAsOf(db, without));
}
