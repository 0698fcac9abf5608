-- AlterTable
ALTER TABLE "screening_results" ADD COLUMN     "position" INTEGER,
ADD COLUMN     "row" JSONB,
ADD COLUMN     "run_id" UUID;

-- AlterTable
ALTER TABLE "price_data" ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'alphavantage-snapshot';

-- CreateTable
CREATE TABLE "screening_runs" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "kind" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "stats" JSONB NOT NULL,
    "source" TEXT NOT NULL,
    "as_of" DATE NOT NULL,
    "warnings" JSONB NOT NULL,
    "row_count" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "technical_indicators" (
    "ticker" TEXT NOT NULL,
    "as_of" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "close" DOUBLE PRECISION NOT NULL,
    "volume" DOUBLE PRECISION,
    "sma5" DOUBLE PRECISION,
    "sma20" DOUBLE PRECISION,
    "sma50" DOUBLE PRECISION,
    "rsi14" DOUBLE PRECISION,
    "avg_volume_20" DOUBLE PRECISION,
    "ma_condition" BOOLEAN NOT NULL,
    "ma_spread_pct" DOUBLE PRECISION,
    "last_cross_up_date" DATE,
    "beta_60" DOUBLE PRECISION,
    "beta_proxy" TEXT,
    "momentum" TEXT NOT NULL,
    "technical_score" DOUBLE PRECISION NOT NULL,
    "return_1m" DOUBLE PRECISION,
    "bar_count" INTEGER NOT NULL,
    "twentieth_bar_date" DATE,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "technical_indicators_pkey" PRIMARY KEY ("ticker")
);

-- CreateTable
CREATE TABLE "price_refresh_status" (
    "ticker" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_bar_date" DATE,
    "last_error" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "price_refresh_status_pkey" PRIMARY KEY ("ticker")
);

-- CreateTable
CREATE TABLE "saved_screens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saved_screens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "screening_runs_user_id_created_at_idx" ON "screening_runs"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "screening_runs_created_at_idx" ON "screening_runs"("created_at");

-- CreateIndex
CREATE INDEX "technical_indicators_computed_at_idx" ON "technical_indicators"("computed_at");

-- CreateIndex
CREATE UNIQUE INDEX "saved_screens_user_id_name_key" ON "saved_screens"("user_id", "name");

-- CreateIndex
CREATE INDEX "screening_results_run_id_position_idx" ON "screening_results"("run_id", "position");

-- AddForeignKey
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_results" ADD CONSTRAINT "screening_results_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "screening_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_screens" ADD CONSTRAINT "saved_screens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
