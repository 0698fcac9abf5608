// Valuation and quality ratios from one fiscal year's 10-K figures and a close price. Pure: the
// caller picks the report known on its as-of day (annualReportAsOf) and brings the close with the
// share count on that close's split basis. Ratios are fractions (0.25, not 25%).

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

/** A reported figure: its value, or null with why it is unknown (the bundled file always has them; SEC's facts may not). */
export type ReportedFigure = number | { value: null; reason: string };

export type FundamentalInputs = {
  close: number;
  /** The share count times any split factor between its basis and the close's; null when unknown. */
  sharesOnPriceBasis: number | null;
  /** Why the share count is unknown, when it is. */
  sharesUnknownReason?: string;
  /** The share count is implied (net income ÷ EPS), not a filed count: market cap and its ratios are estimates. Default true. */
  sharesAreEstimate?: boolean;
  report: {
    revenue: ReportedFigure;
    netIncome: ReportedFigure;
    netIncomeToCommon: ReportedFigure;
    totalEquity: ReportedFigure;
    /** Long-term debt, or all debt where the source gives one total. */
    longTermDebt: ReportedFigure;
    shortTermDebt: ReportedFigure;
    isFinancial: boolean;
  };
  /** The fiscal year before `report`'s, for growth; null when the source does not have it. */
  priorReport: { revenue: ReportedFigure } | null;
  /** Why there is no prior fiscal year, when `priorReport` is null. */
  priorUnknownReason?: string;
};

const known = (value: number, isEstimate: boolean): FundamentalValue => ({ value, reason: null, isEstimate });
const unknown = (reason: string, isEstimate: boolean): FundamentalValue => ({ value: null, reason, isEstimate });

const noEquity = "equity is zero or negative";
const noRevenue = "no revenue";

/**
 * Each figure from the inputs it needs: known when they all are, else unknown with the first
 * missing input's reason. `compute` sees the inputs as numbers.
 */
function from<Inputs extends ReportedFigure[]>(
  isEstimate: boolean,
  inputs: [...Inputs],
  compute: (...values: { [K in keyof Inputs]: number }) => FundamentalValue,
): FundamentalValue {
  const missing = inputs.find((input): input is { value: null; reason: string } => typeof input !== "number");
  return missing ? unknown(missing.reason, isEstimate) : compute(...(inputs as { [K in keyof Inputs]: number }));
}

export function fundamentalFields({
  close,
  sharesOnPriceBasis,
  sharesUnknownReason = "no implied share count: the fiscal year has no usable EPS",
  sharesAreEstimate = true,
  report,
  priorReport,
  priorUnknownReason = "no prior fiscal year in the file",
}: FundamentalInputs): FundamentalFields {
  const { revenue, netIncome, netIncomeToCommon, totalEquity, longTermDebt, shortTermDebt, isFinancial } = report;
  const marketCap: ReportedFigure = sharesOnPriceBasis !== null && sharesOnPriceBasis > 0 ? close * sharesOnPriceBasis : { value: null, reason: sharesUnknownReason };
  // Market cap and every ratio on it are estimates when the share count is, whether known or not.
  const onMarketCap = (inputs: ReportedFigure[], compute: (marketCap: number, ...values: number[]) => FundamentalValue) =>
    from(sharesAreEstimate, [marketCap, ...inputs], compute);

  return {
    marketCap: onMarketCap([], (value) => known(value, sharesAreEstimate)),
    peRatio: onMarketCap([netIncomeToCommon], (cap, income) => (income > 0 ? known(cap / income, sharesAreEstimate) : unknown("loss", sharesAreEstimate))),
    earningsYield: onMarketCap([netIncomeToCommon], (cap, income) => known(income / cap, sharesAreEstimate)),
    priceToBook: onMarketCap([totalEquity], (cap, equity) => (equity > 0 ? known(cap / equity, sharesAreEstimate) : unknown(noEquity, sharesAreEstimate))),
    priceToSales: onMarketCap([revenue], (cap, sales) => (sales > 0 ? known(cap / sales, sharesAreEstimate) : unknown(noRevenue, sharesAreEstimate))),
    revenueGrowth:
      priorReport === null
        ? unknown(priorUnknownReason, false)
        : from(false, [revenue, priorReport.revenue], (now, before) => (before > 0 ? known(now / before - 1, false) : unknown("no revenue in the prior fiscal year", false))),
    netMargin: from(false, [netIncome, revenue], (income, sales) => (sales > 0 ? known(income / sales, false) : unknown(noRevenue, false))),
    returnOnEquity: from(false, [netIncome, totalEquity], (income, equity) => (equity > 0 ? known(income / equity, false) : unknown(noEquity, false))),
    debtToEquity: isFinancial
      ? unknown("not meaningful for banks and insurers", false)
      : from(false, [longTermDebt, shortTermDebt, totalEquity], (longTerm, shortTerm, equity) =>
          equity > 0 ? known((longTerm + shortTerm) / equity, false) : unknown(noEquity, false),
        ),
  };
}
