/** @db */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { openDatabase } from "../../db/database";
import type { NewsArticle } from "../../generated/prisma/client";
import { createTestDeps } from "../../../test/test-app";
import { createTestDatabase, testDatabaseUrl } from "../../../test/test-database";
import { ConfigError } from "../../config/config";
import { sharedTickerTagger } from "../articles";
import { parseFeedList, type FeedConfig } from "./feeds";
import { ingestNews, type IngestionDeps } from "./ingest-news";
import { parseFeedDocument } from "./parse-feed";
import { toPlainText } from "./plain-text";
import { isSkipped } from "../../db/run-exclusively";
import { runScheduledIngestion } from "./schedule";

// Recorded real feeds (see data/news/PROVENANCE.md), served from 127.0.0.1.
const fixtureDir = path.join(__dirname, "fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(fixtureDir, name), "utf8");
const FIXTURES = {
  wsj: { file: "wsj_markets_main_2023-02-04.xml", source: "wsj", kind: "news", items: 20 },
  cnbc: { file: "cnbc_finance_10000664_2019-07-23.xml", source: "cnbc", kind: "news", items: 30 },
  seekingalpha: { file: "seekingalpha_symbol_MSFT_2017-10-25.xml", source: "seekingalpha", kind: "ticker", items: 30 },
  reddit: { file: "reddit_frontpage_atom_2016-01-26.xml", source: "reddit", kind: "social", items: 24 },
  guardian: { file: "guardian_us_2018-01-31.xml", source: "guardian", kind: "news", items: 55 },
  youtube: { file: "youtube_channel_google_2015-05-04.xml", source: "youtube", kind: "news", items: 15 },
} as const;

// Long enough that a feed that answers at once is never given up on a busy machine (300 ms was not:
// a 503 answer came late under load and counted as a timeout); only the hanging feeds reach it.
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 200_000;
const WSJ_ETAG = '"wsj-2023-02-04"';

type Recorded = { path: string; headers: http.IncomingHttpHeaders };
let server: http.Server;
let baseUrl: string;
let closedPort: number;
let requests: Recorded[] = [];
const hanging = new Set<http.ServerResponse>();
/** Hanging requests open at once, now and at most (how the fetches overlapped, whatever the clock says). */
let openHangs = 0;
let mostOpenHangs = 0;

function serveXml(res: http.ServerResponse, body: string, headers: Record<string, string> = {}) {
  res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", ...headers });
  res.end(body);
}

beforeAll(async () => {
  const wsj = fixture(FIXTURES.wsj.file);
  server = http.createServer((req, res) => {
    const route = (req.url ?? "/").split("?")[0].slice(1);
    requests.push({ path: route, headers: req.headers });
    if (route === "wsj") {
      if (req.headers["if-none-match"] === WSJ_ETAG) {
        res.writeHead(304, { etag: WSJ_ETAG });
        return res.end();
      }
      return serveXml(res, wsj, { etag: WSJ_ETAG, "last-modified": "Sat, 04 Feb 2023 05:02:13 GMT" });
    }
    if (route in FIXTURES) return serveXml(res, fixture(FIXTURES[route as keyof typeof FIXTURES].file));
    switch (route) {
      case "hang":
        hanging.add(res); // never answers
        openHangs += 1;
        mostOpenHangs = Math.max(mostOpenHangs, openHangs);
        res.on("close", () => (openHangs -= 1));
        return;
      case "malformed":
        return serveXml(res, wsj.slice(0, Math.floor(wsj.length / 2)));
      case "html":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end("<!DOCTYPE html>\n<html><head><title>Markets</title></head><body><h1>Markets</h1></body></html>");
      case "huge": {
        // A real feed's items repeated past the cap, streamed without Content-Length.
        res.writeHead(200, { "content-type": "application/rss+xml" });
        const item = wsj.slice(wsj.indexOf("<item>"), wsj.indexOf("</item>") + 7);
        let sent = 0;
        const write = () => {
          while (sent < MAX_BYTES * 5) {
            sent += item.length;
            if (!res.write(item)) return void res.once("drain", write);
          }
          res.end();
        };
        res.on("error", () => {});
        return write();
      }
      case "unavailable":
        res.writeHead(503, { "content-type": "text/plain" });
        return res.end("try later");
      case "js-links":
        return serveXml(res, wsj.replace(/<link>https:\/\/www\.wsj\.com\/articles\/the-retreat[^<]*<\/link>/, "<link>javascript:alert(document.cookie)</link>"));
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const feed = (key: string, extra: Partial<FeedConfig> = {}): FeedConfig => {
  const known = FIXTURES[key as keyof typeof FIXTURES];
  return {
    key,
    url: `${baseUrl}/${key}`,
    kind: known?.kind ?? "news",
    source: known?.source ?? key,
    ...(known?.kind === "ticker" ? { ticker: "MSFT" } : {}),
    ...extra,
  };
};
const fixtureFeeds = () => Object.keys(FIXTURES).map((key) => feed(key));

describe("parsing recorded real feeds", () => {
  it.each(Object.entries(FIXTURES))("%s parses into dated, titled articles with http(s) links", async (key, spec) => {
    const parsed = await parseFeedDocument(fixture(spec.file), feed(key), { fetchedAt: new Date() });
    expect(parsed.itemCount).toBe(spec.items);
    expect(parsed.articles.length).toBeGreaterThan(0);
    expect(parsed.articles.length + parsed.skipped.untitled + parsed.skipped.undated).toBeGreaterThanOrEqual(parsed.articles.length);
    for (const article of parsed.articles) {
      expect(article.title.length).toBeGreaterThan(0);
      expect(article.title).not.toMatch(/<[a-z]/i);
      expect(Number.isNaN(article.publishedAt.getTime())).toBe(false);
      expect(article.guid.length).toBeGreaterThan(0);
      if (article.url) expect(article.url).toMatch(/^https?:\/\//);
      if (article.summary) {
        expect(article.summary.length).toBeLessThanOrEqual(1000);
        expect(article.summary).not.toMatch(/<\/?(a|p|div|img|table|br)\b/i);
      }
      expect(article.isSocial).toBe(spec.kind === "social");
    }
  });

  it("keeps Seeking Alpha's <sa:symbol> tickers and tags the per-ticker feed's own ticker", async () => {
    const parsed = await parseFeedDocument(fixture(FIXTURES.seekingalpha.file), feed("seekingalpha"), { fetchedAt: new Date() });
    const earnings = parsed.articles.find((article) => article.title.startsWith("Notable earnings after Thursday"));
    expect(earnings?.title).toBe("Notable earnings after Thursday’s close");
    expect(earnings?.statedTickers).toEqual(expect.arrayContaining(["ACTG", "AMZN", "BIDU", "CDNS"]));
    expect(parsed.articles.every((article) => article.feedTicker === "MSFT")).toBe(true);
  });

  it("reads Reddit Atom entries as social posts with the boilerplate removed", async () => {
    const parsed = await parseFeedDocument(fixture(FIXTURES.reddit.file), feed("reddit"), { fetchedAt: new Date() });
    expect(parsed.articles[0]).toMatchObject({
      guid: "t3_42tizy",
      title: "How the British as seen by Americans and Europeans",
      url: "https://www.reddit.com/r/funny/comments/42tizy/how_the_british_as_seen_by_americans_and_europeans/",
      isSocial: true,
      publisher: "Reddit",
      summary: null,
    });
    expect(parsed.articles[0].publishedAt.toISOString()).toBe("2016-01-26T20:31:34.000Z");
  });

  it("trims the newline YouTube's feed has before <?xml ...?> and reads media:description", async () => {
    expect(fixture(FIXTURES.youtube.file).startsWith("\n")).toBe(true);
    const parsed = await parseFeedDocument(fixture(FIXTURES.youtube.file), feed("youtube"), { fetchedAt: new Date() });
    expect(parsed.articles).toHaveLength(15);
    expect(parsed.articles.some((article) => (article.summary ?? "").length > 20)).toBe(true);
  });

  it("skips items without a usable date rather than dating them by the fetch", async () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
      <item><title>Dated</title><link>https://example.com/a</link><pubDate>Tue, 23 Jul 2019 21:39 GMT</pubDate></item>
      <item><title>Undated</title><link>https://example.com/b</link></item>
      <item><title>Bad date</title><link>https://example.com/c</link><pubDate>someday</pubDate></item>
      <item><link>https://example.com/d</link><pubDate>Tue, 23 Jul 2019 21:39 GMT</pubDate></item>
    </channel></rss>`;
    const parsed = await parseFeedDocument(xml, feed("x"), { fetchedAt: new Date() });
    expect(parsed.articles.map((article) => article.title)).toEqual(["Dated"]);
    expect(parsed.skipped).toEqual({ untitled: 1, undated: 2 });
  });

  it("turns HTML into plain text, dropping scripts", () => {
    expect(toPlainText('<p>Shares <b>rose</b> &amp; fell<script>alert("x")</script></p><img src=x onerror=alert(1)> &#8217;ok&#x2019;')).toBe(
      "Shares rose & fell ’ok’",
    );
  });
});

describe("ingestNews against a local server", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let deps: IngestionDeps;

  beforeAll(async () => {
    db = await createTestDatabase();
    sharedTickerTagger(); // built once per process (~0.5 s), outside the timed passes
    const base = createTestDeps(db);
    deps = { ...base, config: { ...base.config, news: { ...base.config.news, feedTimeoutMs: TIMEOUT_MS, feedMaxBytes: MAX_BYTES } } };
  });
  beforeEach(async () => {
    await db.reset();
    requests = [];
  });
  afterAll(() => db.close());

  it("stores the good feeds and reports hanging, malformed, HTML, oversized and failing feeds with their reasons", async () => {
    const published: NewsArticle[][] = [];
    const subscription = deps.newsEvents.subscribe("news:articles");
    const collecting = (async () => {
      for await (const batch of subscription) published.push(batch);
    })();

    mostOpenHangs = 0;
    const feeds = [
      ...fixtureFeeds(),
      feed("hang"),
      feed("hang-2", { url: `${baseUrl}/hang?2` }),
      feed("hang-3", { url: `${baseUrl}/hang?3` }),
      feed("malformed"),
      feed("html"),
      feed("huge"),
      feed("unavailable"),
      feed("refused", { url: `http://127.0.0.1:${closedPort}/feed.xml` }),
    ];
    const result = await ingestNews(deps, { feeds });
    await subscription.return?.();
    await collecting;

    const byKey = Object.fromEntries(result.feeds.map((outcome) => [outcome.key, outcome]));
    expect(byKey.hang).toMatchObject({ ok: false, reason: "timeout", stored: 0 });
    expect(byKey.malformed).toMatchObject({ ok: false, reason: "malformed-xml" });
    expect(byKey.html).toMatchObject({ ok: false, reason: "not-a-feed", detail: "an HTML page (content-type text/html)" });
    expect(byKey.huge).toMatchObject({ ok: false, reason: "too-large" });
    expect(byKey.unavailable).toMatchObject({ ok: false, reason: "http-status", detail: "HTTP 503 Service Unavailable" });
    expect(byKey.refused).toMatchObject({ ok: false, reason: "network", detail: expect.stringContaining("ECONNREFUSED") });
    for (const key of Object.keys(FIXTURES)) {
      expect(byKey[key]).toMatchObject({ ok: true });
      expect(byKey[key].stored).toBeGreaterThan(0);
    }

    // Feeds are fetched concurrently: the three hanging requests were open at the same time (read one
    // after another, each would be given up before the next began). Counted, not timed: how long the
    // pass takes depends on the machine's load.
    for (const key of ["hang-2", "hang-3"]) expect(byKey[key]).toMatchObject({ ok: false, reason: "timeout" });
    expect(mostOpenHangs).toBe(3);
    expect(result.fetchMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);

    const stored = await db.prisma.newsArticle.count();
    expect(stored).toBe(result.stored);
    expect(published.flat()).toHaveLength(result.stored);

    const status = await db.prisma.newsFeed.findUniqueOrThrow({ where: { key: "hang" } });
    expect(status.lastError).toBe(`timeout: no complete response within ${TIMEOUT_MS} ms`);
    expect(status.lastErrorAt).not.toBeNull();
    expect(status.lastSuccessAt).toBeNull();
    const wsjStatus = await db.prisma.newsFeed.findUniqueOrThrow({ where: { key: "wsj" } });
    expect(wsjStatus).toMatchObject({ lastItemCount: 20, lastNewCount: 20, etag: WSJ_ETAG, lastError: null, source: "wsj", kind: "news" });

    // Every request named the app.
    expect(requests.every((request) => /^Tickerscope\//.test(request.headers["user-agent"] ?? ""))).toBe(true);
  });

  it("stores nothing new the second time, and sends If-None-Match / If-Modified-Since (304 = success, no items)", async () => {
    const feeds = fixtureFeeds();
    const first = await ingestNews(deps, { feeds });
    expect(first.stored).toBeGreaterThan(100);
    requests = [];

    const second = await ingestNews(deps, { feeds });
    expect(second.stored).toBe(0);
    expect(second.feeds.every((outcome) => outcome.ok)).toBe(true);
    expect(await db.prisma.newsArticle.count()).toBe(first.stored);

    const wsjRequest = requests.find((request) => request.path === "wsj");
    expect(wsjRequest?.headers["if-none-match"]).toBe(WSJ_ETAG);
    expect(wsjRequest?.headers["if-modified-since"]).toBe("Sat, 04 Feb 2023 05:02:13 GMT");
    expect(second.feeds.find((outcome) => outcome.key === "wsj")).toMatchObject({ ok: true, notModified: true, items: 0, stored: 0 });
    const status = await db.prisma.newsFeed.findUniqueOrThrow({ where: { key: "wsj" } });
    expect(status).toMatchObject({ lastNewCount: 0, lastItemCount: 20 });
  });

  it("drops javascript: links but keeps the article", async () => {
    await ingestNews(deps, { feeds: [feed("js-links", { source: "wsj" })] });
    const article = await db.prisma.newsArticle.findFirstOrThrow({ where: { title: "The Retreat of the Amateur Investors" } });
    expect(article.url).toBeNull();
    const others = await db.prisma.newsArticle.findMany({ where: { NOT: { id: article.id } } });
    expect(others.every((other) => other.url?.startsWith("https://"))).toBe(true);
  });

  it("stores Seeking Alpha's stated tickers and Reddit posts as social", async () => {
    await ingestNews(deps, { feeds: [feed("seekingalpha"), feed("reddit")] });
    const earnings = await db.prisma.newsArticle.findFirstOrThrow({ where: { title: { startsWith: "Notable earnings after Thursday" } } });
    expect(earnings.tickers).toEqual(expect.arrayContaining(["MSFT", "ACTG", "AMZN", "BIDU"]));
    expect(earnings).toMatchObject({ source: "seekingalpha", feedKey: "seekingalpha", isSocial: false });
    expect(await db.prisma.newsArticle.count({ where: { source: "reddit", isSocial: false } })).toBe(0);
    expect(await db.prisma.newsArticle.count({ where: { source: "reddit", isSocial: true } })).toBe(24);
  });

  it("adds a ticker feed's ticker to a story another ticker's feed stored first", async () => {
    await ingestNews(deps, { feeds: [feed("seekingalpha")] });
    await ingestNews(deps, { feeds: [{ ...feed("seekingalpha"), key: "seekingalpha-googl", url: `${baseUrl}/seekingalpha?GOOGL`, ticker: "GOOGL" }] });
    const transcript = await db.prisma.newsArticle.findFirstOrThrow({ where: { title: { startsWith: "Microsoft (MSFT) Q1 2018 Results" } } });
    expect(transcript.tickers).toEqual(expect.arrayContaining(["MSFT", "GOOGL"]));
  });

  it("lets only one of two concurrent scheduled passes run in one process", async () => {
    const feeds = [feed("wsj"), feed("hang")];
    const [first, second] = await Promise.all([
      runScheduledIngestion(deps, { feeds, minGapMs: 0 }),
      runScheduledIngestion(deps, { feeds, minGapMs: 0 }),
    ]);
    expect([first, second].filter(isSkipped)).toEqual([{ skipped: "running-here" }]);
    expect(requests.filter((request) => request.path === "wsj")).toHaveLength(1);
  });

  it("skips a scheduled pass when another instance made one less than the gap ago", async () => {
    await ingestNews(deps, { feeds: [feed("wsj")] });
    expect(await runScheduledIngestion(deps, { feeds: [feed("wsj")], minGapMs: 60_000 })).toEqual({ skipped: "recent-pass" });
  });

  // Two app instances = two connection pools on one PostgreSQL server. PGlite is
  // in-process and owned by one process, so there the in-process guard above is the lock.
  const onPostgres = testDatabaseUrl() ? it : it.skip;
  onPostgres("PostgreSQL only (PGlite cannot be shared by two instances): the advisory lock lets one of two instances run a pass", async () => {
    const otherInstance = await openDatabase({ kind: "postgres", url: testDatabaseUrl()! });
    try {
      const feeds = [feed("wsj"), feed("hang")];
      const [first, second] = await Promise.all([
        runScheduledIngestion(deps, { feeds, minGapMs: 0 }),
        runScheduledIngestion({ ...deps, db: otherInstance }, { feeds, minGapMs: 0 }),
      ]);
      expect([first, second].filter(isSkipped)).toEqual([{ skipped: "running-elsewhere" }]);
    } finally {
      await otherInstance.close();
    }
  });
});

describe("feed configuration", () => {
  it("names the entry and the field of every problem", () => {
    const attempt = () =>
      parseFeedList(
        [
          { key: "ok", url: "https://example.com/rss", kind: "news", source: "wsj" },
          { key: "bad-url", url: "javascript:alert(1)", kind: "news", source: "wsj" },
          { key: "no-ticker", url: "https://example.com/t", kind: "ticker", source: "yahoo" },
          { key: "ok", url: "https://example.com/2", kind: "social", source: "reddit" },
        ],
        "feeds.json",
      );
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'feeds.json: feeds[1] ("bad-url").url: must be an absolute http(s) URL',
        'feeds.json: feeds[2] ("no-ticker").ticker: is required when kind is "ticker"',
        'feeds.json: feeds[3] ("ok").key: "ok" is used by an earlier feed; keys must be unique',
      ]);
    }
  });

  it("accepts { feeds: [...] } and upper-cases tickers", () => {
    expect(parseFeedList({ feeds: [{ key: "y", url: "http://x.test/a", kind: "ticker", source: "yahoo", ticker: "aapl" }] }, "f")).toEqual([
      { key: "y", url: "http://x.test/a", kind: "ticker", source: "yahoo", ticker: "AAPL" },
    ]);
  });
});
