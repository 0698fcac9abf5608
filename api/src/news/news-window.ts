// Which articles a time window (start, end] counts. Some sources give a date but no time of day
// (publishedTimeKnown false: the bundled Reuters, CNBC and Yahoo rating rows, stored at 12:00 UTC):
// such an article counts only when its whole UTC day lies inside the window. So it is never in a
// 1-hour window, and in 24-hour and 7-day windows ending at a day's end it counts for whole days.
import { Prisma } from "../generated/prisma/client";

const dayMs = 86_400_000;

/** The UTC days wholly inside (start, end], as [from, until) between midnights (from = until when there are none). */
export function wholeDaysWithin(start: Date, end: Date): { from: Date; until: Date } {
  const from = Math.ceil(start.getTime() / dayMs) * dayMs;
  const until = Math.floor((end.getTime() + 1) / dayMs) * dayMs;
  return { from: new Date(from), until: new Date(Math.max(from, until)) };
}

/** The UTC days the window (start, end] touches, as [from, until) between midnights. */
export function daysTouching(start: Date, end: Date): { from: Date; until: Date } {
  return { from: new Date(Math.floor(start.getTime() / dayMs) * dayMs), until: new Date(Math.ceil((end.getTime() + 1) / dayMs) * dayMs) };
}

/** SQL over news_articles' own columns: the article counts in (start, end]. Its JS twin: countedRanges. */
export function countedInWindowSql(start: Date, end: Date): Prisma.Sql {
  const days = wholeDaysWithin(start, end);
  return Prisma.sql`(published_at > ${start} AND published_at <= ${end}
    AND (published_time_known OR (published_at >= ${days.from} AND published_at < ${days.until})))`;
}

/** Epoch milliseconds: an article counts when after < its published_at ≤ upTo. */
export type CountedRange = { after: number; upTo: number };

/**
 * countedInWindowSql's rule in JS (keep the two in step), for articles read once and windowed in
 * memory (an alert's history slides the window over every stored day): the published_at range
 * counted in (start, end] for an article with its time of day known, and for one with a date
 * only (published_at ≥ the first whole day's midnight and < the midnight after the last whole
 * day; published_at has millisecond precision, timestamptz(3)). Both ranges only move later as
 * the window does, so each kind, sorted by published_at, is windowed with two pointers.
 */
export function countedRanges(start: Date, end: Date): { timed: CountedRange; dateOnly: CountedRange } {
  const days = wholeDaysWithin(start, end);
  return {
    timed: { after: start.getTime(), upTo: end.getTime() },
    dateOnly: { after: Math.max(start.getTime(), days.from.getTime() - 1), upTo: Math.min(end.getTime(), days.until.getTime() - 1) },
  };
}

/** countedInWindowSql's rule for one article, in JS. */
export function countedInWindow(publishedAt: Date, publishedTimeKnown: boolean, start: Date, end: Date): boolean {
  const ranges = countedRanges(start, end);
  const { after, upTo } = publishedTimeKnown ? ranges.timed : ranges.dateOnly;
  return publishedAt.getTime() > after && publishedAt.getTime() <= upTo;
}

/** The same rule as a Prisma filter (for the articles connection). */
export function countedInWindowWhere(start: Date, end: Date): Prisma.NewsArticleWhereInput {
  const days = wholeDaysWithin(start, end);
  return {
    publishedAt: { gt: start, lte: end },
    OR: [{ publishedTimeKnown: true }, { publishedAt: { gte: days.from, lt: days.until } }],
  };
}

/** Date-only articles the window touches, by publisher and day, and whether the window counts them. */
export type DateOnlyGroup = { publisher: string; day: string; counted: boolean; articles: number };

const listNames = (names: string[]) => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
const dayWords = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const dayRange = (days: string[]) => {
  const sorted = [...new Set(days)].sort();
  return sorted.length === 1 ? dayWords(sorted[0]) : `${dayWords(sorted[0])} to ${dayWords(sorted.at(-1)!)}`;
};
const articlesWord = (count: number) => `${count} ${count === 1 ? "article" : "articles"}`;

/**
 * Plain words on the window's date-only articles: how many it leaves out (their day is not
 * wholly inside it) and how many it counts; null when it touches none.
 */
export function dateOnlyNote(groups: DateOnlyGroup[], windowWords: string): string | null {
  if (groups.length === 0) return null;
  const publishers = [...new Set(groups.map((group) => group.publisher))].sort();
  const sentences = [`${listNames(publishers)} ${publishers.length === 1 ? "gives" : "give"} dates only, no times of day.`];
  const leftOut = groups.filter((group) => !group.counted);
  const counted = groups.filter((group) => group.counted);
  const sum = (list: DateOnlyGroup[]) => list.reduce((total, group) => total + group.articles, 0);
  if (leftOut.length > 0) {
    sentences.push(`${articlesWord(sum(leftOut))} dated ${dayRange(leftOut.map((g) => g.day))} ${sum(leftOut) === 1 ? "is" : "are"} not counted in ${windowWords}: it does not hold their whole day.`);
  }
  if (counted.length > 0) {
    sentences.push(`${articlesWord(sum(counted))} dated ${dayRange(counted.map((g) => g.day))} ${sum(counted) === 1 ? "is" : "are"} counted: ${windowWords} holds their whole day.`);
  }
  return sentences.join(" ");
}
