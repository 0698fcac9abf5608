-- Alerts: a user's conditions on a ticker, a watchlist or a saved screen, their firings (once per
-- alert, ticker and fact), the email and webhook deliveries of each, the delivery log, and the data
-- events already evaluated.
-- CreateTable
CREATE TABLE "alerts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "condition" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "ticker" TEXT,
    "watchlist_id" UUID,
    "saved_screen_id" UUID,
    "channels" TEXT[],
    "email_mode" TEXT NOT NULL DEFAULT 'immediate',
    "webhook_url" TEXT,
    "webhook_secret" TEXT,
    "paused_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_firings" (
    "id" UUID NOT NULL,
    "alert_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "ticker" TEXT NOT NULL,
    "fact_key" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "evidence" JSONB NOT NULL,
    "summary" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "fired_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(3),

    CONSTRAINT "alert_firings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_deliveries" (
    "id" UUID NOT NULL,
    "firing_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_delivery_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "error" TEXT,
    "ms" INTEGER NOT NULL,

    CONSTRAINT "alert_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_evaluations" (
    "event_key" TEXT NOT NULL,
    "evaluated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "alerts" INTEGER NOT NULL,
    "firings" INTEGER NOT NULL,
    "ms" INTEGER NOT NULL,

    CONSTRAINT "alert_evaluations_pkey" PRIMARY KEY ("event_key")
);

-- CreateIndex
CREATE INDEX "alerts_condition_idx" ON "alerts"("condition");

-- CreateIndex
CREATE UNIQUE INDEX "alerts_user_id_name_key" ON "alerts"("user_id", "name");

-- CreateIndex
CREATE INDEX "alert_firings_user_id_fired_at_idx" ON "alert_firings"("user_id", "fired_at");

-- CreateIndex
CREATE UNIQUE INDEX "alert_firings_alert_id_ticker_fact_key_key" ON "alert_firings"("alert_id", "ticker", "fact_key");

-- CreateIndex
CREATE INDEX "alert_deliveries_status_next_attempt_at_idx" ON "alert_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "alert_deliveries_firing_id_channel_key" ON "alert_deliveries"("firing_id", "channel");

-- CreateIndex
CREATE INDEX "alert_delivery_attempts_delivery_id_attempted_at_idx" ON "alert_delivery_attempts"("delivery_id", "attempted_at");

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_watchlist_id_fkey" FOREIGN KEY ("watchlist_id") REFERENCES "watchlists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_saved_screen_id_fkey" FOREIGN KEY ("saved_screen_id") REFERENCES "saved_screens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_firings" ADD CONSTRAINT "alert_firings_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_firing_id_fkey" FOREIGN KEY ("firing_id") REFERENCES "alert_firings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_delivery_attempts" ADD CONSTRAINT "alert_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "alert_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- An alert watches exactly one thing.
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_one_target" CHECK (num_nonnulls("ticker", "watchlist_id", "saved_screen_id") = 1);
