import type { Database } from "../db/database";
import type { NewsArticle, Prisma } from "../generated/prisma/client";
import { loadReferenceData } from "../shared/symbols/reference-data";
import { detectAnalystAction } from "./sentiment/analyst-actions";
import { scoreText } from "./sentiment/scorer";
import { createTickerTagger, type TickerTagger } from "./tagging/ticker-tagger";

/** An article as a feed or the snapshot delivers it, before tagging and scoring. */
export type IncomingArticle = {
  source: string;
  publisher?: string | null;
  feedKey?: string | null;
  guid: string;
  url?: string | null;
  title: string;
  summary?: string | null;
  publishedAt: Date;
  isSocial?: boolean;
  isSnapshot?: boolean;
  /** The ticker of a per-ticker feed (always tagged). */
  feedTicker?: string;
  /** Tickers the source itself states (e.g. a dataset's ticker column). */
  statedTickers?: string[];
};

let tagger: TickerTagger | undefined;

/** The ticker tagger over the bundled reference lists, built once (it takes ~0.5 s). */
export function sharedTickerTagger(): TickerTagger {
  tagger ??= createTickerTagger(loadReferenceData());
  return tagger;
}

/** Only http(s) links are ever stored or rendered. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Tags and scores an article. The headline carries the score (summaries are
 * often teasers or boilerplate); tickers come from headline and summary.
 */
export function enrichArticle(article: IncomingArticle, tickerTagger: TickerTagger = sharedTickerTagger()): Prisma.NewsArticleCreateManyInput {
  const title = article.title.replace(/\s+/g, " ").trim();
  const summary = article.summary?.replace(/\s+/g, " ").trim() || null;
  const tagged = tickerTagger.tag(summary ? `${title}\n${summary}` : title, { feedTicker: article.feedTicker });
  const tickers = [...new Set([...(article.statedTickers ?? []), ...tagged.map((tag) => tag.ticker)])];
  const sentiment = scoreText(title);
  const action = detectAnalystAction(title);
  return {
    source: article.source,
    publisher: article.publisher ?? null,
    feedKey: article.feedKey ?? null,
    guid: article.guid,
    url: safeHttpUrl(article.url),
    title,
    summary,
    publishedAt: article.publishedAt,
    tickers,
    score: Math.round(sentiment.score * 1000) / 1000,
    label: sentiment.label,
    terms: sentiment.terms.map(({ term, weight }) => ({ term, weight: Math.round(weight * 100) / 100 })),
    analystAction: action ? (action as unknown as Prisma.InputJsonValue) : undefined,
    isSocial: article.isSocial ?? false,
    isSnapshot: article.isSnapshot ?? false,
  };
}

/** Stores articles once each (unique by source + guid) and returns the ones that were new. */
export async function storeArticles(db: Database, articles: Prisma.NewsArticleCreateManyInput[]): Promise<NewsArticle[]> {
  if (articles.length === 0) return [];
  return db.prisma.newsArticle.createManyAndReturn({ data: articles, skipDuplicates: true });
}
