-- Anonymous screening runs keep who asked (a keyed hash of the client IP), so each visitor's
-- stored runs are bounded, not only their age.
ALTER TABLE "screening_runs" ADD COLUMN "anonymous_requester" TEXT;

CREATE INDEX "screening_runs_anonymous_requester_created_at_idx" ON "screening_runs"("anonymous_requester", "created_at");
