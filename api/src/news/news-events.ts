import type Redis from "ioredis";
import { createPubSub, type PubSub } from "graphql-yoga";
import { Prisma, type NewsArticle } from "../generated/prisma/client";
import type { Logger } from "../logging/logger";

type NewsTopics = { "news:articles": [NewsArticle[]] };

/** New articles, published by ingestion and consumed by the GraphQL subscription. */
export type NewsEvents = PubSub<NewsTopics> & {
  /** Stops listening to Redis (a no-op in-process). */
  close(): Promise<void>;
};

const TOPIC = "news:articles";

/**
 * In-process by default: right for one instance (PGlite has only ever one). With Redis,
 * every instance's subscribers see what any instance ingested: `publish` sends to a
 * Redis channel only, and each instance (the publisher included) delivers what the
 * channel brings, so the publishing instance delivers each event once, not twice.
 * Redis pub/sub is at most once: an event sent while an instance is disconnected is
 * lost to its subscribers, who still see the articles at their next page load.
 */
export function createNewsEvents(options: { redis?: Redis; logger?: Logger } = {}): NewsEvents {
  const local = createPubSub<NewsTopics>();
  const { redis, logger } = options;
  if (!redis) return { ...local, close: async () => {} };

  // ioredis prefixes keys, not channels: apply the deployment's prefix so apps sharing a Redis stay apart.
  const channel = `${redis.options.keyPrefix ?? ""}${TOPIC}`;
  // A connection in subscriber mode can send nothing else, hence a second one.
  const subscriber = redis.duplicate();
  subscriber.on("message", (from: string, message: string) => {
    if (from !== channel) return;
    try {
      local.publish(TOPIC, decodeArticles(message));
    } catch (error) {
      logger?.error({ err: error }, "unreadable news event from Redis");
    }
  });
  const subscribed = subscriber.subscribe(channel);
  subscribed.catch((error: unknown) => logger?.error({ err: error }, "could not subscribe to news events in Redis"));

  return {
    publish(_topic, articles) {
      redis
        .publish(channel, JSON.stringify(articles))
        .catch((error: unknown) => logger?.error({ err: error }, "could not publish news event to Redis"));
    },
    subscribe: local.subscribe,
    async close() {
      await subscribed.catch(() => undefined);
      await subscriber.quit();
    },
  };
}

/** Articles as JSON carried them: dates and the decimal score back to the types Prisma reads. */
function decodeArticles(message: string): NewsArticle[] {
  const articles = JSON.parse(message) as (Omit<NewsArticle, "publishedAt" | "createdAt" | "score"> & {
    publishedAt: string;
    createdAt: string;
    score: string;
  })[];
  return articles.map((article) => ({
    ...article,
    publishedAt: new Date(article.publishedAt),
    createdAt: new Date(article.createdAt),
    score: new Prisma.Decimal(article.score),
  }));
}
