// GraphQL Query.dataCoverage: public, like the REST shim GET /api/data-coverage.
import { builder } from "../graphql/builder";
import { currentDataCoverage, type DataCoverage, type DayCoverage, type MembershipMonth, type NewsRichestDay, type NewsSourceCoverage, type PriceSourceCoverage } from "./data-coverage";

const PriceSourceCoverageRef = builder.objectRef<PriceSourceCoverage>("PriceSourceCoverage").implement({
  description: "Daily bars stored from one source.",
  fields: (t) => ({
    source: t.exposeString("source", { description: 'e.g. "alphavantage-snapshot" (the bundled snapshot) or a live provider.' }),
    firstDate: t.exposeString("firstDate", { description: "YYYY-MM-DD" }),
    lastDate: t.exposeString("lastDate", { description: "YYYY-MM-DD" }),
    bars: t.exposeInt("bars"),
    tickers: t.exposeInt("tickers"),
  }),
});

const NewsSourceCoverageRef = builder.objectRef<NewsSourceCoverage>("NewsSourceCoverage").implement({
  description: "Articles stored from one source (a feed, or a file of the bundled snapshot).",
  fields: (t) => ({
    source: t.exposeString("source"),
    isSnapshot: t.exposeBoolean("isSnapshot", { description: "True for the bundled offline snapshot." }),
    firstPublishedAt: t.expose("firstPublishedAt", { type: "DateTime" }),
    lastPublishedAt: t.expose("lastPublishedAt", { type: "DateTime" }),
    articles: t.exposeInt("articles"),
    daysWithArticles: t.exposeInt("daysWithArticles", { description: "UTC days with at least one article." }),
    articlesPerDay: t.exposeFloat("articlesPerDay", { description: "articles ÷ daysWithArticles." }),
    tickers: t.exposeInt("tickers", { description: "Distinct tickers its articles are tagged with." }),
    datesOnly: t.exposeBoolean("datesOnly", {
      description: "Its articles give a date but no time of day (stored at 12:00 UTC): time windows count them only for whole UTC days, never in a 1-hour window.",
    }),
  }),
});

const MembershipMonthRef = builder.objectRef<MembershipMonth>("MembershipMonth").implement({
  fields: (t) => ({
    date: t.exposeString("date", { description: "The month's first trading day (YYYY-MM-DD)." }),
    members: t.exposeInt("members"),
    withPrices: t.exposeInt("withPrices"),
    missing: t.exposeStringList("missing", { description: "Members whose stored prices do not span the day (their keys)." }),
  }),
});

const DayCoverageRef = builder.objectRef<DayCoverage>("DayCoverage").implement({
  fields: (t) => ({
    date: t.exposeString("date", { description: "YYYY-MM-DD (UTC)." }),
    tickersWithPrices: t.exposeInt("tickersWithPrices"),
    sp500Members: t.exposeInt("sp500Members", { description: "The S&P 500's members that day (point in time, former members included); 0 outside the membership data." }),
    sp500MembersWithPrices: t.exposeInt("sp500MembersWithPrices", { description: "Of those, members whose stored prices span the day." }),
    articles: t.exposeInt("articles"),
    tickersWithNews: t.exposeInt("tickersWithNews"),
    sp500TickersWithNews: t.exposeInt("sp500TickersWithNews"),
  }),
});

const NewsRichestDayRef = builder.objectRef<NewsRichestDay>("NewsRichestDay").implement({
  description: "The day with prices whose trailing news window names the most S&P 500 companies (the latest of near-ties).",
  fields: (t) => ({
    date: t.exposeString("date"),
    sp500Tickers: t.exposeInt("sp500Tickers"),
    windowDays: t.exposeInt("windowDays"),
    mostSp500Tickers: t.exposeInt("mostSp500Tickers", { description: "The best count over all days with prices (sp500Tickers is within 15% of it)." }),
    reason: t.exposeString("reason"),
  }),
});

const DataCoverageRef = builder.objectRef<DataCoverage>("DataCoverage").implement({
  description: "What the stored prices and news cover, counted from the stored rows (refreshed at most once a minute).",
  fields: (t) => ({
    prices: t.field({ type: [PriceSourceCoverageRef], resolve: (coverage) => coverage.prices }),
    news: t.field({ type: [NewsSourceCoverageRef], resolve: (coverage) => coverage.news }),
    days: t.field({ type: [DayCoverageRef], description: "Every UTC day with a price bar or an article, oldest first.", resolve: (coverage) => coverage.days }),
    sp500Months: t.field({
      type: [MembershipMonthRef],
      description: "Each month's first trading day: the S&P 500 members of that day, how many have prices, and which do not.",
      resolve: (coverage) => coverage.sp500Months,
    }),
    latestPriceDate: t.exposeString("latestPriceDate", { nullable: true }),
    newsRichestDay: t.field({ type: NewsRichestDayRef, nullable: true, resolve: (coverage) => coverage.newsRichestDay }),
    defaultAsOf: t.exposeString("defaultAsOf", {
      nullable: true,
      description: "The as-of day (YYYY-MM-DD) views open at when none is chosen: null in live mode (now, the latest data); offline, newsRichestDay.date.",
    }),
    defaultAsOfReason: t.exposeString("defaultAsOfReason", { description: "Why defaultAsOf is what it is, in plain words (with the latest price day)." }),
  }),
});

builder.queryField("dataCoverage", (t) =>
  t.field({
    type: DataCoverageRef,
    description: "Per source its date range, items per day and tickers covered; per day the tickers with prices and with news.",
    resolve: (_root, _args, context) => currentDataCoverage(context.db),
  }),
);
