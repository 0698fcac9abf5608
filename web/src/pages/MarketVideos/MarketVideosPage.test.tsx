import { renderApp } from "../../../test/render";
import type { IMocks } from "@graphql-tools/mock";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { PLAYER_LOAD_TIMEOUT_MS } from "../../components/MarketVideos/MarketVideoPlayer";
import { answerGraphQL, signedIn, signedOut } from "../Auth/accountTestKit";
import { MarketVideosPageQuery } from "./MarketVideosPage";

const SNAPSHOT_LABEL = "bundled snapshot, April–May 2021";

function video(videoId: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    id: `MarketVideo:${videoId}`,
    videoId,
    title,
    channel: "CNBC Television",
    channelId: null,
    url: `https://www.youtube.com/watch?v=${videoId}`,
    embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}`,
    thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    publishedAt: "2021-05-05T23:22:43.000Z",
    statedTickers: ["AAPL"],
    taggedTickers: [],
    tickers: ["AAPL"],
    score: 0.4,
    label: "bullish",
    source: "SNAPSHOT",
    sourceLabel: SNAPSHOT_LABEL,
    ...extra,
  };
}

const VIDEOS = [
  video("I6bF7KtLiTw", "Jim Cramer: Don't abandon FAANG", { statedTickers: ["AAPL", "AMZN", "GOOG"], tickers: ["AAPL", "AMZN", "GOOG"] }),
  video("U6BndRcZZW8", "What Apple's blowout earnings means for Berkshire Hathaway", { channel: "Yahoo Finance", taggedTickers: ["BRK.B"], tickers: ["AAPL", "BRK.B"] }),
];

const channel = (name: string, status: string, extra: Record<string, unknown> = {}) => ({
  name,
  status,
  channelId: null,
  feedUrl: null,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  problem: null,
  videoCount: 0,
  snapshotVideoCount: 0,
  newestAt: null,
  ...extra,
});

const OFFLINE_CHANNELS = [
  channel("CNBC Television", "FAILED", {
    lastError: "network: ENOTFOUND (getaddrinfo ENOTFOUND www.youtube.com)",
    problem: "UNREACHABLE",
    videoCount: 27,
    snapshotVideoCount: 27,
    newestAt: "2021-05-05T23:22:43.000Z",
  }),
  channel("Reuters", "PENDING"),
  channel("Yahoo Finance", "PENDING", { videoCount: 6, snapshotVideoCount: 6 }),
  channel("Bloomberg Technology", "SNAPSHOT", { videoCount: 8, snapshotVideoCount: 8 }),
];

const asked: { name: string; variables: Record<string, unknown> }[] = [];

function proMocks(channels = OFFLINE_CHANNELS, added: unknown[] = [], asOf = AS_OF): IMocks {
  return {
    ...signedIn({ hasProAccess: true }),
    Query: () => ({
      marketVideos: { asOf, edges: VIDEOS.map((node) => ({ node, cursor: node.videoId })), pageInfo: { hasNextPage: false, endCursor: "x", hasPreviousPage: false, startCursor: "x" } },
      marketVideoChannels: channels,
    }),
    Subscription: () => ({ marketVideosAdded: added }),
  };
}

/** The app's default as-of day, the one the mocked server answers for. */
const AS_OF = "2021-05-08";
const COVERAGE = {
  defaultAsOf: AS_OF,
  latestPriceDate: AS_OF,
  prices: [{ source: "alphavantage-snapshot", firstDate: "2018-01-02", lastDate: AS_OF, bars: 100, tickers: 500 }],
  days: [],
};

function renderPage(mocks: IMocks, path = "/market-videos") {
  asked.length = 0;
  const environment = createMockEnvironment();
  answerGraphQL(environment, MarketVideosPageQuery, (operation) => {
    asked.push({ name: operation.request.node.params.name, variables: operation.request.variables });
    return { DataCoverage: () => COVERAGE, ...mocks };
  });
  const { router } = renderApp(path, environment);
  return { router, environment };
}

/** The player probes YouTube with the thumbnail; jsdom loads no images, so each probe is answered here. */
const probes: { src: string; answer(reachable: boolean): void }[] = [];
class ProbeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  referrerPolicy = "";
  set src(src: string) {
    probes.push({ src, answer: (reachable) => (reachable ? this.onload : this.onerror)?.() });
  }
}
const realImage = window.Image;
beforeEach(() => {
  probes.length = 0;
  window.Image = ProbeImage as unknown as typeof Image;
});

afterEach(() => {
  window.Image = realImage;
  Object.defineProperty(window.navigator, "onLine", { value: true, configurable: true });
  jest.useRealTimers();
});

test("a visitor gets the spec's gate page and no video data is asked for", async () => {
  renderPage(signedOut);
  expect(await screen.findByRole("heading", { name: "Market Videos", level: 1 })).toBeTruthy();
  expect(screen.getByText("Premium Feature")).toBeTruthy();
  expect(screen.getByText("Curated financial news videos.")).toBeTruthy();
  expect(asked.map((operation) => operation.name)).not.toContain("MarketVideosPageQuery");
});

test("a Basic user gets the gate page too", async () => {
  renderPage(signedIn({ hasProAccess: false }));
  expect(await screen.findByText("Premium Feature")).toBeTruthy();
  expect(asked.map((operation) => operation.name)).not.toContain("MarketVideosPageQuery");
});

test("with every feed unreachable, the note says YouTube cannot be reached, in plain words", async () => {
  const unreachable = (name: string) =>
    channel(name, "FAILED", { lastError: "network: ENOTFOUND (getaddrinfo ENOTFOUND www.youtube.com)", problem: "UNREACHABLE", newestAt: "2021-05-05T23:22:43.000Z" });
  renderPage(proMocks([unreachable("CNBC Television"), unreachable("Reuters")]));
  const note = await screen.findByRole("note", { name: "About these videos" });
  expect(note.textContent).toContain("YouTube cannot be reached from this server; showing the bundled snapshot (as of May 5, 2021");
  expect(note.textContent).not.toMatch(/ENOTFOUND|network:/);
});

test("a Pro user sees the videos newest first, labelled as the bundled snapshot, with the channels' feed status", async () => {
  renderPage(proMocks());
  const list = within((await screen.findByRole("heading", { name: "Videos" })).closest("section")!);
  const titles = list.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent?.trim());
  expect(titles).toEqual(["Jim Cramer: Don't abandon FAANG", "What Apple's blowout earnings means for Berkshire Hathaway"]);
  expect(list.getAllByText(SNAPSHOT_LABEL)).toHaveLength(2);
  expect(list.getByTitle("Ticker found in the title or description by our tagger").textContent).toBe("BRK.B");
  const note = screen.getByRole("note", { name: "About these videos" });
  expect(note.textContent).toContain("41 videos are the bundled snapshot, April–May 2021");
  expect(note.textContent).toContain(
    "1 of the 3 YouTube channel feeds cannot be reached from this server; 2 of the 3 YouTube channel feeds have not been read yet; " +
      "showing the bundled snapshot (as of May 5, 2021",
  );
  expect(within(note).getByRole("list", { name: "Channels" }).textContent).toContain("CNBC Television: feed not updating, 27 videos");
  // The raw error is for operators (server log, the API's lastError), never the page.
  expect(note.textContent).not.toMatch(/ENOTFOUND|network:/);
  // Offline: no live subscription.
  expect(asked.map((operation) => operation.name)).not.toContain("MarketVideoListAddedSubscription");
  expect(Array.from((screen.getByLabelText("Channel") as HTMLSelectElement).options).map((option) => option.value)).toEqual([
    "",
    "CNBC Television",
    "Reuters",
    "Yahoo Finance",
    "Bloomberg Technology",
  ]);
});

test("filters by ticker, channel and title words, kept in the URL; a malformed ticker is refused in the form", async () => {
  const { router } = renderPage(proMocks());
  await screen.findByRole("heading", { name: "Videos" });
  // The videos of the app's as-of day, as the server says.
  expect(screen.getByText("As of May 8, 2021")).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Ticker"), { target: { value: "not a ticker" } });
  fireEvent.click(screen.getByRole("button", { name: "Apply" }));
  expect(screen.getByText("Enter a ticker symbol such as AAPL or BRK.B.")).toBeTruthy();

  fireEvent.change(screen.getByLabelText("Ticker"), { target: { value: "tsla" } });
  fireEvent.change(screen.getByLabelText("Search titles"), { target: { value: "deliveries" } });
  // The route's loader runs and the page renders its answer in a transition: all of it inside act.
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply" })));
  await waitFor(() => expect(router.state.location.search).toBe("?ticker=TSLA&q=deliveries"));
  await waitFor(() =>
    expect(asked.filter((operation) => operation.name === "MarketVideosPageQuery").at(-1)?.variables).toEqual({ ticker: "TSLA", channel: null, search: "deliveries", asOf: AS_OF }),
  );
  // The filtered videos are shown (the transition is over) before the channel is picked.
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 5000 });
  fireEvent.change(await screen.findByLabelText("Channel"), { target: { value: "Yahoo Finance" } });
  await waitFor(() => expect(router.state.location.search).toBe("?ticker=TSLA&channel=Yahoo+Finance&q=deliveries"));
});

test("a click plays the video in the no-cookie player, with the youtube.com link beside it", async () => {
  renderPage(proMocks());
  fireEvent.click(await screen.findByRole("button", { name: "Play: Jim Cramer: Don't abandon FAANG" }));
  expect(screen.getByText("Connecting to YouTube…")).toBeTruthy();
  expect(probes.map((probe) => probe.src)).toEqual(["https://i.ytimg.com/vi/I6bF7KtLiTw/hqdefault.jpg"]);
  act(() => probes[0].answer(true));
  const player = screen.getByTitle("YouTube player: Jim Cramer: Don't abandon FAANG") as HTMLIFrameElement;
  expect(player.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/I6bF7KtLiTw");
  const link = screen.getByRole("link", { name: "Watch on youtube.com" });
  expect(link.getAttribute("href")).toBe("https://www.youtube.com/watch?v=I6bF7KtLiTw");
});

test("offline, the player is a placeholder with the title and the link", async () => {
  Object.defineProperty(window.navigator, "onLine", { value: false, configurable: true });
  const { router } = renderPage(proMocks());
  await screen.findByRole("heading", { name: "Videos" });
  await waitFor(() => expect(router.state.navigation.state).toBe("idle"));
  await screen.findByText("As of May 8, 2021");
  const thumbnail = screen.getByRole("button", { name: "Play: Jim Cramer: Don't abandon FAANG" }).querySelector("img");
  expect(thumbnail?.getAttribute("src")).toBe("https://i.ytimg.com/vi/I6bF7KtLiTw/hqdefault.jpg");

  fireEvent.click(screen.getByRole("button", { name: "Play: Jim Cramer: Don't abandon FAANG" }));
  expect(screen.queryByTitle(/YouTube player/)).toBeNull();
  expect(screen.getByRole("img", { name: "Player unavailable: Jim Cramer: Don't abandon FAANG" }).textContent).toContain("You are offline");
  expect(screen.getByRole("link", { name: "Watch on youtube.com" }).getAttribute("href")).toBe("https://www.youtube.com/watch?v=I6bF7KtLiTw");
});

test("a player that does not load in time is replaced by the placeholder", async () => {
  renderPage(proMocks());
  const play = await screen.findByRole("button", { name: "Play: What Apple's blowout earnings means for Berkshire Hathaway" });
  jest.useFakeTimers();
  fireEvent.click(play);
  act(() => probes[0].answer(true));
  expect(screen.getByTitle(/YouTube player/)).toBeTruthy();
  await act(async () => {
    jest.advanceTimersByTime(PLAYER_LOAD_TIMEOUT_MS + 10);
  });
  expect(screen.queryByTitle(/YouTube player/)).toBeNull();
  expect(screen.getByText(/The YouTube player did not load/)).toBeTruthy();
});

test("when YouTube cannot be reached (its thumbnail fails), the placeholder replaces the player at once, with the link", async () => {
  renderPage(proMocks());
  fireEvent.click(await screen.findByRole("button", { name: "Play: Jim Cramer: Don't abandon FAANG" }));
  act(() => probes[0].answer(false));
  expect(screen.queryByTitle(/YouTube player/)).toBeNull();
  expect(screen.getByRole("img", { name: "Player unavailable: Jim Cramer: Don't abandon FAANG" }).textContent).toContain("YouTube cannot be reached");
  expect(screen.getByRole("link", { name: "Watch on youtube.com" }).getAttribute("href")).toBe("https://www.youtube.com/watch?v=I6bF7KtLiTw");
});

test("live: with a channel feed read, new videos from the subscription are prepended and marked New", async () => {
  const fresh = video("nvdaLive001", "Nvidia unveils new chips", { source: "YOUTUBE", sourceLabel: "YouTube feed", publishedAt: "2026-11-26T10:00:00.000Z" });
  // New videos join a list that runs to today.
  const today = new Date().toISOString().slice(0, 10);
  renderPage(proMocks([channel("CNBC Television", "OK", { lastSuccessAt: "2026-11-26T10:00:00.000Z", videoCount: 40 })], [fresh], today));
  await screen.findByText("Live: new videos from the channels' feeds appear here as they arrive.");
  const list = within(screen.getByRole("heading", { name: "Videos" }).closest("section")!);
  await waitFor(() => expect(list.getAllByRole("heading", { level: 3 })[0].textContent).toContain("Nvidia unveils new chips"));
  expect(within(list.getAllByRole("heading", { level: 3 })[0]).getByText("New")).toBeTruthy();
  expect(asked.find((operation) => operation.name === "MarketVideoListAddedSubscription")?.variables).toEqual({ ticker: null, channel: null, search: null });
});
