import type Redis from "ioredis";
import { Prisma, type MarketVideo, type NewsArticle } from "../generated/prisma/client";
import type { Logger } from "../logging/logger";
import { createEventBus, type EventBus } from "../shared/event-bus";

type NewsTopics = { "news:articles": [NewsArticle[]]; "news:videos": [MarketVideo[]] };
type Topic = keyof NewsTopics;
const TOPICS: Topic[] = ["news:articles", "news:videos"];

/** New articles and market videos, published by ingestion and consumed by the GraphQL subscriptions. */
export type NewsEvents = EventBus<NewsTopics>;

/** News events, across instances through Redis when given (shared/event-bus.ts). */
export const createNewsEvents = (options: { redis?: Redis; logger?: Logger } = {}): NewsEvents =>
  createEventBus<NewsTopics>({ name: "news", topics: TOPICS, decode: (_topic, json) => decodeRows(json), ...options });

/** Articles or videos as JSON carried them: dates and the decimal score back to the types Prisma reads. */
function decodeRows(json: unknown): (NewsArticle | MarketVideo)[] {
  const rows = json as { publishedAt: string; createdAt: string; score: string }[];
  return rows.map((row) => ({
    ...row,
    publishedAt: new Date(row.publishedAt),
    createdAt: new Date(row.createdAt),
    score: new Prisma.Decimal(row.score),
  })) as unknown as (NewsArticle | MarketVideo)[];
}
