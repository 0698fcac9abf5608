-- AI picks are scored in passes (ai_track_records, each with its ai_pick_runs): monthly rebalances of the
-- walk-forward track record and the days the app shows. Nothing wrote ai_picks before this migration, and any
-- row is cleared so the NOT NULL columns can be added (the next start scores the picks again).
DELETE FROM "ai_picks";

-- DropIndex
DROP INDEX "ai_picks_date_rank_idx";

-- DropIndex
DROP INDEX "ai_picks_date_ticker_key";

-- AlterTable
ALTER TABLE "ai_picks" ADD COLUMN     "baseline_rank" INTEGER,
ADD COLUMN     "factors" JSONB NOT NULL,
ADD COLUMN     "forward_return" DOUBLE PRECISION,
ADD COLUMN     "news_articles" INTEGER NOT NULL,
ADD COLUMN     "run_id" INTEGER NOT NULL,
ADD COLUMN     "score" DOUBLE PRECISION NOT NULL;

-- CreateTable
CREATE TABLE "ai_pick_runs" (
    "id" SERIAL NOT NULL,
    "record_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "data_version" TEXT NOT NULL,
    "model_version" TEXT NOT NULL,
    "fitted_on" TEXT NOT NULL,
    "training_samples" INTEGER NOT NULL,
    "training_from" TEXT,
    "training_through" TEXT,
    "model" JSONB NOT NULL,
    "universe_size" INTEGER NOT NULL,
    "period_end" TEXT,
    "outcome" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_pick_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_track_records" (
    "id" SERIAL NOT NULL,
    "complete" BOOLEAN NOT NULL DEFAULT false,
    "data_version" TEXT NOT NULL,
    "model_version" TEXT NOT NULL,
    "summary" JSONB NOT NULL,
    "curve" JSONB NOT NULL,
    "sources" JSONB NOT NULL,
    "pass_ms" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_track_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_pick_runs_record_id_kind_date_idx" ON "ai_pick_runs"("record_id", "kind", "date");

-- CreateIndex
CREATE UNIQUE INDEX "ai_pick_runs_record_id_date_key" ON "ai_pick_runs"("record_id", "date");

-- CreateIndex
CREATE INDEX "ai_track_records_complete_id_idx" ON "ai_track_records"("complete", "id");

-- CreateIndex
CREATE INDEX "ai_picks_run_id_rank_idx" ON "ai_picks"("run_id", "rank");

-- CreateIndex
CREATE UNIQUE INDEX "ai_picks_run_id_ticker_key" ON "ai_picks"("run_id", "ticker");

-- AddForeignKey
ALTER TABLE "ai_picks" ADD CONSTRAINT "ai_picks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "ai_pick_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_pick_runs" ADD CONSTRAINT "ai_pick_runs_record_id_fkey" FOREIGN KEY ("record_id") REFERENCES "ai_track_records"("id") ON DELETE CASCADE ON UPDATE CASCADE;

