-- Each price source's first and last day (the disclosure of every screen) read by a skip scan
-- of this index: a GROUP BY over every bar took 1.5-1.7 s at each start with 1.1 M bars.
CREATE INDEX "price_data_source_date_idx" ON "price_data"("source", "date");
