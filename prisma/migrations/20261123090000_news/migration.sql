-- CreateTable
CREATE TABLE "news_feeds" (
    "key" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "ticker" TEXT,
    "etag" TEXT,
    "last_modified" TEXT,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_error_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_item_count" INTEGER,
    "last_new_count" INTEGER,

    CONSTRAINT "news_feeds_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "news_articles" (
    "id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "publisher" TEXT,
    "feed_key" TEXT,
    "guid" TEXT NOT NULL,
    "url" TEXT,
    "title" TEXT NOT NULL,
    "summary" TEXT,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "tickers" TEXT[],
    "score" DECIMAL(4,3) NOT NULL,
    "label" TEXT NOT NULL,
    "terms" JSONB NOT NULL,
    "analyst_action" JSONB,
    "is_social" BOOLEAN NOT NULL DEFAULT false,
    "is_snapshot" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "news_articles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "news_articles_published_at_idx" ON "news_articles"("published_at");

-- CreateIndex
CREATE INDEX "news_articles_tickers_idx" ON "news_articles" USING GIN ("tickers");

-- CreateIndex
CREATE UNIQUE INDEX "news_articles_source_guid_key" ON "news_articles"("source", "guid");
