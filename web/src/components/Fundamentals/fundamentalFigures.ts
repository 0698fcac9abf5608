import { formatCompact, formatDecimal } from "../ScreenResults/format";

import { graphql, readInlineData } from "react-relay";
import type { FundamentalFigureName } from "@shared/screen-rules";
import type { fundamentalFigures_fundamentals$data, fundamentalFigures_fundamentals$key } from "./__generated__/fundamentalFigures_fundamentals.graphql";

export type FundamentalFigureSpec = {
  key: FundamentalFigureName;
  label: string;
  show: (value: number) => string;
  /** Which value is better where two stocks are compared (null: not ranked), and why. */
  best: "high" | "low" | null;
  note: string;
  /** Only values above zero are ranked (a negative P/B or P/S means negative equity or no sense). */
  rankPositiveOnly?: boolean;
};

const percent = (value: number) => `${formatDecimal(value * 100, 1)}%`;

/** The fundamentals every view shows (GraphQL StockFundamentals' figures), in this order. */
export const FUNDAMENTAL_FIGURES: readonly FundamentalFigureSpec[] = [
  { key: "marketCap", label: "Market cap", show: (value) => `$${formatCompact(value)}`, best: null, note: "Not ranked: size is a preference." },
  {
    key: "peRatio",
    label: "P/E (trailing)",
    show: (value) => formatDecimal(value, 1),
    best: "low",
    note: "Lowest is best (cheapest per earnings); null for a loss.",
    rankPositiveOnly: true,
  },
  { key: "earningsYield", label: "Earnings yield", show: percent, best: "high", note: "Highest is best (earnings per dollar of market cap)." },
  { key: "priceToBook", label: "Price / book", show: (value) => formatDecimal(value, 2), best: "low", note: "Lowest positive is best.", rankPositiveOnly: true },
  { key: "priceToSales", label: "Price / sales", show: (value) => formatDecimal(value, 2), best: "low", note: "Lowest is best.", rankPositiveOnly: true },
  { key: "revenueGrowth", label: "Revenue growth (year)", show: percent, best: "high", note: "Highest is best." },
  { key: "netMargin", label: "Net margin", show: percent, best: "high", note: "Highest is best." },
  { key: "returnOnEquity", label: "Return on equity", show: percent, best: "high", note: "Highest is best." },
  { key: "debtToEquity", label: "Debt / equity", show: (value) => formatDecimal(value, 2), best: "low", note: "Lowest is best (less leverage).", rankPositiveOnly: true },
];

/** Why a figure marked an estimate is one (market cap's share count is implied, and so is what is built on it). */
export const ESTIMATE_NOTE = "An estimate: the share count is implied (net income to common ÷ basic EPS)";

export type FundamentalFigureValues = fundamentalFigures_fundamentals$data;

/** The day's figures, each a value or the reason it is unknown: the one selection the stock page and compare read. */
export function readFundamentalFigures(key: fundamentalFigures_fundamentals$key): FundamentalFigureValues {
  return readInlineData(
    graphql`
      fragment fundamentalFigures_fundamentals on StockFundamentals @inline {
        asOf
        source
        marketCap { value unknownReason isEstimate }
        peRatio { value unknownReason isEstimate }
        earningsYield { value unknownReason isEstimate }
        priceToBook { value unknownReason isEstimate }
        priceToSales { value unknownReason isEstimate }
        revenueGrowth { value unknownReason isEstimate }
        netMargin { value unknownReason isEstimate }
        returnOnEquity { value unknownReason isEstimate }
        debtToEquity { value unknownReason isEstimate }
      }
    `,
    key,
  );
}
