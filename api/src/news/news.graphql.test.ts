/** @db */
import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";
import { enrichArticle, storeArticles } from "./articles";
import { loadNewsSnapshot, snapshotFiles } from "./snapshot/news-snapshot";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let test: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.reset(); // on PostgreSQL the database is shared by the test files
  // Anonymous requests have an hourly point budget; these tests ask for more than a visitor would.
  test = createTestApp(db, { WEB_REQUESTS_PER_10_MINUTES: "1000000" });
  await loadNewsSnapshot(test.deps, { files: snapshotFiles.filter((file) => !["reuters", "cnbc"].includes(file.source)) });
}, 60_000);
afterAll(() => db.close());

type ArticleNode = { id: string; title: string; url: string | null; publishedAt: string; score: number; label: string; terms: unknown[]; tickers: string[] };
type NewsData = {
  newsCount: number;
  bullishCount: number;
  bearishCount: number;
  neutralCount: number;
  noNewsReason: string | null;
  articles: { pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: ArticleNode }[] };
};
type ResponseData = {
  stock: { id: string; ticker: string; name: string; news: NewsData };
  rateLimit: { cost: number };
  nodes: unknown[];
  newsArticlesAdded: unknown[];
};

async function graphql(query: string, variables: Record<string, unknown> = {}) {
  const response = await request(test.app).post("/graphql").send({ query, variables }).expect(200);
  return response.body as { data: ResponseData; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const newsQuery = /* GraphQL */ `
  query News($ticker: String!, $timeframe: NewsTimeframe, $first: Int, $after: String) {
    stock(ticker: $ticker) {
      id
      ticker
      name
      news(timeframe: $timeframe) {
        mode
        asOf
        windowStart
        windowEnd
        newsCount
        bullishCount
        bearishCount
        neutralCount
        trendingTopics { term count score }
        analystUpgrades
        analystDowngrades
        sentimentScore
        sentimentLabel
        avgSentiment24h
        socialSentiment
        noNewsReason
        sources { key status files asOf }
        articles(first: $first, after: $after) {
          pageInfo { hasNextPage endCursor }
          edges {
            node {
              id
              title
              url
              source
              publisher
              publishedAt
              score
              label
              terms { term weight }
              tickers
              analystAction { action firm toRating fromRating priceTarget }
            }
          }
        }
      }
    }
  }
`;

describe("Stock.news", () => {
  it("answers the summary for AAPL over 24h with the articles, newest first, paged with first/after", async () => {
    const first = await graphql(newsQuery, { ticker: "AAPL", timeframe: "H24", first: 5 });
    expect(first.errors).toBeUndefined();
    const stock = first.data.stock;
    expect(stock).toMatchObject({ ticker: "AAPL", name: "Apple Inc." });
    const news = stock.news;
    expect(news).toMatchObject({ mode: "SNAPSHOT", asOf: "2021-04-21T22:40:00.000Z", windowEnd: "2021-04-21T22:40:00.000Z" });
    expect(news.bullishCount + news.bearishCount + news.neutralCount).toBe(news.newsCount);

    const titles: string[] = [];
    const dates: string[] = [];
    let page = news.articles;
    for (;;) {
      expect(page.edges.length).toBeLessThanOrEqual(5);
      for (const { node } of page.edges) {
        titles.push(node.title);
        dates.push(node.publishedAt);
        expect(node.tickers).toContain("AAPL");
        expect(node.url === null || /^https?:\/\//.test(node.url)).toBe(true);
        expect(["BULLISH", "BEARISH", "NEUTRAL"]).toContain(node.label);
      }
      if (!page.pageInfo.hasNextPage) break;
      const next = await graphql(newsQuery, { ticker: "AAPL", timeframe: "H24", first: 5, after: page.pageInfo.endCursor });
      page = next.data.stock.news.articles;
    }
    expect(titles).toHaveLength(news.newsCount);
    expect(new Set(titles).size).toBeGreaterThan(news.newsCount - 3); // a few stories are syndicated twice
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(titles[0]).toBe("Google and Apple grilled on app store policies in tense Senate hearing");
  });

  it("shows why a scored article scored so", async () => {
    const result = await graphql(newsQuery, { ticker: "AAPL", timeframe: "D7", first: 50 });
    const scored = result.data.stock.news.articles.edges.map((edge) => edge.node).filter((node) => node.score !== 0);
    expect(scored.length).toBeGreaterThan(0);
    for (const node of scored) expect(node.terms.length).toBeGreaterThan(0);
  });

  it("a ticker without news gives zeros and a reason; an unknown ticker is BAD_USER_INPUT naming ticker", async () => {
    const empty = await graphql(newsQuery, { ticker: "KO" });
    expect(empty.data.stock.news).toMatchObject({ newsCount: 0, sentimentScore: null, articles: { edges: [] } });
    expect(empty.data.stock.news.noNewsReason).toMatch(/No news tagged KO/);
    const unknown = await graphql(newsQuery, { ticker: "NOT_A_TICKER!" });
    expect(unknown.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fieldErrors: [{ field: "ticker" }] });
  });

  it("resolves node(id:) for a Stock and a NewsArticle", async () => {
    const result = await graphql(newsQuery, { ticker: "AAPL", first: 1 });
    const stockId = result.data.stock.id;
    const articleId = result.data.stock.news.articles.edges[0].node.id;
    const nodes = await graphql(`query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Stock { ticker } ... on NewsArticle { title } } }`, {
      ids: [stockId, articleId, Buffer.from("Stock:NOPE9").toString("base64")],
    });
    expect(nodes.errors).toBeUndefined();
    expect(nodes.data.nodes).toEqual([
      { __typename: "Stock", id: stockId, ticker: "AAPL" },
      { __typename: "NewsArticle", id: articleId, title: result.data.stock.news.articles.edges[0].node.title },
      null,
    ]);
  });

  it("answers node(id:) for an unknown article with null, and for an id that is no uuid with NOT_FOUND (not a database error)", async () => {
    const articleId = (raw: string) => Buffer.from(`NewsArticle:${raw}`).toString("base64");
    const query = `query Node($id: ID!) { node(id: $id) { id } }`;
    const unknown = await graphql(query, { id: articleId("00000000-0000-4000-8000-000000000000") });
    expect(unknown).toEqual({ data: { node: null } });
    const malformed = await graphql(query, { id: articleId("not-a-uuid\u0000") });
    expect(malformed.errors?.[0]).toMatchObject({ message: "No object exists with this id.", extensions: { code: "NOT_FOUND" } });
  });

  it("prices the articles connection by its page size, and the default page cheaply", async () => {
    const cost = async (first: number) => {
      const query = `{ rateLimit(dryRun: true) { cost } stock(ticker: "AAPL") { news { newsCount articles(first: ${first}) { edges { node { title terms { term weight } } } } } } }`;
      return (await graphql(query)).data.rateLimit.cost as number;
    };
    const [small, large] = [await cost(5), await cost(50)];
    expect(large).toBeGreaterThan(small * 5);
    expect(large).toBeLessThan(10_000);
    const pageQuery = newsQuery.replace("query News(", "query News($dry: Boolean = true, ").replace("stock(ticker", "rateLimit(dryRun: $dry) { cost } stock(ticker");
    const page = await graphql(pageQuery, { ticker: "AAPL" });
    expect(page.data.rateLimit.cost).toBeLessThan(300); // the whole news page with its default 10 articles
  });
});

describe("Subscription.newsArticlesAdded", () => {
  it("pushes newly stored articles for the given tickers over Server-Sent Events", async () => {
    const server = http.createServer(test.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    const abort = new AbortController();
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ query: `subscription { newsArticlesAdded(tickers: ["aapl"]) { title tickers score label } }` }),
        signal: abort.signal,
      });
      expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
      const [apple, other] = await storeArticles(db, [
        enrichArticle({ source: "test-live", guid: "sse-1", title: "Apple raises dividend after record iPhone sales", publishedAt: new Date(), feedTicker: "AAPL" }),
        enrichArticle({ source: "test-live", guid: "sse-2", title: "Coca-Cola beats estimates", publishedAt: new Date(), feedTicker: "KO" }),
      ]);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const publisher = setInterval(() => {
        test.deps.newsEvents.publish("news:articles", [other]);
        test.deps.newsEvents.publish("news:articles", [apple, other]);
      }, 50);
      try {
        while (!text.includes("event: next")) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
      } finally {
        clearInterval(publisher);
      }
      const data = JSON.parse(/data: (.*)/.exec(text.slice(text.indexOf("event: next")))![1]);
      expect(data.data.newsArticlesAdded).toEqual([
        { title: "Apple raises dividend after record iPhone sales", tickers: ["AAPL"], score: expect.any(Number), label: "BULLISH" },
      ]);
      await db.prisma.newsArticle.deleteMany({ where: { source: "test-live" } });
    } finally {
      abort.abort();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("rejects an unknown ticker", async () => {
    const result = await graphql(`subscription { newsArticlesAdded(tickers: ["NOPE!"]) { title } }`);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT" });
  });
});
