// The arithmetic of Research & Compare, on plain arrays (no database): series rebased to 100, the
// equal-weight universe's daily returns, and the Pearson correlation of aligned daily returns.
import { lastIndexOnOrBefore } from "../market-data/technicals-store";

/** One ticker's bars with a close, oldest first. */
export type CloseSeries = { dates: string[]; closes: number[] };

export type IndexPoint = { date: string; value: number };

/**
 * The closes dated from `base` to `end` (inclusive) as an index that is 100 on the first of them.
 * Empty when the series has no close in that span (or a first close of 0, which cannot be a base).
 */
export function rebasedSeries(series: CloseSeries, base: string, end: string): IndexPoint[] {
  const from = lastIndexOnOrBefore(series.dates, base);
  // The first bar on or after the base day (a series that starts later is rebased where it starts).
  const start = from >= 0 && series.dates[from] === base ? from : from + 1;
  const last = lastIndexOnOrBefore(series.dates, end);
  if (start > last || start >= series.dates.length || !(series.closes[start] > 0)) return [];
  const first = series.closes[start];
  const points: IndexPoint[] = [];
  for (let index = start; index <= last; index++) points.push({ date: series.dates[index], value: (series.closes[index] / first) * 100 });
  return points;
}

/**
 * Each trading day's equal-weight universe return: the mean close-to-close return of every series
 * with a bar on that day and on the trading day before it (a series with a gap does not count on
 * the day after the gap). With the number of series averaged each day.
 */
export function universeDailyReturns(seriesList: Iterable<CloseSeries>, tradingDays: string[]): Map<string, { mean: number; members: number }> {
  const dayIndex = new Map(tradingDays.map((day, index) => [day, index]));
  const totals = new Float64Array(tradingDays.length);
  const counts = new Uint32Array(tradingDays.length);
  for (const { dates, closes } of seriesList) {
    for (let index = 1; index < dates.length; index++) {
      const day = dayIndex.get(dates[index]);
      if (day === undefined || day === 0 || tradingDays[day - 1] !== dates[index - 1] || !(closes[index - 1] > 0)) continue;
      totals[day] += closes[index] / closes[index - 1] - 1;
      counts[day] += 1;
    }
  }
  const byDay = new Map<string, { mean: number; members: number }>();
  for (let day = 1; day < tradingDays.length; day++) {
    if (counts[day] > 0) byDay.set(tradingDays[day], { mean: totals[day] / counts[day], members: counts[day] });
  }
  return byDay;
}

/** The universe's index over the trading days from `base` to `end`: 100 on the base day, compounded by each day's mean return (0 on a day without any). */
export function rebasedUniverse(returns: Map<string, { mean: number }>, tradingDays: string[], base: string, end: string): IndexPoint[] {
  const from = lastIndexOnOrBefore(tradingDays, base);
  const start = from >= 0 && tradingDays[from] === base ? from : from + 1;
  const last = lastIndexOnOrBefore(tradingDays, end);
  const points: IndexPoint[] = [];
  let level = 100;
  for (let index = start; index <= last; index++) {
    if (index > start) level *= 1 + (returns.get(tradingDays[index])?.mean ?? 0);
    points.push({ date: tradingDays[index], value: level });
  }
  return points;
}

/**
 * The daily close-to-close returns of every series on the common days: the trading days in
 * (base, end] on which every series has a bar, and a bar on the trading day before. One row per
 * series, aligned by day.
 */
export function alignedDailyReturns(seriesList: CloseSeries[], tradingDays: string[], base: string, end: string): { days: string[]; returns: number[][] } {
  const from = Math.max(1, lastIndexOnOrBefore(tradingDays, base) + 1);
  const last = lastIndexOnOrBefore(tradingDays, end);
  const days: string[] = [];
  const returns: number[][] = seriesList.map(() => []);
  const cursors = seriesList.map((series) => Math.max(0, lastIndexOnOrBefore(series.dates, tradingDays[from - 1] ?? "")));
  for (let index = from; index <= last; index++) {
    const day = tradingDays[index];
    const previous = tradingDays[index - 1];
    const values: number[] = [];
    for (let s = 0; s < seriesList.length; s++) {
      const { dates, closes } = seriesList[s];
      let cursor = cursors[s];
      while (cursor < dates.length && dates[cursor] < day) cursor++;
      cursors[s] = cursor;
      if (cursor >= dates.length || dates[cursor] !== day || cursor === 0 || dates[cursor - 1] !== previous || !(closes[cursor - 1] > 0)) break;
      values.push(closes[cursor] / closes[cursor - 1] - 1);
    }
    if (values.length !== seriesList.length) continue;
    days.push(day);
    values.forEach((value, s) => returns[s].push(value));
  }
  return { days, returns };
}

/** Pearson's r of two equally long samples; null with fewer than 3 pairs or a sample that does not vary. */
export function pearson(a: number[], b: number[]): number | null {
  const n = Math.min(a.length, b.length);
  if (n < 3) return null;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i];
    meanB += b[i];
  }
  meanA /= n;
  meanB /= n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i] - meanA;
    const db = b[i] - meanB;
    cov += da * db;
    varA += da * da;
    varB += db * db;
  }
  if (varA === 0 || varB === 0) return null;
  return Math.max(-1, Math.min(1, cov / Math.sqrt(varA * varB)));
}

/** The symmetric matrix of Pearson's r between every pair of rows (1 on the diagonal when a row varies). */
export function correlationMatrix(returns: number[][]): (number | null)[][] {
  return returns.map((row, i) => returns.map((other, j) => (i === j ? (pearson(row, row) === null ? null : 1) : pearson(row, other))));
}

/** YYYY-MM-DD `months` calendar months before `day` (the month's last day when it is shorter: 03-31 → 02-28). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}
