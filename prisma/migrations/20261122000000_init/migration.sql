-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT,
    "last_name" TEXT,
    "profile_image_url" TEXT,
    "stripe_customer_id" TEXT,
    "stripe_subscription_id" TEXT,
    "subscription_status" TEXT NOT NULL DEFAULT 'free',
    "subscription_price_id" TEXT,
    "plan_type" TEXT NOT NULL DEFAULT 'basic',
    "trial_ends_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "sid" VARCHAR NOT NULL,
    "sess" JSON NOT NULL,
    "expire" TIMESTAMP(6) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "screening_results" (
    "id" SERIAL NOT NULL,
    "ticker" TEXT NOT NULL,
    "last_close" DECIMAL(10,2),
    "sma5" DECIMAL(10,2),
    "sma20" DECIMAL(10,2),
    "ma_condition" BOOLEAN NOT NULL,
    "ma_spread_pct" DECIMAL(5,4),
    "beta_60" DECIMAL(5,3),
    "options_oi" INTEGER,
    "news_count" INTEGER,
    "sentiment" DECIMAL(3,2),
    "recency_hours" DECIMAL(8,2),
    "headline" TEXT,
    "final_score" DECIMAL(5,3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" UUID NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "investment_focus" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_data" (
    "id" SERIAL NOT NULL,
    "ticker" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "open" DECIMAL(10,2),
    "high" DECIMAL(10,2),
    "low" DECIMAL(10,2),
    "close" DECIMAL(10,2),
    "volume" INTEGER,

    CONSTRAINT "price_data_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_picks" (
    "id" SERIAL NOT NULL,
    "date" TEXT NOT NULL,
    "ticker" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "price" DECIMAL(10,2) NOT NULL,
    "ai_score" DECIMAL(6,4) NOT NULL,
    "market_cap" DECIMAL(15,0),
    "returns_1m" DECIMAL(8,4),
    "returns_3m" DECIMAL(8,4),
    "returns_12m" DECIMAL(8,4),
    "rsi" DECIMAL(5,2),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_picks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hedge_fund_holdings" (
    "id" SERIAL NOT NULL,
    "cik" TEXT NOT NULL,
    "fund_name" TEXT NOT NULL,
    "ticker" TEXT NOT NULL,
    "shares" DECIMAL(15,0) NOT NULL,
    "value" DECIMAL(15,2) NOT NULL,
    "percent_portfolio" DECIMAL(5,2),
    "quarter_end" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hedge_fund_holdings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "earnings_predictions" (
    "id" SERIAL NOT NULL,
    "ticker" TEXT NOT NULL,
    "earnings_date" DATE,
    "beat_probability" DECIMAL(5,2),
    "momentum" TEXT,
    "volatility" TEXT,
    "analyst_count" INTEGER,
    "consensus_eps" DECIMAL(10,4),
    "actual_eps" DECIMAL(10,4),
    "surprise" DECIMAL(8,4),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "earnings_predictions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_stripe_subscription_id_key" ON "users"("stripe_subscription_id");

-- CreateIndex
CREATE INDEX "IDX_session_expire" ON "sessions"("expire");

-- CreateIndex
CREATE INDEX "screening_results_created_at_idx" ON "screening_results"("created_at");

-- CreateIndex
CREATE INDEX "screening_results_ticker_idx" ON "screening_results"("ticker");

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at");

-- CreateIndex
CREATE INDEX "price_data_date_idx" ON "price_data"("date");

-- CreateIndex
CREATE UNIQUE INDEX "price_data_ticker_date_key" ON "price_data"("ticker", "date");

-- CreateIndex
CREATE INDEX "ai_picks_date_rank_idx" ON "ai_picks"("date", "rank");

-- CreateIndex
CREATE UNIQUE INDEX "ai_picks_date_ticker_key" ON "ai_picks"("date", "ticker");

-- CreateIndex
CREATE INDEX "hedge_fund_holdings_ticker_idx" ON "hedge_fund_holdings"("ticker");

-- CreateIndex
CREATE UNIQUE INDEX "hedge_fund_holdings_cik_quarter_end_ticker_key" ON "hedge_fund_holdings"("cik", "quarter_end", "ticker");

-- CreateIndex
CREATE INDEX "earnings_predictions_ticker_earnings_date_idx" ON "earnings_predictions"("ticker", "earnings_date");
