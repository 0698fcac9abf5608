// What the data covers, so users (and the app's default as-of date) can see where prices and
// news overlap: per source its date range, items and tickers; per day the tickers with prices
// and with news. Counted from the stored rows, never assumed from the bundled files' names.
import type { Database } from "../db/database";
import { securityMaster } from "../market-data/security-master";
import { universeTickers } from "../market-data/universes";
import { newsClock } from "../news/news-clock";
import { turnForRequests } from "../shared/turn-for-requests";

export type PriceSourceCoverage = { source: string; firstDate: string; lastDate: string; bars: number; tickers: number };

export type NewsSourceCoverage = {
  source: string;
  isSnapshot: boolean;
  firstPublishedAt: Date;
  lastPublishedAt: Date;
  articles: number;
  /** UTC days with at least one article of this source. */
  daysWithArticles: number;
  /** articles ÷ daysWithArticles. */
  articlesPerDay: number;
  /** Distinct tickers its articles were tagged with. */
  tickers: number;
  /** Its articles give a date but no time of day (windows count them by whole UTC days). */
  datesOnly: boolean;
};

export type DayCoverage = {
  /** YYYY-MM-DD (UTC). */
  date: string;
  tickersWithPrices: number;
  articles: number;
  tickersWithNews: number;
  /** Of those, S&P 500 members. */
  sp500TickersWithNews: number;
  /** The S&P 500's members that day (point in time, former members included), and how many have prices covering it. */
  sp500Members: number;
  sp500MembersWithPrices: number;
};

/** The S&P 500 on a month's first trading day: members, and which of them have no prices covering it. */
export type MembershipMonth = { date: string; members: number; withPrices: number; missing: string[] };

/** The day whose trailing window has news for the most S&P 500 members (the latest of near-ties). */
export type NewsRichestDay = {
  date: string;
  /** S&P 500 members with at least one article in the window ending that day. */
  sp500Tickers: number;
  windowDays: number;
  /** The best count over all days with prices (sp500Tickers is within NEAR_TIE_SHARE of it). */
  mostSp500Tickers: number;
  /** Why this day, in words a user reads next to it. */
  reason: string;
};

export type DataCoverage = {
  prices: PriceSourceCoverage[];
  news: NewsSourceCoverage[];
  /** Every UTC day with a price bar or an article, oldest first. */
  days: DayCoverage[];
  /** The latest day with price bars (null without prices). */
  latestPriceDate: string | null;
  newsRichestDay: NewsRichestDay | null;
  /**
   * The as-of day views open at when none is asked for: null in live mode (now, the latest data);
   * offline, newsRichestDay's date, where the bundled news and prices overlap most.
   */
  defaultAsOf: string | null;
  /** Why defaultAsOf is what it is, in words a user reads next to the date control. */
  defaultAsOfReason: string;
  /** Each month's first trading day: the day's S&P 500 members with and without prices. */
  sp500Months: MembershipMonth[];
};

/** The window a day's news is counted over, as the screens' default news window. */
export const NEWS_WINDOW_DAYS = 7;
/**
 * Days within this share of the best count are near-ties: the latest of them wins (fresher prices).
 * 15 %, not 5 %: on the bundled data 5 % picks 2020-03-16, the crash week, where nearly every
 * S&P 500 stock grades D; 15 % picks 2020-04-22 (56 companies against the best 63), a month into
 * the rebound, where grades spread across A to D.
 */
export const NEAR_TIE_SHARE = 0.85;

const isoDate = (value: Date | string) => (typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** Coverage is read at most this often per database: it scans every price bar, and changes only with a refresh. */
const COVERAGE_TTL_MS = 60_000;
const cached = new WeakMap<Database, { readAt: number; coverage: Promise<DataCoverage>; refreshing: boolean }>();

/**
 * dataCoverage, shared: the first read is awaited; after COVERAGE_TTL_MS the answer kept is still
 * served while one read in the background replaces it (over 2013–2021 a read takes seconds, which
 * no page should wait for once there is an answer). A failed read is not kept.
 */
export function currentDataCoverage(db: Database): Promise<DataCoverage> {
  const entry = cached.get(db);
  if (entry && Date.now() - entry.readAt < COVERAGE_TTL_MS) return entry.coverage;
  if (entry && !entry.refreshing) {
    entry.refreshing = true;
    dataCoverage(db)
      .then((coverage) => cached.set(db, { readAt: Date.now(), coverage: Promise.resolve(coverage), refreshing: false }))
      .catch(() => (entry.refreshing = false));
    return entry.coverage;
  }
  if (entry) return entry.coverage;
  const coverage = dataCoverage(db);
  cached.set(db, { readAt: Date.now(), coverage, refreshing: false });
  coverage.catch(() => cached.delete(db));
  return coverage;
}

export async function dataCoverage(db: Database, now: Date = new Date()): Promise<DataCoverage> {
  const sp500 = universeTickers("sp500", { includeEtf: false });
  // One query at a time, with a turn for requests between them: on PGlite (which answers on the
  // request thread) the six at once held the loop for 2.6 s. Read at most once a minute (TTL).
  const clock = await newsClock(db, now);
  await turnForRequests();
  const priceTotals = await priceCoverage(db);
  await turnForRequests();
  const news = await db.prisma.$queryRaw<
      { source: string; is_snapshot: boolean; dates_only: boolean; first_at: Date; last_at: Date; articles: number; days: number }[]
    >`
      SELECT source, bool_and(is_snapshot) AS is_snapshot, bool_and(NOT published_time_known) AS dates_only, min(published_at) AS first_at, max(published_at) AS last_at,
        count(*)::int AS articles, count(DISTINCT (published_at AT TIME ZONE 'UTC')::date)::int AS days
      FROM news_articles GROUP BY source ORDER BY source`;
  await turnForRequests();
  const newsTickers = await db.prisma.$queryRaw<{ source: string; tickers: number }[]>`
      SELECT source, count(DISTINCT ticker)::int AS tickers FROM news_articles, unnest(tickers) AS ticker GROUP BY source`;
  await turnForRequests();
  const newsDays = await db.prisma.$queryRaw<{ day: Date; articles: number; tickers: number; sp500: number }[]>`
      SELECT day, count(DISTINCT id)::int AS articles, count(DISTINCT ticker)::int AS tickers,
        count(DISTINCT ticker) FILTER (WHERE ticker = ANY(${sp500}::text[]))::int AS sp500
      FROM (
        SELECT article.id, (article.published_at AT TIME ZONE 'UTC')::date AS day, tagged.ticker
        FROM news_articles article LEFT JOIN LATERAL unnest(article.tickers) AS tagged(ticker) ON true
      ) AS tagged_articles
      GROUP BY day`;

  const tickersBySource = new Map(newsTickers.map((row) => [row.source, row.tickers]));
  const byDay = new Map<string, DayCoverage>();
  const day = (date: string) => {
    let entry = byDay.get(date);
    if (!entry) byDay.set(date, (entry = { date, tickersWithPrices: 0, articles: 0, tickersWithNews: 0, sp500TickersWithNews: 0, sp500Members: 0, sp500MembersWithPrices: 0 }));
    return entry;
  };
  for (const [date, tickers] of priceTotals.tickersByDay) day(date).tickersWithPrices = tickers;
  for (const row of newsDays) Object.assign(day(isoDate(row.day)), { articles: row.articles, tickersWithNews: row.tickers, sp500TickersWithNews: row.sp500 });
  const days = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
  const priced = days.filter((entry) => entry.tickersWithPrices > 0);
  const sp500Months = await membershipCoverage(priced, priceTotals.tickerRanges);
  const latestPriceDate = priced.at(-1)?.date ?? null;
  await turnForRequests();
  const richest = await newsRichestDay(db, sp500, priced.map((entry) => entry.date));

  return {
    prices: priceTotals.sources,
    news: news.map((row) => ({
      source: row.source,
      isSnapshot: row.is_snapshot,
      firstPublishedAt: new Date(row.first_at),
      lastPublishedAt: new Date(row.last_at),
      articles: row.articles,
      daysWithArticles: row.days,
      articlesPerDay: Math.round((row.articles / Math.max(1, row.days)) * 10) / 10,
      tickers: tickersBySource.get(row.source) ?? 0,
      datesOnly: row.dates_only,
    })),
    days,
    latestPriceDate,
    newsRichestDay: richest,
    ...defaultAsOf(clock.mode, richest, latestPriceDate),
    sp500Months,
  };
}

/** Calendar months of bars per query of priceCoverage: about 30 ms of PGlite each with 2013–2021 bars. */
const PRICE_MONTHS_PER_READ = 3;

type PriceTotals = {
  sources: PriceSourceCoverage[];
  tickersByDay: Map<string, number>;
  tickerRanges: Map<string, { first: string; last: string }>;
};

/**
 * Per source its range, bars and tickers; per day the tickers with a bar; per ticker its range.
 * Read a few months of bars at a time (the date index) with a turn for requests between reads:
 * PGlite answers on the request thread, and the GROUP BYs over every bar held it for 1.2 s.
 */
async function priceCoverage(db: Database): Promise<PriceTotals> {
  const sources = new Map<string, PriceSourceCoverage & { tickerSet: Set<string> }>();
  const tickersByDay = new Map<string, number>();
  const tickerRanges = new Map<string, { first: string; last: string }>();
  const [span] = await db.prisma.$queryRaw<{ first: string | null; last: string | null }[]>`
    SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last FROM price_data`;
  for (let from = span.first ? `${span.first.slice(0, 7)}-01` : null; from !== null && from <= span.last!; from = monthsAfter(from, PRICE_MONTHS_PER_READ)) {
    await turnForRequests();
    const to = monthsAfter(from, PRICE_MONTHS_PER_READ);
    const groups = await db.prisma.$queryRaw<{ ticker: string; source: string; first: string; last: string; bars: number }[]>`
      SELECT ticker, source, to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last, count(*)::int AS bars
      FROM price_data WHERE date >= ${from}::date AND date < ${to}::date GROUP BY ticker, source`;
    const days = await db.prisma.$queryRaw<{ day: string; tickers: number }[]>`
      SELECT to_char(date, 'YYYY-MM-DD') AS day, count(*)::int AS tickers
      FROM price_data WHERE date >= ${from}::date AND date < ${to}::date GROUP BY date`;
    for (const row of days) tickersByDay.set(row.day, row.tickers);
    for (const row of groups) {
      let source = sources.get(row.source);
      if (!source) sources.set(row.source, (source = { source: row.source, firstDate: row.first, lastDate: row.last, bars: 0, tickers: 0, tickerSet: new Set() }));
      if (row.first < source.firstDate) source.firstDate = row.first;
      if (row.last > source.lastDate) source.lastDate = row.last;
      source.bars += row.bars;
      source.tickerSet.add(row.ticker);
      const range = tickerRanges.get(row.ticker);
      if (!range) tickerRanges.set(row.ticker, { first: row.first, last: row.last });
      else {
        if (row.first < range.first) range.first = row.first;
        if (row.last > range.last) range.last = row.last;
      }
    }
  }
  return {
    sources: [...sources.values()]
      .sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0))
      .map(({ tickerSet, ...source }) => ({ ...source, tickers: tickerSet.size })),
    tickersByDay,
    tickerRanges,
  };
}

/** The first day of the month `months` after `day`'s month (YYYY-MM-DD). */
function monthsAfter(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/**
 * Fills each price day's point-in-time S&P 500 counts (a member has prices on a day its stored
 * bars span: the validation report lists the few gaps inside a span) and returns each month's
 * first trading day with the members missing then.
 */
/** Price days whose membership is counted between two turns for requests: all 2,064 at once held the request loop for about 110 ms. */
const MEMBERSHIP_DAYS_PER_TURN = 250;

async function membershipCoverage(priceDays: DayCoverage[], ranges: Map<string, { first: string; last: string }>): Promise<MembershipMonth[]> {
  const master = securityMaster();
  const months: MembershipMonth[] = [];
  for (const [index, day] of priceDays.entries()) {
    if (index > 0 && index % MEMBERSHIP_DAYS_PER_TURN === 0) await turnForRequests();
    const members = master.sp500MembersOn(day.date);
    const missing = members.filter((ticker) => {
      const range = ranges.get(ticker);
      return !range || range.first > day.date || range.last < day.date;
    });
    day.sp500Members = members.length;
    day.sp500MembersWithPrices = members.length - missing.length;
    if (members.length > 0 && (index === 0 || priceDays[index - 1].date.slice(0, 7) !== day.date.slice(0, 7))) {
      months.push({ date: day.date, members: members.length, withPrices: members.length - missing.length, missing });
    }
  }
  return months;
}

/**
 * Live news → no default (views show now). Offline the bundled news ends long before the
 * bundled prices, so the latest price day would show almost no news: open at the day where
 * the two overlap most instead, and say why.
 */
function defaultAsOf(
  mode: "snapshot" | "live",
  richest: NewsRichestDay | null,
  latestPriceDate: string | null,
): Pick<DataCoverage, "defaultAsOf" | "defaultAsOfReason"> {
  const prices = latestPriceDate ? `prices run to ${latestPriceDate}` : "no prices are stored yet";
  if (mode === "live") {
    return { defaultAsOf: null, defaultAsOfReason: `News is live (an article ingested in the last 7 days), so views show the latest data; ${prices}.` };
  }
  if (!richest) {
    return { defaultAsOf: null, defaultAsOfReason: `No stored article names an S&P 500 company on a day with prices, so views show the latest data; ${prices}.` };
  }
  const most =
    richest.sp500Tickers === richest.mostSp500Tickers
      ? "the most in the stored data"
      : `within ${Math.round((1 - NEAR_TIE_SHARE) * 100)}% of the most (${richest.mostSp500Tickers}), the latest such day`;
  return {
    defaultAsOf: richest.date,
    defaultAsOfReason:
      `Offline, views open at ${richest.date}: the ${richest.windowDays} days to it have news for ${richest.sp500Tickers} S&P 500 companies, ` +
      `${most}; ${prices}.`,
  };
}

/**
 * Among the days with price bars, the one whose NEWS_WINDOW_DAYS ending that day (inclusive)
 * tag the most distinct S&P 500 members; of the days within NEAR_TIE_SHARE of the best, the latest.
 */
async function newsRichestDay(db: Database, sp500: string[], priceDays: string[]): Promise<NewsRichestDay | null> {
  // The distinct (day, member) pairs from SQL, the trailing windows here: joined in SQL against
  // every price day, the windows held PGlite's thread (the request thread) for 0.8 s.
  const tagged = await db.prisma.$queryRaw<{ day: string; ticker: string }[]>`
    SELECT DISTINCT to_char((article.published_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, ticker
    FROM news_articles article, unnest(article.tickers) AS ticker
    WHERE ticker = ANY(${sp500}::text[])`;
  const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
  const membersByDay = new Map<number, string[]>();
  for (const { day, ticker } of tagged) {
    const members = membersByDay.get(epochDay(day));
    if (members) members.push(ticker);
    else membersByDay.set(epochDay(day), [ticker]);
  }
  const counts: { day: string; tickers: number }[] = [];
  for (const day of priceDays) {
    const inWindow = new Set<string>();
    const last = epochDay(day);
    for (let windowDay = last - NEWS_WINDOW_DAYS + 1; windowDay <= last; windowDay++) for (const ticker of membersByDay.get(windowDay) ?? []) inWindow.add(ticker);
    if (inWindow.size > 0) counts.push({ day, tickers: inWindow.size });
  }
  if (counts.length === 0) return null;
  const best = Math.max(...counts.map((row) => row.tickers));
  const chosen = counts
    .filter((row) => row.tickers >= best * NEAR_TIE_SHARE)
    .reduce((latest, row) => (row.day > latest.day ? row : latest));
  const date = chosen.day;
  return {
    date,
    sp500Tickers: chosen.tickers,
    windowDays: NEWS_WINDOW_DAYS,
    mostSp500Tickers: best,
    reason:
      `In the ${NEWS_WINDOW_DAYS} days to ${date}, the stored news names ${chosen.tickers} S&P 500 companies, ` +
      `${chosen.tickers === best ? "the most of any day with prices" : `within ${Math.round((1 - NEAR_TIE_SHARE) * 100)}% of the most (${best}); the latest such day`}.`,
  };
}
