-- The walk-forward evaluation gains accuracy beside always calling a beat, and block-bootstrap
-- intervals of the skill. A stored evaluation lacks them: it is dropped, and the earnings
-- snapshot's version (which now names the evaluation's figures) makes the next start store it again.
DELETE FROM "earnings_model_evaluations";

-- AlterTable
ALTER TABLE "earnings_model_evaluations" ADD COLUMN     "accuracy" DOUBLE PRECISION NOT NULL,
ADD COLUMN     "accuracy_gain_high" DOUBLE PRECISION,
ADD COLUMN     "accuracy_gain_low" DOUBLE PRECISION,
ADD COLUMN     "always_beat_accuracy" DOUBLE PRECISION NOT NULL,
ADD COLUMN     "brier_skill_high" DOUBLE PRECISION,
ADD COLUMN     "brier_skill_low" DOUBLE PRECISION,
ADD COLUMN     "skill_significant" BOOLEAN NOT NULL;
