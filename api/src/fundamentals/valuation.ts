// Valuation and quality ratios from one fiscal year's 10-K figures and a close price. Pure: the
// caller picks the report known on its as-of day (annualReportAsOf) and brings the close with the
// share count on that close's split basis. Ratios are fractions (0.25, not 25%).
import type { AnnualReport } from "./annual-reports";

/**
 * One figure, or null with the reason it is unknown. `isEstimate`: built on market capitalisation,
 * whose share count is implied from net income ÷ EPS, not a reported count.
 */
export type FundamentalValue = { value: number | null; reason: string | null; isEstimate: boolean };

export type FundamentalFields = {
  marketCap: FundamentalValue;
  /** Trailing: market cap ÷ the fiscal year's net income to common (= close ÷ basic EPS). */
  peRatio: FundamentalValue;
  /** Net income to common ÷ market cap; negative for a loss. */
  earningsYield: FundamentalValue;
  priceToBook: FundamentalValue;
  priceToSales: FundamentalValue;
  /** Revenue ÷ the previous fiscal year's − 1. */
  revenueGrowth: FundamentalValue;
  netMargin: FundamentalValue;
  returnOnEquity: FundamentalValue;
  /** (Long-term + short-term debt) ÷ total equity. */
  debtToEquity: FundamentalValue;
};

export type FundamentalInputs = {
  close: number;
  /** `report.impliedShares` times any split factor between its basis and the close's; null when unknown. */
  sharesOnPriceBasis: number | null;
  report: Pick<AnnualReport, "revenue" | "netIncome" | "netIncomeToCommon" | "totalEquity" | "longTermDebt" | "shortTermDebt" | "isFinancial">;
  /** The fiscal year before `report`'s, for growth; null when the file does not have it. */
  priorReport: Pick<AnnualReport, "revenue"> | null;
};

const known = (value: number, isEstimate: boolean): FundamentalValue => ({ value, reason: null, isEstimate });
const unknown = (reason: string, isEstimate: boolean): FundamentalValue => ({ value: null, reason, isEstimate });

const noEquity = "equity is zero or negative";
const noRevenue = "no revenue";

export function fundamentalFields({ close, sharesOnPriceBasis, report, priorReport }: FundamentalInputs): FundamentalFields {
  const { revenue, netIncome, netIncomeToCommon, totalEquity, longTermDebt, shortTermDebt, isFinancial } = report;
  const marketCapValue = sharesOnPriceBasis !== null && sharesOnPriceBasis > 0 ? close * sharesOnPriceBasis : null;
  const marketCapReason = "no implied share count: the fiscal year has no usable EPS";
  // Market cap and every ratio on it are estimates, whether known or not.
  const fromMarketCap = (ratio: (marketCap: number) => FundamentalValue): FundamentalValue =>
    marketCapValue === null ? unknown(marketCapReason, true) : ratio(marketCapValue);

  return {
    marketCap: marketCapValue === null ? unknown(marketCapReason, true) : known(marketCapValue, true),
    peRatio: fromMarketCap((marketCap) => (netIncomeToCommon > 0 ? known(marketCap / netIncomeToCommon, true) : unknown("loss", true))),
    earningsYield: fromMarketCap((marketCap) => known(netIncomeToCommon / marketCap, true)),
    priceToBook: fromMarketCap((marketCap) => (totalEquity > 0 ? known(marketCap / totalEquity, true) : unknown(noEquity, true))),
    priceToSales: fromMarketCap((marketCap) => (revenue > 0 ? known(marketCap / revenue, true) : unknown(noRevenue, true))),
    revenueGrowth:
      priorReport === null
        ? unknown("no prior fiscal year in the file", false)
        : priorReport.revenue > 0
          ? known(revenue / priorReport.revenue - 1, false)
          : unknown("no revenue in the prior fiscal year", false),
    netMargin: revenue > 0 ? known(netIncome / revenue, false) : unknown(noRevenue, false),
    returnOnEquity: totalEquity > 0 ? known(netIncome / totalEquity, false) : unknown(noEquity, false),
    debtToEquity: isFinancial
      ? unknown("not meaningful for banks and insurers", false)
      : totalEquity > 0
        ? known((longTermDebt + shortTermDebt) / totalEquity, false)
        : unknown(noEquity, false),
  };
}
