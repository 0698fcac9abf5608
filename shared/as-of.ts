// The as-of rule's pure part, one copy for the web app and the API (ARCHITECTURE.md, "The as-of
// rule"): what a valid day is, the instant it ends, and the day a view opens at. Reading the
// stored data is the API's (api/src/market-data/as-of.ts); the date control's wording is the web's
// (web/src/components/AsOfControl/asOf.ts); what a domain knows by a day (13F filing deadlines,
// report dates) is that domain's own rule. The zod schemas are in as-of-schema.ts: the web app does
// not validate with zod, and importing them here would put zod in its first bundle.
export const AS_OF_MESSAGE = "asOf must be a calendar date written YYYY-MM-DD";
export const AS_OF_FUTURE_MESSAGE = "asOf must not be after today (UTC)";

/** A real calendar day written YYYY-MM-DD (2021-02-30 is not). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** The last instant of a UTC day (YYYY-MM-DD): every view of the day measures to this moment. */
export const endOfDay = (date: string) => new Date(`${date}T23:59:59.999Z`);

/** The first and last day of the stored prices (YYYY-MM-DD): the days an as-of may be where prices are read. */
export type PriceRange = { first: string; last: string };

export const isInPriceRange = (day: string, range: PriceRange) => day >= range.first && day <= range.last;

/** What the data coverage (dataCoverage) tells about the as-of days. */
export interface AsOfCoverage {
  /** The day views open at without ?asOf= (null: the latest data). */
  defaultAsOf: string | null;
  firstPriceDate: string | null;
  latestPriceDate: string | null;
}

/**
 * The day a view opens at: the coverage's default day (offline, the day the bundled news and
 * prices overlap most), else the latest price day; null without prices.
 */
export const defaultAsOfDay = (coverage: Pick<AsOfCoverage, "defaultAsOf" | "latestPriceDate">) => coverage.defaultAsOf ?? coverage.latestPriceDate;
