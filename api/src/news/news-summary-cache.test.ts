import { createPubSub } from "graphql-yoga";
import type { NewsArticle } from "../generated/prisma/client";
import type { NewsSummary } from "./news-summary";
import { createNewsSummaryCache } from "./news-summary-cache";

const summary = (newsCount: number) => ({ ticker: "AAPL", newsCount }) as NewsSummary;

describe("news summary cache", () => {
  it("answers a hundred simultaneous requests for one ticker with one computation", async () => {
    const cache = createNewsSummaryCache(60_000, createPubSub());
    let computations = 0;
    const compute = async () => {
      computations += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return summary(7);
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.get("AAPL|24h", compute)));
    expect(computations).toBe(1);
    expect(answers.every((answer) => answer.newsCount === 7)).toBe(true);
    // Another timeframe is another summary.
    await cache.get("AAPL|7d", compute);
    expect(computations).toBe(2);
  });

  it("forgets every summary when new articles arrive, and never keeps a failure", async () => {
    const events = createPubSub<{ "news:articles": [NewsArticle[]] }>();
    const cache = createNewsSummaryCache(60_000, events);
    expect((await cache.get("AAPL|24h", async () => summary(1))).newsCount).toBe(1);
    expect((await cache.get("AAPL|24h", async () => summary(2))).newsCount).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    events.publish("news:articles", []);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.get("AAPL|24h", async () => summary(3))).newsCount).toBe(3);

    await expect(cache.get("MSFT|24h", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect((await cache.get("MSFT|24h", async () => summary(4))).newsCount).toBe(4);
  });

  it("computes every time when turned off (NEWS_SUMMARY_CACHE_MS=0)", async () => {
    const cache = createNewsSummaryCache(0, createPubSub());
    expect((await cache.get("AAPL|24h", async () => summary(1))).newsCount).toBe(1);
    expect((await cache.get("AAPL|24h", async () => summary(2))).newsCount).toBe(2);
  });
});
