// GraphQL for Market Videos (Pro): marketVideos(first, after, ticker, channel, search), a Relay
// connection newest first; marketVideoChannels, the channels with their feeds' status for the filter;
// and the marketVideosAdded subscription. The types carry `authScopes: { pro: true }`, so every field
// is refused without Pro and the access harness finds them.
import { filter, map, pipe } from "graphql-yoga";
import { authScopesFor } from "../../auth/viewer";
import { AppError } from "../../errors/app-error";
import { builder } from "../../graphql/builder";
import { feedProblem } from "../ingestion/fetch-feed";
import { FeedProblemEnum } from "../news.graphql";
import {
  MARKET_VIDEOS_PAGE,
  VIDEO_SNAPSHOT_LABEL,
  listMarketVideos,
  marketVideoChannels,
  matchesFilters,
  parseMarketVideoArgs,
  type MarketVideoChannelView,
} from "./market-videos";

const pro = { pro: true } as const;

const VideoSourceEnum = builder.enumType("MarketVideoSource", {
  values: {
    SNAPSHOT: { value: "snapshot", description: `The ${VIDEO_SNAPSHOT_LABEL} (stocknewsapi rows linking to YouTube; see data/news/PROVENANCE.md).` },
    YOUTUBE: { value: "youtube", description: "A channel's public YouTube feed, read by news ingestion." },
  } as const,
});

const ChannelStatusEnum = builder.enumType("MarketVideoChannelStatus", {
  values: {
    OK: { value: "ok", description: "The channel's feed was last read successfully." },
    FAILED: { value: "failed", description: "The channel's last feed read failed (see lastError)." },
    PENDING: { value: "pending", description: "The channel's feed has not been read yet (e.g. ingestion is off)." },
    SNAPSHOT: { value: "snapshot", description: `Not a configured feed: the channel's videos come from the ${VIDEO_SNAPSHOT_LABEL} only.` },
  } as const,
});

export const MarketVideo = builder.prismaObject("MarketVideo", {
  description: "A financial news video on YouTube, tagged with tickers and scored like a headline. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    id: t.id({ description: "Unique across the schema (MarketVideo:<videoId>).", resolve: (video) => `MarketVideo:${video.videoId}` }),
    videoId: t.exposeString("videoId", { description: "YouTube's video id: the player is https://www.youtube-nocookie.com/embed/<videoId>." }),
    title: t.exposeString("title"),
    channel: t.exposeString("channel", { description: "The YouTube channel's name." }),
    channelId: t.exposeString("channelId", { nullable: true, description: "The channel's YouTube id; null for snapshot videos (the dataset names the channel only)." }),
    url: t.exposeString("url", { description: "The video on youtube.com." }),
    embedUrl: t.string({ description: "The privacy-enhanced (no-cookie) player's address.", resolve: (video) => `https://www.youtube-nocookie.com/embed/${video.videoId}` }),
    thumbnailUrl: t.exposeString("thumbnailUrl", { nullable: true, description: "YouTube's thumbnail (https://i.ytimg.com/...): unavailable offline." }),
    publishedAt: t.expose("publishedAt", { type: "DateTime" }),
    description: t.exposeString("description", { nullable: true, description: "Plain text, at most about 1,000 characters." }),
    tickers: t.exposeStringList("tickers", { description: "Every ticker: the ones the source states plus the ones our tagger found in the title and description." }),
    statedTickers: t.exposeStringList("statedTickers", { description: "The tickers the source itself states (the snapshot's ticker column); empty for YouTube feeds." }),
    taggedTickers: t.stringList({
      description: "The tickers only our tagger found (tickers minus statedTickers).",
      resolve: (video) => video.tickers.filter((ticker) => !video.statedTickers.includes(ticker)),
    }),
    score: t.float({ description: "Title sentiment, −1..1 (the headline scorer).", resolve: (video) => Number(video.score) }),
    label: t.exposeString("label", { description: "bullish, bearish or neutral." }),
    source: t.field({ type: VideoSourceEnum, resolve: (video) => video.source as "snapshot" | "youtube" }),
    sourceLabel: t.string({
      description: `"${VIDEO_SNAPSHOT_LABEL}" or "YouTube feed".`,
      resolve: (video) => (video.source === "snapshot" ? VIDEO_SNAPSHOT_LABEL : "YouTube feed"),
    }),
  }),
});

const MarketVideoChannelRef = builder.objectRef<MarketVideoChannelView>("MarketVideoChannel").implement({
  description: "A channel to filter Market Videos by: a configured YouTube feed with its status, or a channel of the bundled snapshot. Pro only.",
  authScopes: pro,
  fields: (t) => ({
    name: t.exposeString("name", { description: "What marketVideos(channel:) takes." }),
    channelId: t.exposeString("channelId", { nullable: true }),
    status: t.field({ type: ChannelStatusEnum, resolve: (channel) => channel.status }),
    feedUrl: t.exposeString("feedUrl", { nullable: true }),
    lastSuccessAt: t.expose("lastSuccessAt", { type: "DateTime", nullable: true }),
    lastErrorAt: t.expose("lastErrorAt", { type: "DateTime", nullable: true }),
    lastError: t.exposeString("lastError", {
      nullable: true,
      description: '"<reason>: <detail>" of the last failure (kept as history once the feed recovers), for operators; pages show problem.',
    }),
    problem: t.field({
      type: FeedProblemEnum,
      nullable: true,
      description: "Why the last feed read failed, when status is FAILED.",
      resolve: (channel) => (channel.status === "failed" ? feedProblem(channel.lastError) : null),
    }),
    videoCount: t.exposeInt("videoCount", { description: "Stored videos of the channel." }),
    snapshotVideoCount: t.exposeInt("snapshotVideoCount", { description: "Of those, from the bundled snapshot." }),
    newestAt: t.expose("newestAt", { type: "DateTime", nullable: true }),
  }),
});

builder.queryField("marketVideos", (t) =>
  t.connection({
    type: MarketVideo,
    authScopes: pro,
    description:
      `Financial news videos, newest first (Pro only): the configured channels' YouTube feeds and the ${VIDEO_SNAPSHOT_LABEL}. ` +
      `first/last are ${MARKET_VIDEOS_PAGE.min}–${MARKET_VIDEOS_PAGE.max} (default ${MARKET_VIDEOS_PAGE.default}); bad arguments are BAD_USER_INPUT naming the field. ` +
      "Only videos published by the end of asOf (YYYY-MM-DD, not after today; default: the app's default as-of day; the connection's asOf says which day was used).",
    args: {
      ticker: t.arg.string({ description: "Only videos tagged with this ticker (FB is read as META)." }),
      channel: t.arg.string({ description: "Only this channel (a MarketVideoChannel name, any case)." }),
      search: t.arg.string({ description: "Only titles containing every word of this text (any case)." }),
      asOf: t.arg.string({ description: "YYYY-MM-DD" }),
    },
    intArgs: { first: MARKET_VIDEOS_PAGE, last: MARKET_VIDEOS_PAGE },
    // Cursors are checked here (BAD_USER_INPUT naming after/before), not by a generic connection helper.
    resolve: (_root, args, context) => listMarketVideos(context.db, args),
    },
    {
      fields: (connection) => ({
        asOf: connection.string({
          nullable: true,
          description: "The day the videos are published by (YYYY-MM-DD): the asOf asked for, else the app's default day.",
          resolve: (parent) => (parent as unknown as { asOf: string | null }).asOf,
        }),
        firstPublishedOn: connection.string({
          nullable: true,
          description: "The UTC day the first video matching the filters was published, whatever asOf (YYYY-MM-DD; null when none match).",
          resolve: (parent) => (parent as unknown as { firstPublishedOn: () => Promise<string | null> }).firstPublishedOn(),
        }),
      }),
    },
  ),
);

builder.queryField("marketVideoChannels", (t) =>
  t.field({
    type: [MarketVideoChannelRef],
    authScopes: pro,
    description: "Every configured channel with its feed's status, and every channel with stored videos (Pro only).",
    // A few rows computed together: priced as one item.
    complexity: { field: 1, multiplier: 1 },
    resolve: (_root, _args, context) => marketVideoChannels(context),
  }),
);

builder.subscriptionField("marketVideosAdded", (t) =>
  t.field({
    type: [MarketVideo],
    description:
      "Videos as ingestion stores them (Pro only: UNAUTHENTICATED or PRO_REQUIRED otherwise), optionally only those matching the same " +
      "filters as marketVideos. Over Server-Sent Events: send Accept: text/event-stream.",
    args: {
      ticker: t.arg.string(),
      channel: t.arg.string(),
      search: t.arg.string(),
    },
    // Checked here rather than with authScopes: the MarketVideo type's own Pro scope still guards every field sent.
    subscribe: (_root, args, context) => {
      if (!context.viewer) throw new AppError("UNAUTHENTICATED", "Sign in required.");
      if (!authScopesFor(context.viewer).pro) throw new AppError("PRO_REQUIRED", "A Pro subscription is required.");
      const filters = parseMarketVideoArgs(args);
      return pipe(
        context.newsEvents.subscribe("news:videos"),
        map((videos) => videos.filter((video) => matchesFilters(video, filters))),
        filter((videos) => videos.length > 0),
      );
    },
    resolve: (videos) => videos,
  }),
);
