-- Issue 14, earnings predictions: the report's time, base rate, the model's inputs and version on each
-- prediction, one row per (ticker, report) (the unique index replaces the plain one), and the stored
-- walk-forward evaluation that the page publishes.

-- DropIndex
DROP INDEX "earnings_predictions_ticker_earnings_date_idx";

-- AlterTable
ALTER TABLE "earnings_predictions" ADD COLUMN     "announced_at" TIMESTAMPTZ(3),
ADD COLUMN     "base_rate" DECIMAL(5,2),
ADD COLUMN     "model_version" TEXT,
ADD COLUMN     "price_momentum" DECIMAL(8,4),
ADD COLUMN     "report_time" TEXT,
ADD COLUMN     "source" TEXT,
ADD COLUMN     "surprise_trend" DECIMAL(8,4),
ADD COLUMN     "surprise_volatility" DECIMAL(8,4);

-- CreateTable
CREATE TABLE "earnings_model_evaluations" (
    "model_version" TEXT NOT NULL,
    "reports" INTEGER NOT NULL,
    "warm_up_reports" INTEGER NOT NULL,
    "base_rate" DOUBLE PRECISION NOT NULL,
    "brier_model" DOUBLE PRECISION NOT NULL,
    "brier_base_rate" DOUBLE PRECISION NOT NULL,
    "brier_raw_rate" DOUBLE PRECISION NOT NULL,
    "brier_skill_score" DOUBLE PRECISION NOT NULL,
    "log_loss" DOUBLE PRECISION NOT NULL,
    "auc" DOUBLE PRECISION NOT NULL,
    "ece" DOUBLE PRECISION NOT NULL,
    "reliability" JSONB NOT NULL,
    "first_report" TEXT NOT NULL,
    "last_report" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "earnings_model_evaluations_pkey" PRIMARY KEY ("model_version")
);

-- CreateIndex
CREATE UNIQUE INDEX "earnings_predictions_ticker_earnings_date_key" ON "earnings_predictions"("ticker", "earnings_date");
