// The app's one as-of date (issue 12): ?asOf=YYYY-MM-DD in the URL, else the data's default day
// (offline: the news-richest day; live: the latest data). The date control's side of the rule
// (the URL, its wording); the rule itself is @shared/as-of; the query and the hook live in useAsOf.ts.
import { isCalendarDay, isInPriceRange, type AsOfCoverage } from "@shared/as-of";
import { formatMarketDate } from "../ScreenResults/format";

export const AS_OF_PARAM = "asOf";

export interface AsOfResolution {
  /** The day every view uses; null means the latest data. */
  asOf: string | null;
  /** Where it came from: the URL, the data's default day, or no date at all (latest). */
  source: "url" | "default" | "latest";
  /** Why ?asOf= was not used, in words for the user; null when it was (or was absent). */
  problem: string | null;
}

/**
 * The as-of to use for a ?asOf= value (null when absent): the URL's day when valid and in range,
 * else the default day (@shared/as-of#defaultAsOfDay), sent as null when it is the latest data,
 * so the server answers for its latest (live news up to now, not to a day's end).
 */
export function resolveAsOf(param: string | null, coverage: AsOfCoverage): AsOfResolution {
  const fallback: AsOfResolution = isCalendarDay(coverage.defaultAsOf)
    ? { asOf: coverage.defaultAsOf, source: "default", problem: null }
    : { asOf: null, source: "latest", problem: null };
  if (param === null || param === "") return fallback;
  if (!isCalendarDay(param)) return { ...fallback, problem: `“${param}” is not a date: use YYYY-MM-DD, e.g. 2020-07-17.` };
  const { firstPriceDate: first, latestPriceDate: last } = coverage;
  if (first !== null && last !== null && !isInPriceRange(param, { first, last })) {
    return {
      ...fallback,
      problem: `${formatMarketDate(param)} is outside the stored prices (${formatMarketDate(first)} – ${formatMarketDate(last)}), so it cannot be used.`,
    };
  }
  return { asOf: param, source: "url", problem: null };
}

/** Search params with ?asOf= set to `asOf` (removed for null), the others kept. */
export function withAsOfParam(params: URLSearchParams, asOf: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (asOf) next.set(AS_OF_PARAM, asOf);
  else next.delete(AS_OF_PARAM);
  return next;
}

/** The input field of a screen run, with its asOf set to the view's (omitted for the latest data). */
export function inputAsOf<Input extends { asOf?: string | null }>(input: Input, asOf: string | null): Input {
  const { asOf: _previous, ...rest } = input;
  return (asOf ? { ...rest, asOf } : rest) as Input;
}
