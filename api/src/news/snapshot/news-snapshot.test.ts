/** @db */
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../../config/project-root";
import { createTestDeps } from "../../../test/test-app";
import { createTestDatabase } from "../../../test/test-database";
import { newsClock } from "../news-clock";
import { easternToUtc, loadNewsSnapshot, newsSnapshotDirectory, snapshotCutoff, snapshotFiles } from "./news-snapshot";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let firstLoad: Awaited<ReturnType<typeof loadNewsSnapshot>>;

beforeAll(async () => {
  db = await createTestDatabase();
  // On PostgreSQL the database is shared by the test files: start from empty tables.
  await db.reset();
  firstLoad = await loadNewsSnapshot(createTestDeps(db));
}, 60_000);
afterAll(() => db.close());

describe("loadNewsSnapshot", () => {
  it("stores every bundled file's articles up to 2021-04-21, marked as snapshot, with their true source", async () => {
    expect(firstLoad.stored).toEqual({
      stocknewsapi: 25,
      finnhub: 197,
      benzinga: 1191,
      "yahoo-ratings": 106,
      reuters: 25966,
      cnbc: 2213,
    });
    const bySource = await db.prisma.newsArticle.groupBy({ by: ["source", "isSnapshot"], _count: true, _max: { publishedAt: true } });
    expect(bySource.every((row) => row.isSnapshot)).toBe(true);
    expect(bySource.every((row) => row._max.publishedAt! <= snapshotCutoff)).toBe(true);
  });

  it("is idempotent: a second load stores nothing", async () => {
    const before = await db.prisma.newsArticle.count();
    const again = await loadNewsSnapshot(createTestDeps(db));
    expect(again.stored).toEqual({});
    expect(again.skipped).toHaveLength(snapshotFiles.length);
    expect(await db.prisma.newsArticle.count()).toBe(before);
  });

  it("marks each file's load finished with the file's article count", async () => {
    // (The bundled Market Videos' marker, "videos:stocknewsapi", is tested in videos/market-videos.test.ts.)
    const markers = await db.prisma.snapshotLoad.findMany({ where: { name: { startsWith: "news:" } }, orderBy: { name: "asc" } });
    expect(markers.map((marker) => [marker.name, marker.rows])).toEqual(
      Object.entries(firstLoad.stored)
        .map(([source, stored]) => [`news:${source}`, stored])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  });

  it("resumes an interrupted load: stores only the missing articles of the files not marked finished", async () => {
    const before = await db.prisma.newsArticle.count();
    // An earlier load stopped inside the Reuters file (and so before CNBC's).
    await db.prisma.snapshotLoad.deleteMany({ where: { name: { in: ["news:reuters", "news:cnbc"] } } });
    const dropped = await db.prisma.$executeRaw`
      DELETE FROM news_articles WHERE source IN ('reuters', 'cnbc') AND published_at >= '2020-01-01'`;
    expect(dropped).toBeGreaterThan(0);

    await expect(loadNewsSnapshot(createTestDeps(db), { signal: AbortSignal.abort() })).rejects.toThrow(/aborted/);
    expect(await db.prisma.newsArticle.count()).toBe(before - dropped);

    const resumed = await loadNewsSnapshot(createTestDeps(db));
    expect(resumed.skipped).toEqual(["stocknewsapi", "finnhub", "benzinga", "yahoo-ratings"]);
    expect(resumed.stored.reuters + resumed.stored.cnbc).toBe(dropped);
    expect(await db.prisma.newsArticle.count()).toBe(before);
    expect(await db.prisma.snapshotLoad.count({ where: { name: { startsWith: "news:" } } })).toBe(snapshotFiles.length);
  });

  it("does nothing when NEWS_LOAD_SNAPSHOT=false", async () => {
    const result = await loadNewsSnapshot(createTestDeps(db, { NEWS_LOAD_SNAPSHOT: "false" }));
    expect(result).toMatchObject({ stored: {}, skipped: [] });
  });

  it("sets the snapshot clock at its newest article not after 2021-04-21T23:59:59Z", async () => {
    const clock = await newsClock(db, new Date("2026-11-23T12:00:00Z"));
    expect(clock).toEqual({
      mode: "snapshot",
      asOf: new Date("2021-04-21T22:40:00Z"), // CNET, 18:40 US Eastern
      snapshotAsOf: new Date("2021-04-21T22:40:00Z"),
    });
  });

  it("has real AAPL headlines in the 24 hours ending at the as-of time, with publisher and http(s) links", async () => {
    const asOf = new Date("2021-04-21T22:40:00Z");
    const articles = await db.prisma.newsArticle.findMany({
      where: { tickers: { has: "AAPL" }, publishedAt: { gt: new Date(asOf.getTime() - 24 * 3_600_000), lte: asOf } },
      orderBy: { publishedAt: "desc" },
    });
    expect(articles.length).toBeGreaterThanOrEqual(10);
    expect(articles[0]).toMatchObject({
      source: "stocknewsapi",
      publisher: "CNET",
      title: "Google and Apple grilled on app store policies in tense Senate hearing",
      url: expect.stringMatching(/^https:\/\//),
    });
    expect(articles.map((article) => article.title)).toContain("Top antitrust U.S. senator says Apple's AirTags news is 'timely'");
  });

  it("reads stocknewsapi's zone-less times as US Eastern, Benzinga's offsets and Finnhub's Unix seconds", async () => {
    const reuters = await db.prisma.newsArticle.findFirstOrThrow({ where: { title: "Factbox: Top six takeaways from Apple's spring event" } });
    expect(reuters.publishedAt.toISOString()).toBe("2021-04-20T19:26:00.000Z"); // 15:26 EDT
    const finnhub = await db.prisma.newsArticle.findFirstOrThrow({ where: { source: "finnhub", guid: "64666133" } });
    expect(finnhub.publishedAt.toISOString()).toBe("2021-03-15T16:55:00.000Z");
    expect(easternToUtc("2021-01-20 15:26:00").toISOString()).toBe("2021-01-20T20:26:00.000Z"); // EST
    expect(easternToUtc("2021-03-14 03:30:00").toISOString()).toBe("2021-03-14T07:30:00.000Z"); // just after the switch to EDT
  });

  it("keeps one article per story listed under several tickers, and maps FB to META as the tagger does", async () => {
    const stocknews = snapshotFiles.find((file) => file.source === "stocknewsapi")!.read(newsSnapshotDirectory);
    const tickers = new Set(stocknews.flatMap((article) => article.statedTickers ?? []));
    expect(tickers).toContain("META");
    expect(tickers).not.toContain("FB");
    expect(new Set(stocknews.map((article) => article.guid)).size).toBe(stocknews.length);
    expect(await db.prisma.newsArticle.count({ where: { tickers: { has: "FB" } } })).toBe(0);
    expect(await db.prisma.newsArticle.count({ where: { tickers: { has: "META" } } })).toBeGreaterThan(100);
  });

  it("stores Yahoo rating changes as labelled records with their structured analyst action", async () => {
    const ubs = await db.prisma.newsArticle.findFirstOrThrow({ where: { source: "yahoo-ratings", title: "UBS upgrades AAPL from Neutral to Buy" } });
    expect(ubs).toMatchObject({ publishedAt: new Date("2021-03-31T12:00:00Z"), tickers: expect.arrayContaining(["AAPL"]) });
    expect(ubs.analystAction).toMatchObject({ action: "upgrade", firm: "UBS", fromRating: "Neutral", toRating: "Buy" });
  });

  it("records that Reuters, CNBC and Yahoo rating rows give a date only, on a fresh load and on a resumed one", async () => {
    const dateOnly = await db.prisma.newsArticle.groupBy({ by: ["source", "publishedTimeKnown"], _count: true, orderBy: { source: "asc" } });
    expect(dateOnly.map((row) => [row.source, row.publishedTimeKnown])).toEqual([
      ["benzinga", true],
      ["cnbc", false],
      ["finnhub", true],
      ["reuters", false],
      ["stocknewsapi", true],
      ["yahoo-ratings", false],
    ]);
  });

  it("gives a database loaded before the flag existed its date-only rows through the migration, without reloading", async () => {
    const migration = fs.readFileSync(
      path.join(projectRoot, "prisma", "migrations", "20261125170000_published_time_known", "migration.sql"),
      "utf8",
    );
    const backfill = /UPDATE "news_articles"[^;]+;/.exec(migration)![0];
    // As such a database stood: every row with the column's default.
    await db.prisma.newsArticle.updateMany({ data: { publishedTimeKnown: true } });
    await db.prisma.$executeRawUnsafe(backfill);
    const dateOnlySources = await db.prisma.newsArticle.groupBy({ by: ["source"], where: { publishedTimeKnown: false }, _count: true });
    expect(dateOnlySources.map((row) => row.source).sort()).toEqual(["cnbc", "reuters", "yahoo-ratings"]);
    const again = await loadNewsSnapshot(createTestDeps(db));
    expect(again.skipped).toHaveLength(snapshotFiles.length);
  });
});
