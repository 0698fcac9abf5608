// GraphQL for news: Stock.news(timeframe:) with spec §3's summary and the articles behind it
// (a Relay connection, newest first), NewsArticle as a public Node, and a subscription that
// pushes newly ingested articles for given tickers (Server-Sent Events through Yoga).
import { filter, map, pipe } from "graphql-yoga";
import { AppError } from "../errors/app-error";
import { isUuid } from "../errors/validation";
import { builder } from "../graphql/builder";
import { Stock } from "../stocks/stocks.graphql";
import { requireKnownStock } from "../stocks/symbols";
import { safeHttpUrl } from "./articles";
import { feedProblem } from "./ingestion/fetch-feed";
import { newestFirst, summarizeNews, windowArticlesWhere, type NewsSourceStatus, type NewsSummary } from "./news-summary";
import type { AnalystAction as AnalystActionShape } from "./sentiment/analyst-actions";
import type { TrendingTopic as TrendingTopicShape } from "./trending-topics";

/** NewsSentiment.articles(first:, last:): 1 to 50 articles a page. */
const ARTICLES_PAGE = { min: 1, max: 50, default: 10 } as const;

const NewsTimeframe = builder.enumType("NewsTimeframe", {
  description: "A news window ending at the news clock's as-of time.",
  values: {
    H1: { value: "1h", description: "The last hour." },
    H24: { value: "24h", description: "The last 24 hours." },
    D7: { value: "7d", description: "The last 7 days." },
  } as const,
});

const NewsClockMode = builder.enumType("NewsClockMode", {
  values: {
    LIVE: { value: "live", description: "Ingested articles are recent: windows end now." },
    SNAPSHOT: { value: "snapshot", description: "No recent ingested articles (e.g. offline): windows end at the bundled snapshot's as-of time." },
  } as const,
});

const SentimentLabel = builder.enumType("SentimentLabel", {
  description: "Score ≥ 0.2 bullish, ≤ −0.2 bearish, otherwise neutral (api/src/news/sentiment/labels.ts).",
  values: { BULLISH: { value: "bullish" }, BEARISH: { value: "bearish" }, NEUTRAL: { value: "neutral" } } as const,
});

const NewsSourceState = builder.enumType("NewsSourceState", {
  values: {
    OK: { value: "ok", description: "The feed's last fetch succeeded." },
    FAILED: { value: "failed", description: "The feed's last fetch failed (see lastError)." },
    PENDING: { value: "pending", description: "The feed has not been fetched yet." },
    LOADED: { value: "loaded", description: "The bundled snapshot is in the article store." },
    NOT_LOADED: { value: "not_loaded", description: "The bundled snapshot is not loaded." },
  } as const,
});

/** Shared by news feeds and video channel feeds (videos/market-videos.graphql.ts). */
export const FeedProblemEnum = builder.enumType("FeedProblem", {
  description: "Why a feed's last read failed, in the terms a page states it (the exact error is lastError).",
  values: {
    UNREACHABLE: { value: "unreachable", description: "The site could not be reached from this server (no network, DNS failure or timeout)." },
    REJECTED: { value: "rejected", description: "The site answered with an HTTP error status." },
    UNREADABLE: { value: "unreadable", description: "The answer was not a readable feed (not RSS/Atom, broken XML or too large)." },
    INTERNAL: { value: "internal", description: "A fault in this server while reading the feed." },
  } as const,
});

const SentimentTerm = builder.objectRef<{ term: string; weight: number }>("SentimentTerm").implement({
  description: "A word or phrase that moved an article's score, and by how much (AFINN scale, before normalisation).",
  fields: (t) => ({ term: t.exposeString("term"), weight: t.exposeFloat("weight") }),
});

const AnalystAction = builder.objectRef<AnalystActionShape>("AnalystAction").implement({
  description: "A rating change, initiation or price-target change read from the headline (or a broker's rating record).",
  fields: (t) => ({
    action: t.exposeString("action", { description: "upgrade, downgrade, initiate, maintain, reiterate, target_raise or target_cut." }),
    firm: t.exposeString("firm", { nullable: true }),
    toRating: t.exposeString("toRating", { nullable: true }),
    fromRating: t.exposeString("fromRating", { nullable: true }),
    priceTarget: t.exposeFloat("priceTarget", { nullable: true }),
  }),
});

export const NewsArticle = builder.prismaNode("NewsArticle", {
  id: { field: "id" },
  // node(id:): an unknown article is null; an id that is no uuid names none (the database would refuse it).
  nullable: true,
  findUnique: (id) => {
    if (!isUuid(id)) throw new AppError("NOT_FOUND", "No object exists with this id.");
    return { id };
  },
  description: "A stored news article: public headline data, tagged and scored.",
  fields: (t) => ({
    title: t.exposeString("title"),
    url: t.string({
      nullable: true,
      description: "The article's http(s) link, or null (never any other scheme).",
      resolve: (article) => safeHttpUrl(article.url),
    }),
    source: t.exposeString("source", { description: "The feed or dataset it came through (reuters, cnbc, finnhub, stocknewsapi...)." }),
    publisher: t.exposeString("publisher", { nullable: true, description: "The original publisher when the source is an aggregator." }),
    publishedAt: t.expose("publishedAt", {
      type: "DateTime",
      description: "When it was published; for a source that gives a date only (publishedTimeKnown false), 12:00 UTC of that date.",
    }),
    publishedTimeKnown: t.exposeBoolean("publishedTimeKnown", {
      description: "False when the source gives a date but no time of day (the bundled Reuters, CNBC and Yahoo rating rows): windows count it only when its whole UTC day lies inside them.",
    }),
    summary: t.exposeString("summary", { nullable: true }),
    score: t.float({ description: "Headline sentiment, −1..1.", resolve: (article) => Number(article.score) }),
    label: t.field({ type: SentimentLabel, resolve: (article) => article.label as "bullish" | "bearish" | "neutral" }),
    terms: t.field({
      type: [SentimentTerm],
      description: "Why: the words and phrases that moved the score.",
      // A few entries stored in the article's row (no extra query): priced as one item, not a list of 10.
      complexity: { field: 1, multiplier: 1 },
      resolve: (article) => (Array.isArray(article.terms) ? (article.terms as { term: string; weight: number }[]) : []),
    }),
    tickers: t.exposeStringList("tickers"),
    analystAction: t.field({
      type: AnalystAction,
      nullable: true,
      resolve: (article) => (article.analystAction as AnalystActionShape | null) ?? null,
    }),
    isSnapshot: t.exposeBoolean("isSnapshot", { description: "From the bundled offline snapshot (not a live feed)." }),
    isSocial: t.exposeBoolean("isSocial", { description: "A social post (e.g. Reddit), counted in socialSentiment only." }),
  }),
});

const TrendingTopic = builder.objectRef<TrendingTopicShape>("TrendingTopic").implement({
  description: "A word or two-word phrase that stands out in the window's headlines against the wider corpus.",
  fields: (t) => ({
    term: t.exposeString("term"),
    count: t.exposeInt("count", { description: "Headlines in the window that use it." }),
    score: t.exposeFloat("score", { description: "Log-odds z-score against the corpus (higher stands out more)." }),
  }),
});

const NewsSourceStatusRef = builder.objectRef<NewsSourceStatus>("NewsSourceStatus").implement({
  description: "A configured feed or the bundled snapshot, and how it is doing.",
  fields: (t) => ({
    key: t.exposeString("key"),
    kind: t.exposeString("kind", { description: "news, social, ticker, or snapshot." }),
    source: t.exposeString("source"),
    url: t.string({ nullable: true, resolve: (status) => safeHttpUrl(status.url) }),
    status: t.field({ type: NewsSourceState, resolve: (status) => status.status }),
    lastSuccessAt: t.expose("lastSuccessAt", { type: "DateTime", nullable: true }),
    lastErrorAt: t.expose("lastErrorAt", { type: "DateTime", nullable: true }),
    lastError: t.exposeString("lastError", { nullable: true, description: '"<reason>: <detail>" of the last failure, for operators; pages show problem.' }),
    problem: t.field({
      type: FeedProblemEnum,
      nullable: true,
      description: "Why the last fetch failed, when status is FAILED.",
      resolve: (status) => (status.status === "failed" ? feedProblem(status.lastError) : null),
    }),
    files: t.exposeStringList("files", { description: "The snapshot's bundled files (data/news/)." }),
    asOf: t.expose("asOf", { type: "DateTime", nullable: true, description: "The snapshot's as-of time." }),
  }),
});

const NewsSentiment = builder.objectRef<NewsSummary>("NewsSentiment").implement({
  description:
    "Spec §3 news sentiment for a stock over a window: counts of the non-social articles tagged with the ticker " +
    "published after windowStart and up to windowEnd, an article with a date only when its whole UTC day lies in that window " +
    "(the articles connection lists exactly those).",
  fields: (t) => ({
    ticker: t.exposeString("ticker"),
    timeframe: t.field({ type: NewsTimeframe, resolve: (summary) => summary.timeframe }),
    mode: t.field({ type: NewsClockMode, resolve: (summary) => summary.mode }),
    asOf: t.expose("asOf", { type: "DateTime", description: "Where the window ends: now (live) or the snapshot's as-of time." }),
    windowStart: t.expose("windowStart", { type: "DateTime" }),
    windowEnd: t.expose("windowEnd", { type: "DateTime" }),
    newsCount: t.exposeInt("newsCount"),
    bullishCount: t.exposeInt("bullishCount"),
    bearishCount: t.exposeInt("bearishCount"),
    neutralCount: t.exposeInt("neutralCount"),
    // At most 8 topics, computed with the summary: priced as one item.
    trendingTopics: t.field({ type: [TrendingTopic], complexity: { field: 1, multiplier: 1 }, resolve: (summary) => summary.trendingTopics }),
    analystUpgrades: t.exposeInt("analystUpgrades"),
    analystDowngrades: t.exposeInt("analystDowngrades"),
    sentimentScore: t.exposeFloat("sentimentScore", { nullable: true, description: "Mean article score in the window (3 decimals); null without articles." }),
    sentimentLabel: t.field({ type: SentimentLabel, nullable: true, resolve: (summary) => summary.sentimentLabel }),
    avgSentiment24h: t.exposeFloat("avgSentiment24h", { nullable: true, description: "Mean score over the 24 hours ending at asOf." }),
    socialSentiment: t.exposeFloat("socialSentiment", { nullable: true, description: "Mean score of social posts in the window." }),
    socialSentimentReason: t.exposeString("socialSentimentReason", { nullable: true, description: "Why socialSentiment is null." }),
    noNewsReason: t.exposeString("noNewsReason", { nullable: true, description: "Plain words when newsCount is 0." }),
    dateOnlyNote: t.exposeString("dateOnlyNote", {
      nullable: true,
      description:
        "Plain words on the articles in or near the window whose source gives a date only: how many are counted (their whole UTC day lies in the window) and how many are not; null when there are none.",
    }),
    // The configured feeds (one small query per summary): priced as one item.
    sources: t.field({ type: [NewsSourceStatusRef], complexity: { field: 1, multiplier: 1 }, resolve: (summary) => summary.sources }),
    articles: t.prismaConnection({
      type: "NewsArticle",
      cursor: "id",
      defaultSize: ARTICLES_PAGE.default,
      maxSize: ARTICLES_PAGE.max,
      intArgs: { first: ARTICLES_PAGE, last: ARTICLES_PAGE },
      description: "The counted articles, newest first.",
      resolve: (query, summary, _args, context) =>
        context.db.prisma.newsArticle.findMany({ ...query, where: windowArticlesWhere(summary), orderBy: newestFirst }),
    }),
  }),
});

builder.objectField(Stock, "news", (t) =>
  t.field({
    type: NewsSentiment,
    description: "News sentiment for this stock over a window (default the last 24 hours).",
    args: {
      timeframe: t.arg({ type: NewsTimeframe, defaultValue: "24h" }),
      asOf: t.arg.string({ description: "End the window at the end of this day (YYYY-MM-DD, UTC) instead of the news clock's as-of: only articles up to then count." }),
    },
    resolve: (stock, { timeframe, asOf }, context) => summarizeNews(context, { ticker: stock.ticker, timeframe: timeframe ?? "24h", asOf }),
  }),
);

const maxSubscribedTickers = 20;

builder.subscriptionField("newsArticlesAdded", (t) =>
  t.field({
    type: [NewsArticle],
    description:
      "Articles as ingestion stores them, for the given tickers (1–20). Over Server-Sent Events: send Accept: text/event-stream. " +
      "Starting one spends from the caller's allowance as a query does; a caller may hold a few open at once " +
      "(SUBSCRIPTIONS_PER_REQUESTER), and one more is refused with TOO_MANY_SUBSCRIPTIONS (HTTP 429) until one ends.",
    args: { tickers: t.arg.stringList({ required: true }) },
    subscribe: (_root, { tickers }, context) => {
      if (tickers.length === 0 || tickers.length > maxSubscribedTickers) {
        const message = `Give 1 to ${maxSubscribedTickers} tickers.`;
        throw new AppError("BAD_USER_INPUT", `Invalid input: tickers. ${message}`, { fieldErrors: [{ field: "tickers", message }] });
      }
      const wanted = new Set(tickers.map((ticker) => requireKnownStock(ticker).ticker));
      return pipe(
        context.newsEvents.subscribe("news:articles"),
        map((articles) => articles.filter((article) => article.tickers.some((ticker) => wanted.has(ticker)))),
        filter((articles) => articles.length > 0),
      );
    },
    resolve: (articles) => articles,
  }),
);
