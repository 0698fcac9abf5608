/** @redis */
import crypto from "node:crypto";
import Redis from "ioredis";
import { eventually } from "../../test/eventually";
import { Prisma, type MarketVideo, type NewsArticle } from "../generated/prisma/client";
import { createNewsEvents, type NewsEvents } from "./news-events";

const article = (title: string): NewsArticle => ({
  id: crypto.randomUUID(),
  source: "test-live",
  publisher: null,
  feedKey: "test",
  guid: title,
  url: "https://example.com/a",
  title,
  summary: null,
  publishedAt: new Date("2026-11-20T14:30:00.123Z"),
  publishedTimeKnown: true,
  tickers: ["AAPL"],
  score: new Prisma.Decimal("0.625"),
  label: "bullish",
  terms: [{ term: "beats", weight: 3 }],
  analystAction: null,
  isSocial: false,
  isSnapshot: false,
  createdAt: new Date("2026-11-20T14:31:00.456Z"),
});

const video = (title: string): MarketVideo => ({
  id: crypto.randomUUID(),
  videoId: "dQw4w9WgXcQ",
  channel: "CNBC Television",
  channelId: "UCrp_UI8XtuYfpiqluWLD7Lw",
  title,
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  thumbnailUrl: null,
  publishedAt: new Date("2026-11-20T14:30:00.123Z"),
  description: null,
  tickers: ["NVDA"],
  statedTickers: [],
  score: new Prisma.Decimal("0.250"),
  label: "bullish",
  source: "youtube",
  feedKey: "youtube-cnbc-television",
  createdAt: new Date("2026-11-20T14:31:00.456Z"),
});

type Collected<Rows> = { received: Rows[]; stop(): Promise<void> };

/** Everything the events of a topic bring until `stop()`; read `received` as it fills. */
function collect(events: NewsEvents): Collected<NewsArticle[]>;
function collect(events: NewsEvents, topic: "news:videos"): Collected<MarketVideo[]>;
function collect(events: NewsEvents, topic: "news:articles" | "news:videos" = "news:articles"): Collected<unknown[]> {
  const iterator = events.subscribe(topic) as AsyncIterableIterator<unknown[]>;
  const received: unknown[][] = [];
  const done = (async () => {
    for await (const rows of iterator) received.push(rows);
  })();
  return {
    received,
    async stop() {
      await iterator.return?.();
      await done;
    },
  };
}

describe("news events in process (one instance)", () => {
  it("deliver what is published to every subscriber, once", async () => {
    const events = createNewsEvents();
    const [first, second] = [collect(events), collect(events)];
    const published = [article("Apple beats")];
    events.publish("news:articles", published);
    await eventually(() => first.received.length === 1 && second.received.length === 1);
    expect(first.received).toEqual([published]);
    expect(second.received).toEqual([published]);
    await Promise.all([first.stop(), second.stop(), events.close()]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)("news events through Redis (several instances; set TEST_REDIS_URL to run)", () => {
  // A prefix of this run's own, so runs sharing a Redis never hear each other.
  const keyPrefix = `test-news-events-${crypto.randomUUID()}:`;
  let redisA: Redis;
  let redisB: Redis;
  let instanceA: NewsEvents;
  let instanceB: NewsEvents;

  beforeAll(async () => {
    redisA = new Redis(redisUrl!, { keyPrefix });
    redisB = new Redis(redisUrl!, { keyPrefix });
    instanceA = createNewsEvents({ redis: redisA });
    instanceB = createNewsEvents({ redis: redisB });
    for (const channel of [`${keyPrefix}news:articles`, `${keyPrefix}news:videos`]) {
      await eventually(async () => (await redisA.pubsub("NUMSUB", channel))[1] === 2);
    }
  });
  afterAll(async () => {
    await Promise.all([instanceA.close(), instanceB.close()]);
    await Promise.all([redisA.quit(), redisB.quit()]);
  });

  it("reach the subscribers of every instance, once each (the publisher's own included), as the articles Prisma reads", async () => {
    const onA = collect(instanceA);
    const onB = collect(instanceB);
    const published = [article("Apple beats"), article("Apple raises dividend")];
    instanceA.publish("news:articles", published);
    await eventually(() => onA.received.length > 0 && onB.received.length > 0);
    // A second delivery on the publishing instance would have arrived by the time a later event does.
    const later = [article("Apple later")];
    instanceB.publish("news:articles", later);
    await eventually(() => onA.received.length > 1 && onB.received.length > 1);

    for (const { received } of [onA, onB]) {
      expect(received).toEqual([published, later]);
      expect(received[0][0].publishedAt).toBeInstanceOf(Date);
      expect(received[0][0].score).toBeInstanceOf(Prisma.Decimal);
      expect(received[0][0].score.toString()).toBe("0.625");
    }
    await Promise.all([onA.stop(), onB.stop()]);
  });

  it("carry new market videos to every instance's video subscribers, and not to the article subscribers", async () => {
    const articlesOnB = collect(instanceB);
    const videosOnB = collect(instanceB, "news:videos");
    const published = [video("Nvidia earnings preview")];
    instanceA.publish("news:videos", published);
    await eventually(() => videosOnB.received.length > 0);
    expect(videosOnB.received).toEqual([published]);
    expect(videosOnB.received[0][0].publishedAt).toBeInstanceOf(Date);
    expect(articlesOnB.received).toEqual([]);
    await Promise.all([articlesOnB.stop(), videosOnB.stop()]);
  });
});
