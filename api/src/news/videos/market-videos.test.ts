/** @db */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import request from "supertest";
import type { Express } from "express";
import { ConfigError } from "../../config/config";
import type { MarketVideo } from "../../generated/prisma/client";
import { createTestApp, createTestDeps } from "../../../test/test-app";
import { createTestDatabase } from "../../../test/test-database";
import { createUser, signedInAgent } from "../../../test/sign-in";
import { runScheduledIngestion } from "../ingestion/schedule";
import { enrichVideo, ingestVideos, taggableDescription } from "./market-videos";
import { parseVideoFeed, videoIdOf } from "./parse-video-feed";
import { DEFAULT_VIDEO_CHANNELS, parseVideoChannels, videoFeed, type VideoFeedConfig } from "./video-feeds";
import { VIDEO_SNAPSHOT_MARKER, loadVideoSnapshot, readVideoSnapshot } from "./video-snapshot";

// A recorded real YouTube channel feed (Atom with yt:videoId and media:group; data/news/PROVENANCE.md).
const youtubeFixture = fs.readFileSync(path.join(__dirname, "..", "ingestion", "fixtures", "youtube_channel_google_2015-05-04.xml"), "utf8");
const GOOGLE_CHANNEL = "UCK8sQmJBp8GCxrOtXWBpyEA";
/** The same feed as another channel would serve it: its channel id and name swapped in (bench-videos does the same). */
const asChannel = (name: string, channelId: string) =>
  youtubeFixture.replaceAll(GOOGLE_CHANNEL, channelId).replace("<title>Google</title>", `<title>${name}</title>`);

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: http.Server;
let baseUrl: string;
let app: Express;
let deps: ReturnType<typeof createTestDeps>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const channelId = url.searchParams.get("channel_id") ?? "";
    if (url.pathname === "/feeds/videos.xml" && channelId === "UCdown000000000000000000") {
      res.writeHead(503, { "content-type": "text/plain" });
      return res.end("try later");
    }
    if (url.pathname === "/feeds/videos.xml" && channelId === "UChtml000000000000000000") {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("<!DOCTYPE html><html><body>Consent</body></html>");
    }
    if (url.pathname === "/feeds/videos.xml") {
      res.writeHead(200, { "content-type": "application/atom+xml; charset=utf-8", etag: `"${channelId}"` });
      return res.end(channelId === GOOGLE_CHANNEL ? youtubeFixture : asChannel(`Channel ${channelId.slice(2, 6)}`, channelId));
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ app, deps } = createTestApp(db, { API_POINTS_PER_HOUR: "100000000", WEB_REQUESTS_PER_10_MINUTES: "100000000", NEWS_FEED_TIMEOUT_SECONDS: "5" }));
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

const localFeed = (name: string, channelId: string): VideoFeedConfig => videoFeed(name, channelId, `${baseUrl}/feeds/videos.xml?channel_id=${channelId}`);

describe("parsing a YouTube channel feed", () => {
  it("reads video id, channel, title, time, thumbnail and description of each of the 15 entries", async () => {
    const parsed = await parseVideoFeed(youtubeFixture, videoFeed("Google", GOOGLE_CHANNEL), { fetchedAt: new Date("2026-11-26T00:00:00Z") });
    expect(parsed).toMatchObject({ channel: "Google", itemCount: 15, skipped: 0 });
    expect(parsed.videos).toHaveLength(15);
    expect(parsed.videos[0]).toEqual({
      videoId: "5shykyfmb28",
      channel: "Google",
      channelId: GOOGLE_CHANNEL,
      title: "The Google app: Questions Title",
      description: expect.stringMatching(/^A question is the most powerful force in the world\./),
      publishedAt: new Date("2015-05-04T00:01:27Z"),
      thumbnailUrl: "https://i2.ytimg.com/vi/5shykyfmb28/hqdefault.jpg",
      source: "youtube",
      feedKey: "youtube-uck8sqmjbp8gcxrotxwbpyea",
    });
  });

  it("skips entries without a video id and refuses HTML pages and cut-off XML with the news feeds' reasons", async () => {
    const feed = videoFeed("Google", GOOGLE_CHANNEL);
    const noIds = youtubeFixture.replace(/<yt:videoId>5shykyfmb28<\/yt:videoId>/, "").replace("<id>yt:video:5shykyfmb28</id>", "<id>x</id>").replace('href="http://www.youtube.com/watch?v=5shykyfmb28"', 'href="http://example.com/"');
    const parsed = await parseVideoFeed(noIds, feed, { fetchedAt: new Date() });
    expect(parsed.skipped).toBe(1);
    expect(parsed.videos).toHaveLength(14);
    await expect(parseVideoFeed("<!DOCTYPE html><html></html>", feed, { fetchedAt: new Date() })).rejects.toMatchObject({ reason: "not-a-feed" });
    await expect(parseVideoFeed(youtubeFixture.slice(0, 3000), feed, { fetchedAt: new Date() })).rejects.toMatchObject({ reason: "malformed-xml" });
  });

  it("reads video ids from watch, youtu.be and embed links only", () => {
    expect(videoIdOf("https://www.youtube.com/watch?v=xf34vHvZCZo&ab_channel=CNBCTelevision")).toBe("xf34vHvZCZo");
    expect(videoIdOf("https://youtu.be/vjZXtorJSmo")).toBe("vjZXtorJSmo");
    expect(videoIdOf("https://www.youtube-nocookie.com/embed/vjZXtorJSmo")).toBe("vjZXtorJSmo");
    expect(videoIdOf("https://example.com/watch?v=vjZXtorJSmo")).toBeNull();
    expect(videoIdOf("https://www.youtube.com/watch?v=short")).toBeNull();
  });

  it("tags tickers from the title and the description before its links, and scores the title", () => {
    expect(taggableDescription("Apple's CEO on the iPhone. » Subscribe to CNBC TV: https://cnb.cx/x")).toBe("Apple's CEO on the iPhone.");
    const row = enrichVideo({
      videoId: "abcdefghijk",
      channel: "CNBC Television",
      channelId: null,
      title: "Tesla shares surge after record deliveries",
      description: "Discussing $AAPL too. https://example.com Microsoft",
      publishedAt: new Date("2021-04-20T12:00:00Z"),
      thumbnailUrl: null,
      source: "snapshot",
      feedKey: null,
      statedTickers: ["FB"],
    });
    expect(row.statedTickers).toEqual(["META"]);
    expect(row.tickers).toEqual(expect.arrayContaining(["META", "TSLA", "AAPL"]));
    expect(row.tickers).not.toContain("MSFT");
    expect(row.label).toBe("bullish");
    expect(row.url).toBe("https://www.youtube.com/watch?v=abcdefghijk");
  });
});

describe("MARKET_VIDEO_CHANNELS", () => {
  it("defaults to CNBC Television, Bloomberg Television, Yahoo Finance and Reuters", () => {
    expect(parseVideoChannels(undefined).map((feed) => feed.channel)).toEqual(DEFAULT_VIDEO_CHANNELS.map((channel) => channel.channel));
    expect(parseVideoChannels("").map((feed) => feed.url)).toContain("https://www.youtube.com/feeds/videos.xml?channel_id=UCrp_UI8XtuYfpiqluWLD7Lw");
  });

  it("reads Name=id and bare ids, and names every bad entry", () => {
    expect(parseVideoChannels("CNBC Television=UCrp_UI8XtuYfpiqluWLD7Lw, UCEAZeUIeJs0IjQiqTCdVSIg")).toEqual([
      expect.objectContaining({ channel: "CNBC Television", channelId: "UCrp_UI8XtuYfpiqluWLD7Lw" }),
      expect.objectContaining({ channel: "UCEAZeUIeJs0IjQiqTCdVSIg", channelId: "UCEAZeUIeJs0IjQiqTCdVSIg" }),
    ]);
    expect(() => parseVideoChannels("CNBC=nope,UCEAZeUIeJs0IjQiqTCdVSIg,UCEAZeUIeJs0IjQiqTCdVSIg")).toThrow(ConfigError);
    try {
      parseVideoChannels("CNBC=nope,UCEAZeUIeJs0IjQiqTCdVSIg,UCEAZeUIeJs0IjQiqTCdVSIg");
    } catch (error) {
      expect((error as ConfigError).message).toMatch(/MARKET_VIDEO_CHANNELS\[0\] \("CNBC=nope"\): the channel id must be/);
      expect((error as ConfigError).message).toMatch(/MARKET_VIDEO_CHANNELS\[2\].*listed twice/);
    }
  });
});

describe("ingestVideos", () => {
  const channelA = "UCaaaa000000000000000000";
  const channelB = "UCbbbb000000000000000000";

  it("stores each video once (by video id), records each feed's status and publishes what is new", async () => {
    const published: MarketVideo[][] = [];
    const events = deps.newsEvents.subscribe("news:videos");
    const collecting = (async () => {
      for await (const videos of events) published.push(videos);
    })();
    const feeds = [localFeed("Google", GOOGLE_CHANNEL), localFeed("A", channelA), localFeed("Down", "UCdown000000000000000000"), localFeed("Html", "UChtml000000000000000000")];
    const first = await ingestVideos(deps, { feeds });
    expect(first.feeds.map(({ key, ok, reason, items, stored }) => ({ key, ok, reason, items, stored }))).toEqual([
      { key: "youtube-uck8sqmjbp8gcxrotxwbpyea", ok: true, reason: undefined, items: 15, stored: 15 },
      // The same 15 videos from a second channel's feed: stored once, by video id.
      { key: "youtube-ucaaaa000000000000000000", ok: true, reason: undefined, items: 15, stored: 0 },
      { key: "youtube-ucdown000000000000000000", ok: false, reason: "http-status", items: 0, stored: 0 },
      { key: "youtube-uchtml000000000000000000", ok: false, reason: "not-a-feed", items: 0, stored: 0 },
    ]);
    expect(await db.prisma.marketVideo.count({ where: { source: "youtube" } })).toBe(15);
    const stored = await db.prisma.marketVideo.findUniqueOrThrow({ where: { videoId: "5shykyfmb28" } });
    expect(stored).toMatchObject({ channel: "Google", channelId: GOOGLE_CHANNEL, feedKey: "youtube-uck8sqmjbp8gcxrotxwbpyea", statedTickers: [] });
    expect(stored.tickers).toContain("GOOGL");

    const rows = await db.prisma.marketVideoFeed.findMany({ orderBy: { key: "asc" } });
    expect(rows.map((row) => [row.key, row.channel, Boolean(row.lastSuccessAt), row.lastError?.split(":")[0] ?? null, row.lastItemCount])).toEqual([
      ["youtube-ucaaaa000000000000000000", "Channel aaaa", true, null, 15],
      ["youtube-ucdown000000000000000000", "Down", false, "http-status", null],
      ["youtube-uchtml000000000000000000", "Html", false, "not-a-feed", null],
      ["youtube-uck8sqmjbp8gcxrotxwbpyea", "Google", true, null, 15],
    ]);

    // A second pass stores nothing and sends back the ETags.
    const second = await ingestVideos(deps, { feeds: [localFeed("Google", GOOGLE_CHANNEL), localFeed("B", channelB)] });
    expect(second.stored).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await events.return?.();
    await collecting;
    expect(published.map((videos) => videos.length)).toEqual([15]);
  });

  it("runs in the scheduled pass only when video feeds are given", async () => {
    const pass = await runScheduledIngestion(deps, { feeds: [], videoFeeds: [localFeed("Google", GOOGLE_CHANNEL)], minGapMs: 0 });
    expect(pass).toMatchObject({ videos: { stored: 0, feeds: [{ ok: true, items: 15 }] } });
    const newsOnly = await runScheduledIngestion(deps, { feeds: [], minGapMs: 0 });
    expect(newsOnly).not.toHaveProperty("videos");
  });
});

describe("the bundled video snapshot", () => {
  it("reads the 49 YouTube rows of the stocknewsapi file as 46 videos (rows of one video under several tickers merged)", () => {
    const { rows, videos } = readVideoSnapshot();
    expect(rows).toBe(49);
    expect(videos).toHaveLength(46);
    const faang = videos.find((video) => video.videoId === "I6bF7KtLiTw")!;
    expect(faang).toMatchObject({ channel: "CNBC Television", title: "Jim Cramer: Don't abandon FAANG", statedTickers: ["AAPL", "AMZN", "GOOG"] });
    // 2021-04-20 15:06:29 US Eastern (EDT) = 19:06:29 UTC.
    expect(videos.find((video) => video.videoId === "vjZXtorJSmo")!.publishedAt).toEqual(new Date("2021-04-20T19:06:29Z"));
  });

  it("loads once per database as its own snapshot, and resumes without duplicates", async () => {
    await db.prisma.marketVideo.deleteMany();
    await db.prisma.snapshotLoad.deleteMany({ where: { name: VIDEO_SNAPSHOT_MARKER } });
    const first = await loadVideoSnapshot(createTestDeps(db), { force: true });
    expect(first).toEqual({ stored: 46, rows: 49, videos: 46 });
    expect(await db.prisma.snapshotLoad.findUnique({ where: { name: VIDEO_SNAPSHOT_MARKER } })).toMatchObject({ rows: 46 });
    const again = await loadVideoSnapshot(createTestDeps(db), { force: true });
    expect(again).toMatchObject({ stored: 0, skipped: "already-loaded" });
    // An interrupted load (no marker, some rows stored) stores only the missing ones.
    await db.prisma.snapshotLoad.delete({ where: { name: VIDEO_SNAPSHOT_MARKER } });
    await db.prisma.marketVideo.deleteMany({ where: { source: "snapshot", channel: "Yahoo Finance" } });
    const resumed = await loadVideoSnapshot(createTestDeps(db));
    // Yahoo Finance: 7 rows, 6 videos (one is listed under AAPL and FB).
    expect(resumed.stored).toBe(6);
    expect(await db.prisma.marketVideo.count({ where: { source: "snapshot" } })).toBe(46);
    // The news pages' articles are not touched by the videos.
    expect(await db.prisma.newsArticle.count({ where: { url: { contains: "youtube-nocookie" } } })).toBe(0);
    const fb = await db.prisma.marketVideo.findUniqueOrThrow({ where: { videoId: "-OTuI16sbxw" } });
    expect(fb.statedTickers).toEqual(["AAPL", "META"]);
  }, 60_000);
});

describe("GraphQL marketVideos", () => {
  let pro: request.Agent;
  let basic: request.Agent;
  beforeAll(async () => {
    pro = await signedInAgent(app, db, await createUser(db, { pro: true }));
    basic = await signedInAgent(app, db, await createUser(db));
  });

  const LIST = `query ($first: Int, $last: Int, $after: String, $ticker: String, $channel: String, $search: String) {
    marketVideos(first: $first, last: $last, after: $after, ticker: $ticker, channel: $channel, search: $search) {
      pageInfo { hasNextPage endCursor }
      edges { node { id videoId title channel publishedAt tickers statedTickers taggedTickers source sourceLabel embedUrl thumbnailUrl url } }
    }
  }`;
  type Node = { id: string; videoId: string; title: string; channel: string; publishedAt: string; tickers: string[]; statedTickers: string[]; taggedTickers: string[]; source: string; sourceLabel: string; embedUrl: string };
  type ListBody = { data: { marketVideos: { pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: Node }[] } } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  const list = async (agent: request.Agent | ReturnType<typeof request>, variables: Record<string, unknown>) =>
    (await agent.post("/graphql").send({ query: LIST, variables }).expect(200)).body as ListBody;

  it("lists newest first, 20 a page by default, with the snapshot labelled", async () => {
    const body = await list(pro, {});
    expect(body.errors).toBeUndefined();
    const nodes = body.data!.marketVideos.edges.map((edge) => edge.node);
    expect(nodes).toHaveLength(20);
    const times = nodes.map((node) => Date.parse(node.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const snapshot = nodes.find((node) => node.source === "SNAPSHOT")!;
    expect(snapshot.sourceLabel).toBe("bundled snapshot, April–May 2021");
    expect(snapshot.embedUrl).toBe(`https://www.youtube-nocookie.com/embed/${snapshot.videoId}`);
  });

  it("lists only videos published by the end of the as-of day, and says which day it used", async () => {
    const AS_OF = `query ($asOf: String) { marketVideos(first: 50, asOf: $asOf) { asOf edges { node { videoId publishedAt } } } }`;
    const at = async (asOf: string) => (await pro.post("/graphql").send({ query: AS_OF, variables: { asOf } }).expect(200)).body;
    const dayBefore = await at("2021-04-19");
    expect(dayBefore.errors).toBeUndefined();
    expect(dayBefore.data.marketVideos.edges.map((edge: { node: { videoId: string } }) => edge.node.videoId)).not.toContain("vjZXtorJSmo");
    // Published 2021-04-20 19:06 UTC: in from that day on.
    const onTheDay = await at("2021-04-20");
    expect(onTheDay.data.marketVideos.asOf).toBe("2021-04-20");
    const nodes = onTheDay.data.marketVideos.edges.map((edge: { node: { videoId: string; publishedAt: string } }) => edge.node);
    expect(nodes.map((node: { videoId: string }) => node.videoId)).toContain("vjZXtorJSmo");
    expect(nodes.every((node: { publishedAt: string }) => node.publishedAt <= "2021-04-20T23:59:59.999Z")).toBe(true);
    const bad = await at("2021-04-31");
    expect(bad.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "asOf" }] });
  });

  it("pages with after: without repeats or gaps", async () => {
    const first = await list(pro, { first: 30 });
    const page1 = await list(pro, { first: 15 });
    const page2 = await list(pro, { first: 15, after: page1.data!.marketVideos.pageInfo.endCursor });
    expect([...page1.data!.marketVideos.edges, ...page2.data!.marketVideos.edges].map((edge) => edge.node.videoId)).toEqual(
      first.data!.marketVideos.edges.map((edge) => edge.node.videoId),
    );
  });

  it("filters by ticker (FB read as META), channel (any case) and title words", async () => {
    const tesla = (await list(pro, { ticker: "tsla", first: 50 })).data!.marketVideos.edges.map((edge) => edge.node);
    expect(tesla.length).toBeGreaterThanOrEqual(4);
    expect(tesla.every((node) => node.tickers.includes("TSLA"))).toBe(true);
    // 3 videos the dataset lists under FB, and 3 more whose titles name Facebook (found by our tagger).
    const meta = (await list(pro, { ticker: "FB", first: 50 })).data!.marketVideos.edges.map((edge) => edge.node);
    expect(meta.filter((node) => node.statedTickers.includes("META"))).toHaveLength(3);
    expect(meta.filter((node) => node.taggedTickers.includes("META"))).toHaveLength(3);
    expect(meta.every((node) => node.tickers.includes("META"))).toBe(true);
    const bloomberg = (await list(pro, { channel: "bloomberg technology", first: 50 })).data!.marketVideos.edges.map((edge) => edge.node);
    expect(bloomberg).toHaveLength(8);
    expect(new Set(bloomberg.map((node) => node.channel))).toEqual(new Set(["Bloomberg Technology"]));
    const search = (await list(pro, { search: "cramer faang", first: 50 })).data!.marketVideos.edges.map((edge) => edge.node.title);
    expect(search).toEqual(["Jim Cramer: Don't abandon FAANG"]);
    const both = (await list(pro, { ticker: "AAPL", channel: "Yahoo Finance", first: 50 })).data!.marketVideos.edges;
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((edge) => edge.node.channel === "Yahoo Finance" && edge.node.tickers.includes("AAPL"))).toBe(true);
  });

  it("answers bad arguments with BAD_USER_INPUT naming the field", async () => {
    for (const [variables, field] of [
      [{ first: 51 }, "first"],
      [{ first: 0 }, "first"],
      [{ last: 60 }, "last"],
      [{ after: "not-a-cursor" }, "after"],
      [{ ticker: "NOT A TICKER" }, "ticker"],
      [{ channel: "x".repeat(101) }, "channel"],
      [{ search: "   " }, "search"],
    ] as const) {
      // A page size outside 1–50 is refused before the query runs (HTTP 400, no data); the rest by the field.
      const response = await pro.post("/graphql").send({ query: LIST, variables });
      expect(response.status).toBe(field === "first" || field === "last" ? 400 : 200);
      const body = response.body as ListBody;
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field }] });
    }
  });

  it("is refused to visitors and Basic users, videos and channels alike", async () => {
    const anonymous = await list(request(app), {});
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const basicBody = await list(basic, {});
    expect(basicBody.errors?.[0].extensions?.code).toBe("PRO_REQUIRED");
    const channels = (await basic.post("/graphql").send({ query: "{ marketVideoChannels { name } }" }).expect(200)).body;
    expect(channels.errors?.[0].extensions?.code).toBe("PRO_REQUIRED");
    const subscription = (await basic.post("/graphql").send({ query: "subscription { marketVideosAdded { title } }" })).body;
    expect(subscription.errors?.[0].extensions?.code).toBe("PRO_REQUIRED");
  });

  it("lists the channels with their feed status and video counts", async () => {
    const body = (
      await pro
        .post("/graphql")
        .send({ query: "{ marketVideoChannels { name channelId status videoCount snapshotVideoCount lastError } }" })
        .expect(200)
    ).body as { data: { marketVideoChannels: { name: string; channelId: string | null; status: string; videoCount: number; snapshotVideoCount: number; lastError: string | null }[] } };
    const byName = Object.fromEntries(body.data.marketVideoChannels.map((channel) => [channel.name, channel]));
    // The configured defaults have never been read in this test (no internet): pending.
    expect(byName["CNBC Television"]).toMatchObject({ channelId: "UCrp_UI8XtuYfpiqluWLD7Lw", status: "PENDING", snapshotVideoCount: 27 });
    expect(byName["Reuters"]).toMatchObject({ status: "PENDING", videoCount: 0 });
    expect(byName["Bloomberg Technology"]).toMatchObject({ channelId: null, status: "SNAPSHOT", videoCount: 8 });
  });

  it("pushes new videos to a Pro subscriber over Server-Sent Events", async () => {
    const proUser = await createUser(db, { pro: true });
    const agent = await signedInAgent(app, db, proUser);
    const cookie = agent.jar.getCookie("tickerscope.sid", { path: "/", domain: "127.0.0.1", secure: false, script: false })!;
    const live = http.createServer(app);
    await new Promise<void>((resolve) => live.listen(0, "127.0.0.1", resolve));
    const abort = new AbortController();
    try {
      const response = await fetch(`http://127.0.0.1:${(live.address() as AddressInfo).port}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", cookie: cookie.toValueString() },
        body: JSON.stringify({ query: `subscription { marketVideosAdded(ticker: "NVDA") { videoId title tickers } }` }),
        signal: abort.signal,
      });
      expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
      const [nvidia] = await db.prisma.marketVideo.createManyAndReturn({
        data: [
          enrichVideo({ videoId: "nvdaLive001", channel: "CNBC Television", channelId: null, title: "Nvidia unveils new chips", description: null, publishedAt: new Date(), thumbnailUrl: null, source: "youtube", feedKey: null }),
        ],
      });
      const publisher = setInterval(() => deps.newsEvents.publish("news:videos", [nvidia]), 50);
      const reader = response.body!.getReader();
      let text = "";
      try {
        while (!text.includes("event: next")) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      } finally {
        clearInterval(publisher);
      }
      const data = JSON.parse(/data: (.*)/.exec(text.slice(text.indexOf("event: next")))![1]);
      expect(data.data.marketVideosAdded).toEqual([{ videoId: "nvdaLive001", title: "Nvidia unveils new chips", tickers: ["NVDA"] }]);
    } finally {
      abort.abort();
      await new Promise((resolve) => live.close(resolve));
    }
  });
});
