/** One bar of the density strip: a week (Monday to Sunday, UTC) of the coverage's days. */
export interface CoverageWeek {
  /** The week's Monday (YYYY-MM-DD). */
  start: string;
  /** The busiest day's count of tickers with news (distinct tickers cannot be summed across days). */
  maxTickersWithNews: number;
  /** The week's last day with price bars: what a click on the bar picks; null when it has none. */
  lastPriceDate: string | null;
}

interface DayCounts {
  date: string;
  tickersWithPrices: number;
  tickersWithNews: number;
}

const DAY_MS = 86_400_000;

function mondayOf(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** The days grouped into consecutive weeks, empty weeks included so the strip's x axis is time. */
export function coverageWeeks(days: readonly DayCounts[]): CoverageWeek[] {
  const dated = days.filter((day) => !Number.isNaN(Date.parse(`${day.date}T00:00:00Z`)));
  if (dated.length === 0) return [];
  const byWeek = new Map<string, CoverageWeek>();
  const first = Date.parse(`${mondayOf(dated[0].date)}T00:00:00Z`);
  const last = Date.parse(`${mondayOf(dated[dated.length - 1].date)}T00:00:00Z`);
  for (let time = first; time <= last; time += 7 * DAY_MS) {
    const start = new Date(time).toISOString().slice(0, 10);
    byWeek.set(start, { start, maxTickersWithNews: 0, lastPriceDate: null });
  }
  for (const day of dated) {
    const week = byWeek.get(mondayOf(day.date));
    if (!week) continue;
    week.maxTickersWithNews = Math.max(week.maxTickersWithNews, day.tickersWithNews);
    if (day.tickersWithPrices > 0 && (!week.lastPriceDate || day.date > week.lastPriceDate)) week.lastPriceDate = day.date;
  }
  return [...byWeek.values()];
}

/** The index of the week holding `date` (or -1). */
export function weekIndexOf(weeks: readonly CoverageWeek[], date: string | null): number {
  if (!date) return -1;
  const monday = mondayOf(date);
  return weeks.findIndex((week) => week.start === monday);
}
