// The Pro Screener's CSV: the Combined columns, the Basic figures the advanced filters use, and the
// extra columns (AI, earnings, 13F, analyst actions). Every figure is the server's; an unknown one is
// an empty cell, never 0.
import { toCsv, type CsvCell } from "./csv";

export const PRO_CSV_FILE_NAME = "pro_screening_results.csv";

export type ProFundHoldingRow = { readonly fundName: string; readonly quarterEnd: string; readonly changeKind: string | null | undefined };

export interface ProRow {
  readonly ticker: string;
  readonly name: string | null | undefined;
  readonly sector: string | null | undefined;
  readonly price: number;
  readonly grade: string;
  readonly combinedScore: number;
  readonly technicalScore: number;
  readonly sentimentScore: number | null | undefined;
  readonly newsCount: number;
  readonly analystUpgrades: number;
  readonly analystDowngrades: number;
  readonly beta: number | null | undefined;
  readonly aiScore: number | null | undefined;
  readonly aiRank: number | null | undefined;
  readonly aiRankedOf: number | null | undefined;
  readonly return1m: number | null | undefined;
  readonly return3m: number | null | undefined;
  readonly return12m: number | null | undefined;
  readonly volatility60: number | null | undefined;
  readonly beatProbability: number | null | undefined;
  readonly nextReportDate: string | null | undefined;
  readonly daysToReport: number | null | undefined;
  readonly fundHoldings: readonly ProFundHoldingRow[];
  readonly asOf: string;
}

/** "BERKSHIRE HATHAWAY INC: ADDED (Q 2020-12-31)"; a first quarter's change is "held, change unknown". */
export function fundHoldingText(holding: ProFundHoldingRow): string {
  const change = holding.changeKind ? holding.changeKind.replace("_", " ") : "held, change unknown";
  return `${holding.fundName}: ${change} (quarter ${holding.quarterEnd})`;
}

const COLUMNS: readonly { label: string; value: (row: ProRow) => CsvCell }[] = [
  { label: "ticker", value: (row) => row.ticker },
  { label: "name", value: (row) => row.name },
  { label: "sector", value: (row) => row.sector },
  { label: "price", value: (row) => row.price },
  { label: "grade", value: (row) => row.grade },
  { label: "combined_score", value: (row) => row.combinedScore },
  { label: "technical_score", value: (row) => row.technicalScore },
  { label: "sentiment_score", value: (row) => row.sentimentScore },
  { label: "news_count", value: (row) => row.newsCount },
  { label: "analyst_upgrades", value: (row) => row.analystUpgrades },
  { label: "analyst_downgrades", value: (row) => row.analystDowngrades },
  { label: "beta_60", value: (row) => row.beta },
  { label: "ai_score", value: (row) => row.aiScore },
  { label: "ai_rank", value: (row) => row.aiRank },
  { label: "ai_ranked_of", value: (row) => row.aiRankedOf },
  { label: "return_1m", value: (row) => row.return1m },
  { label: "return_3m", value: (row) => row.return3m },
  { label: "return_12m", value: (row) => row.return12m },
  { label: "volatility_60", value: (row) => row.volatility60 },
  { label: "beat_probability", value: (row) => row.beatProbability },
  { label: "next_report_date", value: (row) => row.nextReportDate },
  { label: "days_to_report", value: (row) => row.daysToReport },
  { label: "fund_changes", value: (row) => row.fundHoldings.map(fundHoldingText).join("; ") },
  { label: "as_of", value: (row) => row.asOf },
];

export const PRO_CSV_COLUMNS = COLUMNS.map((column) => column.label);

/** pro_screening_results.csv: every row of the run, in the order given. */
export function buildProResultsCsv(rows: readonly ProRow[]): string {
  return toCsv(PRO_CSV_COLUMNS, rows.map((row) => COLUMNS.map((column) => column.value(row))));
}
