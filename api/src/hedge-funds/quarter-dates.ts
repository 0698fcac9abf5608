// The calendar rules of 13F quarters, and "known by a day" arithmetic done on dates, never on
// strings: a quarter is a real calendar quarter end (03-31, 06-30, 09-30, 12-31) not after the day
// it is imported, and a day plus 45 days is computed and compared as a count of days. (Comparing
// strings let 9999-12-31's deadline, "+010000-02-14", sort before every real day.)
import { isCalendarDay } from "@shared/as-of";

const MS_PER_DAY = 86_400_000;
const QUARTER_ENDS = new Set(["03-31", "06-30", "09-30", "12-31"]);

/** Days since 1970-01-01 of a calendar day YYYY-MM-DD; NaN for anything else. */
export const dayNumber = (day: string): number => (isCalendarDay(day) ? Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY : Number.NaN);

/** The calendar day `days` after `day` (YYYY-MM-DD, years 0000–9999; beyond that a RangeError). */
export function addDays(day: string, days: number): string {
  const number = dayNumber(day);
  if (Number.isNaN(number)) throw new RangeError(`"${day}" is not a calendar day written YYYY-MM-DD`);
  const result = new Date((number + days) * MS_PER_DAY).toISOString();
  if (!/^\d{4}-/.test(result)) throw new RangeError(`${day} + ${days} days is past the year 9999`);
  return result.slice(0, 10);
}

/** Whether calendar day `a` is on or before `b` (compared as dates). */
export const isOnOrBefore = (a: string, b: string) => dayNumber(a) <= dayNumber(b);

/** Today in UTC, YYYY-MM-DD: the import day. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

const shown = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Why `day` cannot be a 13F quarter imported on `today`, or null when it can. */
export function quarterEndProblem(day: string, today: string = todayUtc()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return `${shown(day)} is not a date written YYYY-MM-DD`;
  if (!isCalendarDay(day)) return `${day} is not a calendar day`;
  if (!QUARTER_ENDS.has(day.slice(5))) return `${day} is not a calendar quarter end (03-31, 06-30, 09-30 or 12-31)`;
  if (!isOnOrBefore(day, today)) return `${day} is after the import day ${today}: a quarter is reported once it has ended`;
  return null;
}

/** Why `filedAt` cannot be the filing date of quarter `quarterEnd` imported on `today`, or null. */
export function filedAtProblem(filedAt: string, quarterEnd: string, today: string = todayUtc()): string | null {
  if (!isCalendarDay(filedAt)) return `${shown(filedAt)} is not a calendar day written YYYY-MM-DD`;
  if (dayNumber(filedAt) < dayNumber(quarterEnd)) return `${filedAt} is before the end of the quarter it reports (${quarterEnd})`;
  if (!isOnOrBefore(filedAt, today)) return `${filedAt} is after the import day ${today}`;
  return null;
}
