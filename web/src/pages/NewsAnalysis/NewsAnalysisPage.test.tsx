import type { IMocks } from "@graphql-tools/mock";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OperationDescriptor } from "relay-runtime";
import { createMockEnvironment } from "relay-test-utils";
import { errorFromGraphQLErrors } from "../../relay/environment";
import { HeaderViewerQuery } from "../../components/Header/Header";
import { formatDateTime } from "../../components/SentimentBadge/sentiment";
import { executeAgainstSchema } from "../../../test/relay";
import { renderApp, type MockEnvironment } from "../../../test/render";

const AS_OF = "2021-03-15T16:55:00.000Z";

interface Article {
  id: string;
  title: string;
  url: string | null;
  source: string;
  publisher: string | null;
  publishedAt: string;
  /** False for a source that gives the day only. */
  publishedTimeKnown: boolean;
  score: number;
  label: string;
  terms: { term: string; weight: number }[];
  analystAction: null | { action: string; firm: string | null; fromRating: string | null; toRating: string | null; priceTarget: number | null };
}

const ARTICLES: Article[] = [
  {
    id: "article-1",
    title: "Apple beats estimates and raises its dividend",
    url: "https://news.example.com/apple-beats",
    source: "finnhub",
    publisher: "Reuters",
    publishedAt: "2021-03-15T15:00:00.000Z",
    publishedTimeKnown: true,
    score: 0.62,
    label: "BULLISH",
    terms: [
      { term: "beats", weight: 2 },
      { term: "raises dividend", weight: 1.5 },
    ],
    analystAction: null,
  },
  {
    id: "article-2",
    title: "Apple hit with patent lawsuit",
    url: "javascript:alert(1)",
    source: "benzinga",
    publisher: null,
    publishedAt: "2021-03-15T12:00:00.000Z",
    publishedTimeKnown: true,
    score: -0.41,
    label: "BEARISH",
    terms: [{ term: "lawsuit", weight: -2 }],
    analystAction: null,
  },
  {
    id: "article-3",
    title: "Morgan Stanley upgrades Apple to Overweight",
    url: "http://news.example.com/ms-upgrade",
    source: "benzinga",
    publisher: "Benzinga",
    publishedAt: "2021-03-15T09:30:00.000Z",
    publishedTimeKnown: true,
    score: 0,
    label: "NEUTRAL",
    terms: [],
    analystAction: { action: "upgrade", firm: "Morgan Stanley", fromRating: "Equal-Weight", toRating: "Overweight", priceTarget: 150 },
  },
];

const SNAPSHOT_SOURCES = [
  { key: "cnbc-markets", kind: "news", source: "cnbc", status: "PENDING", lastSuccessAt: null, lastError: null, problem: null, files: [] },
  {
    key: "snapshot",
    kind: "snapshot",
    source: "snapshot",
    status: "LOADED",
    lastSuccessAt: null,
    lastError: null,
    problem: null,
    files: ["data/news/finnhub_company_news_AAPL_2021-03-01_2021-03-15.json.gz", "data/news/benzinga_analyst_ratings_processed_sp500_2018-2020.csv.gz"],
  },
];

const LIVE_SOURCES = [
  { key: "cnbc-markets", kind: "news", source: "cnbc", status: "OK", lastSuccessAt: AS_OF, lastError: null, problem: null, files: [] },
  {
    key: "wsj-markets",
    kind: "news",
    source: "wsj",
    status: "FAILED",
    lastSuccessAt: null,
    lastError: "timeout: no complete response within 10000 ms",
    problem: "UNREACHABLE",
    files: [],
  },
  SNAPSHOT_SOURCES[1],
];

interface NewsFixture {
  sources?: object[];
  mode?: "SNAPSHOT" | "LIVE";
  articles?: Article[];
  hasNextPage?: boolean;
  summary?: Record<string, unknown>;
}

const SUMMARY = {
  newsCount: 3,
  bullishCount: 1,
  bearishCount: 1,
  neutralCount: 1,
  trendingTopics: [
    { term: "dividend", count: 2, score: 3.1 },
    { term: "patent lawsuit", count: 1, score: 2.4 },
  ],
  analystUpgrades: 1,
  analystDowngrades: 0,
  sentimentScore: 0.07,
  sentimentLabel: "NEUTRAL",
  avgSentiment24h: 0.07,
  socialSentiment: null,
  socialSentimentReason: "The bundled news snapshot holds no social posts, so there is no social sentiment offline.",
  noNewsReason: null,
};

function mocksFor(operation: OperationDescriptor, fixture: NewsFixture): IMocks {
  const ticker = String(operation.request.variables.ticker ?? "AAPL");
  const articles = fixture.articles ?? ARTICLES;
  return {
    DataCoverage: () => ({ days: [], prices: [], defaultAsOf: null, latestPriceDate: null }),
    Stock: () => ({ id: `Stock:${ticker}`, ticker, name: ticker === "AAPL" ? "Apple Inc." : `${ticker} Corp.` }),
    NewsSentiment: () => ({
      ...SUMMARY,
      ...fixture.summary,
      mode: fixture.mode ?? "SNAPSHOT",
      asOf: AS_OF,
      windowStart: "2021-03-14T16:55:00.000Z",
      windowEnd: AS_OF,
      sources: fixture.sources ?? SNAPSHOT_SOURCES,
      articles: {
        edges: articles.map((node) => ({ cursor: `cursor:${node.id}`, node })),
        pageInfo: { hasNextPage: fixture.hasNextPage ?? false, endCursor: articles.length ? `cursor:${articles[articles.length - 1].id}` : null },
      },
    }),
  };
}

/** The queries this test answered, in order (name and variables). */
let asked: { name: string; variables: Record<string, unknown> }[] = [];
beforeEach(() => {
  asked = [];
});
afterEach(() => jest.restoreAllMocks());

const pendingQueries = (environment: MockEnvironment, name?: string) =>
  environment.mock
    .getAllOperations()
    .filter((op) => op.request.node.params.operationKind === "query" && op.request.node.params.name !== "HeaderViewerQuery")
    .filter((op) => !name || op.request.node.params.name === name);

/** Answer every pending news query from the schema (the fixture decides the news). */
async function answerQueries(environment: MockEnvironment, fixture: NewsFixture = {}) {
  await waitFor(() => expect(pendingQueries(environment).length).toBeGreaterThan(0));
  // A page that loads what its URL names may ask again once the first answer is in.
  for (let round = 0; round < 3 && pendingQueries(environment).length > 0; round++) {
    for (const operation of pendingQueries(environment)) {
      asked.push({ name: operation.request.node.params.name, variables: operation.request.variables });
      // Async act: the suspended page resumes on a later tick.
      await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocksFor(operation, fixture))));
    }
  }
}

/**
 * Answer the as-of date's coverage query (the page waits for it to know its day) and the header's
 * viewer query (a visitor) as soon as they are asked. Not from an act() while another query is
 * still pending: act() flushes React's retries of a suspended component synchronously and can
 * never return. The header's viewer, left pending, did that now and then (LoadedViewer suspending
 * again on every retry inside answerQueries' act()) until the jest worker ran out of memory.
 */
function answerShellQueriesWhenAsked(environment: MockEnvironment) {
  // The header preloads its query (loadQuery asks the network before the environment knows the
  // operation): declared pending up front, so the resolver below sees it when it is asked.
  environment.mock.queuePendingOperation(HeaderViewerQuery, {});
  const answer = (operation: OperationDescriptor) => {
    const name = operation.request.node.params.name;
    const result =
      name === "useAsOfQuery"
        ? executeAgainstSchema(operation, mocksFor(operation, {}))
        : name === "HeaderViewerQuery"
          ? executeAgainstSchema(operation, { Query: () => ({ viewer: null }) })
          : null;
    // The mock environment drops a resolver (by identity) once it has answered: queue a new one
    // for the other shell query.
    if (result) environment.mock.queueOperationResolver((next) => answer(next));
    return result;
  };
  environment.mock.queueOperationResolver(answer);
}

async function renderNews(path = "/news-analysis", fixture: NewsFixture = {}) {
  const environment = createMockEnvironment();
  answerShellQueriesWhenAsked(environment);
  const utils = renderApp(path, environment);
  await answerQueries(environment, fixture);
  return { ...utils, environment, fixture };
}

const pageQueries = () => asked.filter((entry) => entry.name === "NewsAnalysisPageQuery").map((entry) => entry.variables);

const tile = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
const headline = (title: string) => screen.getByRole("heading", { level: 3, name: new RegExp(title) }).closest("li") as HTMLElement;

test("shows the server's counts, the coloured score and label, the 24h average and no social posts", async () => {
  await renderNews();
  await screen.findByRole("heading", { name: /AAPL · Apple Inc\./ });
  expect(tile("Total articles").textContent).toBe("3");
  expect(tile("Bullish").textContent).toBe("133%");
  expect(tile("Bearish").textContent).toBe("133%");
  expect(tile("Neutral").textContent).toBe("133%");
  expect(within(tile("Upgrades")).getByText("1")).toBeTruthy();
  expect(within(tile("Downgrades")).getByText("0")).toBeTruthy();
  expect(tile("24h average").textContent).toBe("+0.07");
  expect(tile("Social sentiment").textContent).toBe("No social posts in this window");
  const overall = within(screen.getByRole("region", { name: "Overall sentiment" }));
  const overallBadge = overall.getByText("Neutral").parentElement as HTMLElement;
  expect(overallBadge.textContent).toBe("+0.07Neutral");
  expect(overallBadge.getAttribute("data-tone")).toBe("neutral");
  expect(getComputedStyle(overallBadge).color).toBe("rgb(71, 85, 105)"); // theme muted grey (light)
  const topics = within(screen.getByRole("region", { name: "Trending topics" }));
  expect(topics.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["dividend2", "patent lawsuit1"]);
  expect(screen.getByText("The bundled news snapshot holds no social posts, so there is no social sentiment offline.")).toBeTruthy();
  expect(screen.getByRole("link", { name: /Open Combined Screener/ }).getAttribute("href")).toBe("/combined-screener");
  // The list says how many of the window's articles it shows: the tiles count the window, not the page.
  expect(screen.getByText("Showing 3 of 3")).toBeTruthy();
});

test("each headline: coloured score and label, the why (+ green, − red), source and time, analyst action", async () => {
  await renderNews();
  await screen.findByRole("heading", { level: 2, name: /AAPL · Apple/ });

  const beats = within(headline("Apple beats estimates"));
  const badge = beats.getByText("+0.62").parentElement as HTMLElement;
  expect(badge.getAttribute("data-tone")).toBe("bullish");
  expect(badge.textContent).toBe("+0.62Bullish");
  expect(getComputedStyle(badge).color).toBe("rgb(3, 107, 79)"); // theme success green (light)
  const why = within(beats.getByRole("list", { name: "Words that moved the score" }));
  expect(getComputedStyle(why.getAllByRole("listitem")[0]).color).toBe("rgb(3, 107, 79)");
  expect(why.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "beats+2 (raises the score)",
    "raises dividend+1.5 (raises the score)",
  ]);
  expect(beats.getByText("Reuters via Finnhub")).toBeTruthy();
  expect(beats.getByText(formatDateTime("2021-03-15T15:00:00.000Z"))).toBeTruthy();

  const lawsuit = within(headline("Apple hit with patent lawsuit"));
  const bearish = lawsuit.getByText("−0.41").parentElement as HTMLElement;
  expect(bearish.getAttribute("data-tone")).toBe("bearish");
  expect(getComputedStyle(bearish).color).toBe("rgb(185, 28, 28)"); // theme danger red (light)
  const lawsuitTerm = within(lawsuit.getByRole("list", { name: "Words that moved the score" })).getByRole("listitem");
  expect(lawsuitTerm.textContent).toBe("lawsuit−2 (lowers the score)");
  expect(getComputedStyle(lawsuitTerm).color).toBe("rgb(185, 28, 28)");

  const upgrade = within(headline("Morgan Stanley upgrades"));
  expect(upgrade.getByText("0.00").parentElement?.getAttribute("data-tone")).toBe("neutral");
  expect(upgrade.getByText("Why: no scoring words (neutral).")).toBeTruthy();
  expect(upgrade.getByText("Upgrade · Morgan Stanley · Equal-Weight → Overweight · PT $150")).toBeTruthy();
});

test("links open the source in a new tab, and only http(s) links are rendered (a javascript: url is plain text)", async () => {
  await renderNews();
  await screen.findByRole("heading", { level: 2, name: /AAPL · Apple/ });
  const link = screen.getByRole("link", { name: /Apple beats estimates/ });
  expect(link.getAttribute("href")).toBe("https://news.example.com/apple-beats");
  expect(link.getAttribute("target")).toBe("_blank");
  expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  expect(screen.getByRole("link", { name: /Morgan Stanley upgrades/ }).getAttribute("href")).toBe("http://news.example.com/ms-upgrade");

  expect(screen.queryByRole("link", { name: /patent lawsuit/ })).toBeNull();
  expect(within(headline("Apple hit with patent lawsuit")).queryByRole("link")).toBeNull();
  expect(document.querySelector('a[href^="javascript"]')).toBeNull();
});

test("snapshot mode: the label with its as-of time and the sources, and live updates apply to live feeds only", async () => {
  const { environment } = await renderNews();
  const note = await screen.findByRole("note", { name: "About this data" });
  expect(note.textContent).toContain(
    `Offline snapshot of real headlines as of ${formatDateTime(AS_OF)} — time windows are measured back from then.`,
  );
  expect(note.textContent).toContain(
    "Sources: Benzinga and Finnhub.The live news feed has not been read yet; showing the bundled snapshot.",
  );
  // No subscription is opened for a snapshot.
  expect(environment.mock.getAllOperations().some((op) => op.request.node.params.operationKind === "subscription")).toBe(false);
});

test("offline, every failing feed is summed up in plain words, never the raw error", async () => {
  const unreachable = Array.from({ length: 26 }, (_, index) => ({
    ...SNAPSHOT_SOURCES[0],
    key: `feed-${index}`,
    status: "FAILED",
    lastError: "network: ENOTFOUND (getaddrinfo ENOTFOUND feeds.example.com)",
    problem: "UNREACHABLE",
  }));
  await renderNews("/news-analysis", { sources: [...unreachable, SNAPSHOT_SOURCES[1]] });
  const note = await screen.findByRole("note", { name: "About this data" });
  expect(note.textContent).toContain("The 26 live news feeds cannot be reached from this server; showing the bundled snapshot.");
  expect(note.textContent).not.toMatch(/ENOTFOUND|configured|failing/);
});

test("no news in the window: says so plainly with the server's reason", async () => {
  await renderNews("/news-analysis?ticker=ORCL&timeframe=1h", {
    articles: [],
    summary: {
      ...SUMMARY,
      newsCount: 0,
      bullishCount: 0,
      bearishCount: 0,
      neutralCount: 0,
      trendingTopics: [],
      analystUpgrades: 0,
      sentimentScore: null,
      sentimentLabel: null,
      avgSentiment24h: null,
      noNewsReason: "No stored headline mentions ORCL in the hour before the snapshot.",
    },
  });
  expect(await screen.findByText("No news for ORCL in the last hour")).toBeTruthy();
  expect(screen.getByText("No stored headline mentions ORCL in the hour before the snapshot.")).toBeTruthy();
  expect(tile("Total articles").textContent).toBe("0");
  expect(screen.getByText("No articles to score in the last hour.")).toBeTruthy();
  expect(screen.getByText("None in this window")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
});

test("changing the timeframe and the stock re-queries and keeps both in the URL", async () => {
  const { environment, router } = await renderNews();
  await screen.findByRole("heading", { name: /AAPL · Apple Inc\./ });
  expect(pageQueries()).toEqual([{ ticker: "AAPL", timeframe: "H24", asOf: null }]);
  expect(screen.getByRole("radio", { name: /Last 24 Hours/ })).toHaveProperty("checked", true);

  // Async act: the page reads the as-of with use(), and a synchronous act() drops the effects still
  // queued after a render that called use() (here the one that loads the new query).
  await act(async () => fireEvent.click(screen.getByRole("radio", { name: /Last 7 Days/ })));
  await waitFor(() => expect(router.state.location.search).toBe("?ticker=AAPL&timeframe=7d"));
  await answerQueries(environment);
  await screen.findByRole("heading", { name: /AAPL · Apple Inc\. · Last 7 Days/ });
  expect(pageQueries().at(-1)).toEqual({ ticker: "AAPL", timeframe: "D7", asOf: null });

  await act(async () => fireEvent.change(screen.getByLabelText("Stock"), { target: { value: "MSFT" } }));
  await waitFor(() => expect(router.state.location.search).toBe("?ticker=MSFT&timeframe=7d"));
  await answerQueries(environment);
  await screen.findByRole("heading", { name: /MSFT · MSFT Corp\. · Last 7 Days/ });
  expect(pageQueries().at(-1)).toEqual({ ticker: "MSFT", timeframe: "D7", asOf: null });
  expect(screen.getByLabelText("Stock")).toHaveProperty("value", "MSFT");
});

test("a shared link loads the ticker and timeframe it names, never showing the default stock's figures first", async () => {
  const environment = createMockEnvironment();
  answerShellQueriesWhenAsked(environment);
  renderApp("/news-analysis?ticker=nvda&timeframe=7d", environment);
  const answer = async (ticker: string) => {
    const operation = await waitFor(() =>
      environment.mock.findOperation(
        (op) => op.request.node.params.name === "NewsAnalysisPageQuery" && op.request.variables.ticker === ticker,
      ),
    );
    await act(async () => environment.mock.resolve(operation, executeAgainstSchema(operation, mocksFor(operation, {}))));
  };
  // Without the router's request the loader starts the default query; its answer is not shown for an NVDA link.
  if (environment.mock.getAllOperations().some((op) => op.request.variables.ticker === "AAPL")) {
    await answer("AAPL");
    expect(screen.getByText("Loading news sentiment…")).toBeTruthy();
    expect(screen.queryByText(/Apple Inc\./)).toBeNull();
  }
  await answer("NVDA");
  await screen.findByRole("heading", { name: /NVDA · NVDA Corp\. · Last 7 Days/ });
  expect(screen.getByLabelText("Stock")).toHaveProperty("value", "NVDA");
  expect(screen.getByRole("radio", { name: /Last 7 Days/ })).toHaveProperty("checked", true);
});

test("Load more asks for the next page after the last cursor and appends it", async () => {
  const { environment } = await renderNews("/news-analysis", { articles: ARTICLES.slice(0, 2), hasNextPage: true });
  await screen.findByText("Showing 2 of 3");
  fireEvent.click(screen.getByRole("button", { name: "Load more" }));
  const page = environment.mock.getMostRecentOperation();
  expect(page.request.node.params.name).toBe("HeadlineListPaginationQuery");
  expect(page.request.variables).toMatchObject({ count: 10, cursor: "cursor:article-2", timeframe: "H24", id: "Stock:AAPL" });
  await act(async () =>
    environment.mock.resolve(page, {
      data: {
        node: {
          __typename: "Stock",
          id: "Stock:AAPL",
          ticker: "AAPL",
          news: {
            mode: "SNAPSHOT",
            newsCount: 3,
            windowStart: "2021-03-14T16:55:00.000Z",
            articles: {
              edges: [{ cursor: "cursor:article-3", node: { __typename: "NewsArticle", ...ARTICLES[2], terms: [] } }],
              pageInfo: { hasNextPage: false, endCursor: "cursor:article-3" },
            },
          },
        },
      },
    }),
  );
  expect(await screen.findByText("Showing 3 of 3")).toBeTruthy();
  expect(screen.getByRole("heading", { level: 3, name: /Morgan Stanley upgrades/ })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
});

test("live mode: new articles from the subscription are prepended, marked New, announced, and the counts re-read", async () => {
  const { environment } = await renderNews("/news-analysis", { mode: "LIVE", sources: LIVE_SOURCES });
  await screen.findByText("Live: new headlines appear here as they arrive.");
  const note = screen.getByRole("note", { name: "About this data" });
  expect(note.textContent).toContain(`Headlines from CNBC and The Wall Street Journal, up to ${formatDateTime(AS_OF)}.`);
  expect(within(note).getByRole("list", { name: "Feeds not updating" }).textContent).toBe(
    "The Wall Street Journal (wsj-markets) cannot be reached from this server — no successful fetch yet.",
  );
  expect(note.textContent).not.toContain("10000 ms");

  const subscription = await waitFor(() =>
    environment.mock.findOperation((op) => op.request.node.params.name === "HeadlineListArticlesAddedSubscription"),
  );
  expect(subscription.request.variables).toEqual({ tickers: ["AAPL"] });

  const fresh = {
    __typename: "NewsArticle",
    ...ARTICLES[0],
    id: "article-new",
    title: "Apple unveils record buyback",
    publishedAt: "2021-03-15T16:50:00.000Z",
    terms: [{ term: "record buyback", weight: 2.5 }],
  };
  const stale = { ...fresh, id: "article-old", title: "Old story outside the window", publishedAt: "2021-03-01T00:00:00.000Z" };
  await act(async () => environment.mock.nextValue(subscription, { data: { newsArticlesAdded: [fresh, stale] } }));

  const items = within(screen.getByRole("region", { name: "Headlines" })).getAllByRole("heading", { level: 3 });
  expect(items[0].textContent).toContain("Apple unveils record buyback");
  expect(within(items[0]).getByText("New")).toBeTruthy();
  expect(screen.queryByText("Old story outside the window")).toBeNull();
  expect(screen.getByText("1 new headline for AAPL.")).toBeTruthy();
  // The counts come from the server again (never counted on the client).
  expect(pendingQueries(environment, "NewsAnalysisPageSummaryQuery").map((op) => op.request.variables)).toEqual([
    { ticker: "AAPL", timeframe: "H24", asOf: null },
  ]);
});

test("an error shows a short message and Try again loads the query again", async () => {
  jest.spyOn(console, "error").mockImplementation(() => {}); // React reports the error the boundary caught
  const environment = createMockEnvironment();
  answerShellQueriesWhenAsked(environment);
  renderApp("/news-analysis", environment);
  const first = await waitFor(() => environment.mock.findOperation((op) => op.request.node.params.name === "NewsAnalysisPageQuery"));
  await act(async () =>
    environment.mock.reject(first, errorFromGraphQLErrors([{ message: "boom", extensions: { code: "INTERNAL_SERVER_ERROR" } }])),
  );
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toContain("News sentiment could not be loaded");
  expect(alert.textContent).toContain("Something went wrong. Please try again.");
  expect(alert.textContent).not.toContain("boom");
  // The pickers stay usable.
  expect(screen.getByLabelText("Stock")).toBeTruthy();

  fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
  await answerQueries(environment);
  expect(await screen.findByRole("heading", { name: /AAPL · Apple Inc\./ })).toBeTruthy();
});
