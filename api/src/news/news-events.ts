import type Redis from "ioredis";
import { createPubSub, type PubSub } from "graphql-yoga";
import { Prisma, type MarketVideo, type NewsArticle } from "../generated/prisma/client";
import type { Logger } from "../logging/logger";

type NewsTopics = { "news:articles": [NewsArticle[]]; "news:videos": [MarketVideo[]] };
type Topic = keyof NewsTopics;
const TOPICS: Topic[] = ["news:articles", "news:videos"];

/** New articles and market videos, published by ingestion and consumed by the GraphQL subscriptions. */
export type NewsEvents = PubSub<NewsTopics> & {
  /** Stops listening to Redis (a no-op in-process). */
  close(): Promise<void>;
};

/**
 * In-process by default: right for one instance (PGlite has only ever one). With Redis,
 * every instance's subscribers see what any instance ingested: `publish` sends to a
 * Redis channel only (one per topic), and each instance (the publisher included) delivers
 * what the channel brings, so the publishing instance delivers each event once, not twice.
 * Redis pub/sub is at most once: an event sent while an instance is disconnected is
 * lost to its subscribers, who still see the rows at their next page load.
 */
export function createNewsEvents(options: { redis?: Redis; logger?: Logger } = {}): NewsEvents {
  const local = createPubSub<NewsTopics>();
  const { redis, logger } = options;
  if (!redis) return { ...local, close: async () => {} };

  // ioredis prefixes keys, not channels: apply the deployment's prefix so apps sharing a Redis stay apart.
  const channelOf = (topic: Topic) => `${redis.options.keyPrefix ?? ""}${topic}`;
  const topicOf = new Map(TOPICS.map((topic) => [channelOf(topic), topic]));
  // A connection in subscriber mode can send nothing else, hence a second one.
  const subscriber = redis.duplicate();
  subscriber.on("message", (from: string, message: string) => {
    const topic = topicOf.get(from);
    if (!topic) return;
    try {
      local.publish(topic, decodeRows(message) as never);
    } catch (error) {
      logger?.error({ err: error, topic }, "unreadable news event from Redis");
    }
  });
  const subscribed = subscriber.subscribe(...TOPICS.map(channelOf));
  subscribed.catch((error: unknown) => logger?.error({ err: error }, "could not subscribe to news events in Redis"));

  return {
    publish(topic, rows) {
      redis
        .publish(channelOf(topic), JSON.stringify(rows))
        .catch((error: unknown) => logger?.error({ err: error, topic }, "could not publish news event to Redis"));
    },
    subscribe: local.subscribe,
    async close() {
      await subscribed.catch(() => undefined);
      await subscriber.quit();
    },
  };
}

/** Articles or videos as JSON carried them: dates and the decimal score back to the types Prisma reads. */
function decodeRows(message: string): (NewsArticle | MarketVideo)[] {
  const rows = JSON.parse(message) as { publishedAt: string; createdAt: string; score: string }[];
  return rows.map((row) => ({
    ...row,
    publishedAt: new Date(row.publishedAt),
    createdAt: new Date(row.createdAt),
    score: new Prisma.Decimal(row.score),
  })) as unknown as (NewsArticle | MarketVideo)[];
}
