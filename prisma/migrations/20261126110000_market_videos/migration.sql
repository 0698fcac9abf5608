-- Market Videos (Pro): financial news videos from channels' YouTube feeds and the bundled snapshot,
-- one row per YouTube video id, in a table of their own so the news pages' article counts do not
-- change, and the status of each configured channel feed (as news_feeds has for the news feeds).

-- CreateTable
CREATE TABLE "market_video_feeds" (
    "key" TEXT NOT NULL,
    "channel_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "etag" TEXT,
    "last_modified" TEXT,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_error_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_item_count" INTEGER,
    "last_new_count" INTEGER,

    CONSTRAINT "market_video_feeds_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "market_videos" (
    "id" UUID NOT NULL,
    "video_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "channel_id" TEXT,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "thumbnail_url" TEXT,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT,
    "tickers" TEXT[],
    "stated_tickers" TEXT[],
    "score" DECIMAL(4,3) NOT NULL,
    "label" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "feed_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "market_videos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "market_videos_video_id_key" ON "market_videos"("video_id");

-- CreateIndex
CREATE INDEX "market_videos_published_at_idx" ON "market_videos"("published_at");

-- CreateIndex
CREATE INDEX "market_videos_channel_idx" ON "market_videos"("channel");

-- CreateIndex
CREATE INDEX "market_videos_tickers_idx" ON "market_videos" USING GIN ("tickers");
