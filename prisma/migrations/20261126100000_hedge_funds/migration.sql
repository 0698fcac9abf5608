-- 13F holdings (issue 14): hedge_fund_holdings gets the CUSIP, issuer and class of each security, so a
-- CUSIP with no known ticker is kept (its ticker column holds the CUSIP, ticker_mapped false) and option
-- positions on a CUSIP are told apart (put_call), one row per (fund, quarter, CUSIP, put/call). Plus the
-- funds tracked (with the live import's status) and the filing stored for each quarter. Nothing wrote
-- hedge_fund_holdings before this migration, and any row is cleared so the NOT NULL columns can be added.
DELETE FROM "hedge_fund_holdings";

-- DropIndex
DROP INDEX "hedge_fund_holdings_cik_quarter_end_ticker_key";

-- AlterTable
ALTER TABLE "hedge_fund_holdings" ADD COLUMN     "cusip" TEXT NOT NULL,
ADD COLUMN     "issuer_name" TEXT NOT NULL,
ADD COLUMN     "put_call" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "ticker_mapped" BOOLEAN NOT NULL,
ADD COLUMN     "title_of_class" TEXT NOT NULL;

-- CreateTable
CREATE TABLE "hedge_funds" (
    "cik" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_error" TEXT,

    CONSTRAINT "hedge_funds_pkey" PRIMARY KEY ("cik")
);

-- CreateTable
CREATE TABLE "hedge_fund_filings" (
    "id" SERIAL NOT NULL,
    "cik" TEXT NOT NULL,
    "quarter_end" TEXT NOT NULL,
    "accession_number" TEXT,
    "form_type" TEXT NOT NULL,
    "filed_at" DATE,
    "amendment" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "total_value" DECIMAL(18,2) NOT NULL,
    "imported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hedge_fund_filings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "hedge_fund_filings_cik_quarter_end_key" ON "hedge_fund_filings"("cik", "quarter_end");

-- CreateIndex
CREATE UNIQUE INDEX "hedge_fund_holdings_cik_quarter_end_cusip_put_call_key" ON "hedge_fund_holdings"("cik", "quarter_end", "cusip", "put_call");
