-- Some sources give a date but no time of day (the bundled Reuters and CNBC headlines and Yahoo's
-- rating history, stored at 12:00 UTC of their date). Windows count such an article only when its
-- whole UTC day lies inside them, so the store records which times are known.
ALTER TABLE "news_articles" ADD COLUMN "published_time_known" BOOLEAN NOT NULL DEFAULT true;

-- Databases that loaded the snapshot before this column existed keep their rows (the loads'
-- completion markers stay valid): mark the date-only sources' rows here.
UPDATE "news_articles" SET "published_time_known" = false
WHERE "is_snapshot" AND "source" IN ('reuters', 'cnbc', 'yahoo-ratings');
