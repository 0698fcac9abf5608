/** The spec's fund (§6), Berkshire Hathaway: the tracker and the stock page's 13F section show it. */
export const DEFAULT_FUND_CIK = "0001067983";
