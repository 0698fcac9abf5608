// The news and earnings figures of an alert's history at every stored trading day, in bulk: what
// factsOfDay (alert-facts.ts) gives at each day for the 7-day sentiment, the 7-day article count
// and the days to the next report, without a screen per day. One query reads the tickers'
// articles from the screen's default sources over the whole period; a window slides over each
// ticker's articles in memory (the news window rule's JS twin, news/news-window.ts), and the
// earnings calendar is asked per ticker and day as the screen asks it.
import { endOfDay } from "@shared/as-of";
import { DEFAULT_NEWS_SOURCES, NEWS_SOURCE_KEYS, SCREEN_NUMBER_RULES } from "@shared/screen-rules";
import { nextEarnings } from "../market-data/fundamentals";
import { isStale, marketDate } from "../market-data/technicals-store";
import { countedRanges, type CountedRange } from "../news/news-window";
import type { ScreenDeps } from "../screening/screen";
import { fromNewsSourcesSql, newsSourceOutlets } from "../screening/screen-news";

export type NewsAndEarnings = {
  /** Mean score of the window's articles (−1..1, 3 decimals), null without articles. */
  sentiment: number | null;
  articles: number;
  daysToEarnings: number | null;
};

const dayMs = 86_400_000;
/** The Basic screen's defaults, as screenTickersAtDay asks it. */
const newsWindowMs = SCREEN_NUMBER_RULES.newsWindowDays.default * dayMs;
const defaultSources = NEWS_SOURCE_KEYS.filter((key) => DEFAULT_NEWS_SOURCES[key]);
/** The outlets whose articles the history counts, as users read them. */
export const HISTORY_NEWS_SOURCES = defaultSources.map((key) => newsSourceOutlets[key].label).join(", ");

type ArticleRow = { tickers: string[]; published_at: Date; published_time_known: boolean; milli: number };

/** One ticker's articles of one kind (time known or date only), by published_at, with prefix sums of their scores in thousandths. */
type ArticleList = { at: number[]; milliSums: number[] };

const emptyList = (): ArticleList => ({ at: [], milliSums: [0] });

/** The window each day (as a screen as of that day: newsWindowDays ending at the day's end), as the ranges each kind counts in. */
function windowsOf(days: readonly string[]): { timed: CountedRange; dateOnly: CountedRange }[] {
  return days.map((day) => {
    const end = endOfDay(day);
    return countedRanges(new Date(end.getTime() - newsWindowMs), end);
  });
}

/**
 * The articles each ticker would count at some day: non-social, from the default sources, in
 * (the first day's window start, the last day's end]. One range scan on published_at; the scores
 * come as integer thousandths (numeric(4,3)), so sums are exact.
 */
async function articlesByTicker(deps: ScreenDeps, tickers: readonly string[], first: string, last: string): Promise<Map<string, { timed: ArticleList; dateOnly: ArticleList }>> {
  const byTicker = new Map(tickers.map((ticker) => [ticker, { timed: emptyList(), dateOnly: emptyList() }]));
  const end = endOfDay(last);
  const start = new Date(endOfDay(first).getTime() - newsWindowMs);
  const rows = await deps.db.prisma.$queryRaw<ArticleRow[]>`
    SELECT tickers, published_at, published_time_known, (score * 1000)::int AS milli
    FROM news_articles
    WHERE NOT is_social
      AND published_at > ${start} AND published_at <= ${end}
      AND tickers && string_to_array(${tickers.join(",")}, ',')
      AND ${fromNewsSourcesSql(defaultSources)}
    ORDER BY published_at`;
  for (const row of rows) {
    const at = row.published_at.getTime();
    // Every listing of a wanted ticker, as the screen's aggregate unnests them.
    for (const ticker of row.tickers) {
      const lists = byTicker.get(ticker);
      if (!lists) continue;
      const list = row.published_time_known ? lists.timed : lists.dateOnly;
      list.at.push(at);
      list.milliSums.push(list.milliSums[list.milliSums.length - 1] + row.milli);
    }
  }
  return byTicker;
}

/** A list's articles in a range that only moves later, day after day: two pointers. */
function slider(list: ArticleList) {
  let low = 0;
  let high = 0;
  return (range: CountedRange): { count: number; milli: number } => {
    while (low < list.at.length && list.at[low] <= range.after) low++;
    while (high < list.at.length && list.at[high] <= range.upTo) high++;
    // An empty range can leave low past high; nothing counts then.
    return high > low ? { count: high - low, milli: list.milliSums[high] - list.milliSums[low] } : { count: 0, milli: 0 };
  };
}

/**
 * Per ticker and trading day, the sentiment, articles and days to earnings factsOfDay gives at
 * that day (for a ticker with a bar that day): the mean article score over the 7-day window
 * ending at the day's end (rounded to 3 decimals, null without articles), the window's article
 * count, and the calendar days to the next report known that day.
 */
export async function newsAndEarningsByDay(
  deps: ScreenDeps,
  tickers: readonly string[],
  tradingDays: readonly string[],
): Promise<Map<string, Map<string, NewsAndEarnings>>> {
  const result = new Map<string, Map<string, NewsAndEarnings>>();
  const wanted = [...new Set(tickers)];
  const days = [...new Set(tradingDays)].sort();
  if (wanted.length === 0 || days.length === 0) {
    for (const ticker of wanted) result.set(ticker, new Map());
    return result;
  }
  const windows = windowsOf(days);
  const articles = await articlesByTicker(deps, wanted, days[0], days[days.length - 1]);
  // The day the screen counts days to earnings from: the day itself, or today for a day of live
  // data (less than a week old), as computeScreen's marketDate does.
  const now = new Date();
  const earningsDays = days.map((day) => marketDate({ asOf: day, isSnapshot: isStale(day, now) }, now));
  for (const ticker of wanted) {
    const lists = articles.get(ticker)!;
    const timed = slider(lists.timed);
    const dateOnly = slider(lists.dateOnly);
    const byDay = new Map<string, NewsAndEarnings>();
    for (let index = 0; index < days.length; index++) {
      const a = timed(windows[index].timed);
      const b = dateOnly(windows[index].dateOnly);
      const count = a.count + b.count;
      // The exact mean as the nearest double (an integer quotient), rounded as newsByTicker rounds.
      const sentiment = count > 0 ? Math.round(((a.milli + b.milli) / (count * 1000)) * 1000) / 1000 : null;
      byDay.set(days[index], { sentiment, articles: count, daysToEarnings: nextEarnings(ticker, earningsDays[index])?.daysTo ?? null });
    }
    result.set(ticker, byDay);
  }
  return result;
}
