import fs from "node:fs";
import { z } from "zod";
import { ConfigError, type AppConfig } from "../../config/config";

/** One configured RSS/Atom feed. `source` is the key its articles are stored under. */
export type FeedConfig = {
  /** Unique and stable: the news_feeds row (status, ETag) is keyed by it. */
  key: string;
  url: string;
  /** news: a publisher's section feed; ticker: one stock's headlines (its ticker is always tagged); social: community posts. */
  kind: "news" | "social" | "ticker";
  source: string;
  /** Required for kind "ticker". */
  ticker?: string;
  /** The publisher shown for its items when the items do not name one (defaults by source). */
  publisher?: string;
};

/** The spec's News Analysis tickers; each gets per-ticker headline feeds. */
export const NEWS_PAGE_TICKERS = ["AAPL", "MSFT", "NVDA", "GOOGL", "AMZN", "TSLA", "META", "NFLX", "ORCL"] as const;

/** Who publishes what a source key stores, when an item does not say. */
export const PUBLISHER_BY_SOURCE: Record<string, string> = {
  wsj: "The Wall Street Journal",
  cnbc: "CNBC",
  reuters: "Reuters",
  ft: "Financial Times",
  yahoo: "Yahoo Finance",
  seekingalpha: "Seeking Alpha",
  reddit: "Reddit",
  guardian: "The Guardian",
  youtube: "YouTube",
};

/**
 * The default feeds: the publishers' own public feeds, as best known in 2026.
 * Publishers retire and move feeds without notice; a dead feed is simply marked
 * failed with its reason in news_feeds, and NEWS_FEEDS_FILE replaces this list.
 * Known risks:
 * - reuters: Reuters retired feeds.reuters.com in June 2020; it answers nothing
 *   useful now. Kept so the source key exists and its failure is visible; point
 *   NEWS_FEEDS_FILE at a replacement (a licensed Reuters feed) to use Reuters.
 * - wsj: Dow Jones moved its public feeds to feeds.content.dowjones.io/public/rss/…
 *   in 2025; feeds.a.dj.com may redirect there or may have been retired.
 * - yahoo: the per-ticker headline feed (feeds.finance.yahoo.com/rss/2.0/headline)
 *   is undocumented; Yahoo has throttled and changed it several times.
 * - ft: ft.com serves `?format=rss` section feeds; their items are mostly paywalled.
 * - seekingalpha: per-symbol feeds at /api/sa/combined/<SYM>.xml; Seeking Alpha's
 *   terms (stated in each feed) limit use to personal, non-commercial use:
 *   check the licence before enabling them in a paid deployment.
 * - reddit: Reddit throttles or blocks clients without a descriptive User-Agent
 *   (ours names Tickerscope) and may require OAuth for heavy use.
 */
export const DEFAULT_FEEDS: FeedConfig[] = [
  { key: "wsj-markets", url: "https://feeds.a.dj.com/rss/RSSMarketsMain.xml", kind: "news", source: "wsj" },
  { key: "cnbc-finance", url: "https://www.cnbc.com/id/10000664/device/rss/rss.html", kind: "news", source: "cnbc" },
  // CNBC's markets/investing section (id 15839069).
  { key: "cnbc-markets", url: "https://www.cnbc.com/id/15839069/device/rss/rss.html", kind: "news", source: "cnbc" },
  { key: "reuters-business", url: "https://feeds.reuters.com/reuters/businessNews", kind: "news", source: "reuters" },
  { key: "ft-markets", url: "https://www.ft.com/markets?format=rss", kind: "news", source: "ft" },
  ...NEWS_PAGE_TICKERS.map(
    (ticker): FeedConfig => ({
      key: `yahoo-${ticker.toLowerCase()}`,
      url: `https://feeds.finance.yahoo.com/rss/2.0/headline?s=${ticker}&region=US&lang=en-US`,
      kind: "ticker",
      source: "yahoo",
      ticker,
    }),
  ),
  ...NEWS_PAGE_TICKERS.map(
    (ticker): FeedConfig => ({
      key: `seekingalpha-${ticker.toLowerCase()}`,
      url: `https://seekingalpha.com/api/sa/combined/${ticker}.xml`,
      kind: "ticker",
      source: "seekingalpha",
      ticker,
    }),
  ),
  { key: "reddit-stocks", url: "https://www.reddit.com/r/stocks/.rss", kind: "social", source: "reddit" },
  { key: "reddit-investing", url: "https://www.reddit.com/r/investing/.rss", kind: "social", source: "reddit" },
  { key: "reddit-wallstreetbets", url: "https://www.reddit.com/r/wallstreetbets/.rss", kind: "social", source: "reddit" },
];

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === "http:" || protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL");

export const feedConfigSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_.:-]{0,63}$/, "must be 1-64 lower-case letters, digits or _ . : - (starting with a letter or digit)"),
    url: httpUrl,
    kind: z.enum(["news", "social", "ticker"]),
    source: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "must be 1-32 lower-case letters, digits, _ or - (e.g. wsj, yahoo, reddit)"),
    ticker: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z][A-Z0-9.-]{0,9}$/, "must be a ticker symbol such as AAPL or BRK.B")
      .optional(),
    publisher: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
  .superRefine((feed, context) => {
    if (feed.kind === "ticker" && !feed.ticker) {
      context.addIssue({ code: "custom", path: ["ticker"], message: 'is required when kind is "ticker"' });
    }
  });

const feedListSchema = z.union([z.array(z.unknown()), z.object({ feeds: z.array(z.unknown()) }).strict()]);

/**
 * Validates a feed list (the JSON of NEWS_FEEDS_FILE: an array of feeds, or
 * `{ "feeds": [...] }`). Every problem is reported, naming the entry by index
 * and key and the field: `feeds[2] ("cnbc-x").url: must be an absolute http(s) URL`.
 */
export function parseFeedList(input: unknown, origin: string): FeedConfig[] {
  const list = feedListSchema.safeParse(input);
  if (!list.success) {
    throw new ConfigError([`${origin}: must be a JSON array of feeds or an object { "feeds": [...] }`]);
  }
  const entries = Array.isArray(list.data) ? list.data : list.data.feeds;
  const problems: string[] = [];
  const feeds: FeedConfig[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const key = entry && typeof entry === "object" && "key" in entry ? String((entry as { key: unknown }).key) : undefined;
    const name = `${origin}: feeds[${index}]${key ? ` ("${key}")` : ""}`;
    const parsed = feedConfigSchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? `.${issue.path.join(".")}` : "";
        problems.push(`${name}${field}: ${issue.message}`);
      }
      return;
    }
    if (seen.has(parsed.data.key)) {
      problems.push(`${name}.key: "${parsed.data.key}" is used by an earlier feed; keys must be unique`);
      return;
    }
    seen.add(parsed.data.key);
    feeds.push(parsed.data);
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return feeds;
}

/** The configured feeds: NEWS_FEEDS_FILE when set (validated), else the defaults. */
export function loadFeedList(news: AppConfig["news"]): FeedConfig[] {
  if (!news.feedsFile) return DEFAULT_FEEDS;
  let text: string;
  try {
    text = fs.readFileSync(news.feedsFile, "utf8");
  } catch (error) {
    throw new ConfigError([`NEWS_FEEDS_FILE: cannot read ${news.feedsFile} (${(error as Error).message})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`NEWS_FEEDS_FILE (${news.feedsFile}): not valid JSON (${(error as Error).message})`]);
  }
  return parseFeedList(json, `NEWS_FEEDS_FILE (${news.feedsFile})`);
}
