import { createPubSub } from "graphql-yoga";
import type { NewsArticle } from "../generated/prisma/client";

/**
 * New articles, published by ingestion and consumed by the GraphQL
 * subscription. In-process: with several instances each one publishes what it
 * ingested itself (ingestion runs on one instance at a time), so subscribers on
 * other instances see new articles at their next page load.
 */
export function createNewsEvents() {
  return createPubSub<{ "news:articles": [NewsArticle[]] }>();
}

export type NewsEvents = ReturnType<typeof createNewsEvents>;
