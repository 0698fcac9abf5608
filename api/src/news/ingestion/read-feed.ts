import { fetchFeed, type FetchFeedOptions } from "./fetch-feed";
import type { FeedConfig } from "./feeds";
import { parseFeedDocument, type ParsedFeed } from "./parse-feed";

export type FeedRead =
  | { status: "not-modified"; fetchedAt: Date }
  | { status: "ok"; fetchedAt: Date; parsed: ParsedFeed; etag: string | null; lastModified: string | null };

/**
 * Fetches and parses one feed: the path both ingestion and `npm run news:parse`
 * take. Failures throw FeedFailure with their reason.
 */
export async function readFeed(feed: FeedConfig, options: FetchFeedOptions & { now?: () => Date }): Promise<FeedRead> {
  const fetched = await fetchFeed(feed.url, options);
  const fetchedAt = options.now?.() ?? new Date();
  if (fetched.status === "not-modified") return { status: "not-modified", fetchedAt };
  const parsed = await parseFeedDocument(fetched.body, feed, { fetchedAt, contentType: fetched.contentType });
  return { status: "ok", fetchedAt, parsed, etag: fetched.etag, lastModified: fetched.lastModified };
}
