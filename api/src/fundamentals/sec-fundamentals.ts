// Live fundamentals from SEC's XBRL companyfacts (sec/), for the days the bundled 2012–2016 file
// cannot answer: each figure as filed on or before the day (sec/companyfacts.ts), valued at the
// day's stored close. Used by one stock's views (the stock page, compare) when SEC_USER_AGENT is
// set; screens stay on the bundled file, which answers every row at once without a request.
//
// Market cap needs the filed share count on the stored prices' basis. The stored prices are
// split-adjusted as of each security's last bar, so the count is multiplied by every split after
// its cover date; those splits are known from the 2018–2021 snapshot's split_coefficient column,
// so price-based figures are given from its first day only, and only while the security's bars end
// inside it (a live refresh past it may have adjusted for splits that are not stored).
import { snapshotSplits } from "../market-data/price-snapshot";
import { securityInfo } from "../market-data/universes";
import { securityByTicker2017 } from "./annual-reports";
import { reportTickerOf, type FundamentalsAsOf } from "./fundamentals-as-of";
import { pointInTimeFundamentals, type Fundamental } from "./sec/companyfacts";
import type { CompanyFactsCache } from "./sec/sec-xbrl-client";
import { fundamentalFields, type ReportedFigure } from "./valuation";

/** The first and last day of the 2018–2021 snapshot, whose splits are stored. */
export const SPLITS_KNOWN_FROM = "2018-01-02";
export const SPLITS_KNOWN_THROUGH = "2021-04-21";

/** A security's SEC CIK: from today's S&P 500 list, else the early-2017 list of its 10-K file ticker; null when neither names it. */
export function cikOf(key: string): string | null {
  const listed = securityInfo(key)?.cik;
  if (listed) return listed;
  const reportTicker = reportTickerOf(key);
  return reportTicker ? (securityByTicker2017(reportTicker.ticker)?.cik ?? null) : null;
}

const figure = (fact: Fundamental): ReportedFigure => (fact.value === null ? { value: null, reason: fact.reason } : fact.value);

/**
 * `key`'s fundamentals on `day` at `close` (the stored close of that day; `lastBarDate` is the day
 * its stored bars end) from SEC's facts filed by then, or null when SEC cannot be asked (no CIK).
 * Throws the client's ProviderError when SEC does not answer.
 */
export async function secFundamentalsAsOf(
  companyFacts: CompanyFactsCache,
  key: string,
  quote: { close: number; day: string; lastBarDate: string },
  signal?: AbortSignal,
): Promise<FundamentalsAsOf | null> {
  const cik = cikOf(key);
  if (cik === null) return null;
  const facts = pointInTimeFundamentals(await companyFacts.companyFacts(cik, signal), quote.day);
  const shares = facts.sharesOutstanding;
  let sharesOnPriceBasis: number | null = null;
  let sharesUnknownReason = shares.value === null ? shares.reason : "";
  if (shares.value !== null) {
    if (quote.day < SPLITS_KNOWN_FROM || quote.lastBarDate > SPLITS_KNOWN_THROUGH) {
      sharesUnknownReason = `the splits between the filed share count and the stored prices are known from ${SPLITS_KNOWN_FROM} to ${SPLITS_KNOWN_THROUGH} only`;
    } else {
      const laterSplits = ((await snapshotSplits()).get(key) ?? []).filter((split) => split.date > shares.periodEnd);
      sharesOnPriceBasis = laterSplits.reduce((count, split) => count * split.ratio, shares.value);
    }
  }
  const netIncome = figure(facts.netIncome);
  const fields = fundamentalFields({
    close: quote.close,
    sharesOnPriceBasis,
    sharesUnknownReason,
    sharesAreEstimate: false,
    report: {
      revenue: figure(facts.revenue),
      netIncome,
      netIncomeToCommon: netIncome,
      totalEquity: figure(facts.stockholdersEquity),
      longTermDebt: figure(facts.totalDebt),
      shortTermDebt: 0,
      isFinancial: securityInfo(key)?.sector === "Financials",
    },
    priorReport: facts.priorYearRevenue.value === null ? null : { revenue: facts.priorYearRevenue.value },
    priorUnknownReason: facts.priorYearRevenue.value === null ? facts.priorYearRevenue.reason : undefined,
  });
  const annual = facts.revenue.value !== null ? facts.revenue : facts.netIncome.value !== null ? facts.netIncome : null;
  const cite = (fact: Fundamental) => (fact.value === null ? null : `${fact.form} filed ${fact.filed} (accession ${fact.accn})`);
  const sharesCited = shares.value === null ? null : `${Math.round(shares.value).toLocaleString("en-US")} shares outstanding on ${shares.periodEnd}, ${cite(shares)}`;
  return {
    ...fields,
    source: annual
      ? `SEC XBRL companyfacts, CIK ${cik}: fiscal year ended ${annual.periodEnd}, ${cite(annual)}${sharesCited ? `; ${sharesCited}` : ""}`
      : null,
    fiscalYearEnd: annual?.periodEnd ?? null,
    knownFrom: annual?.filed ?? null,
  };
}
