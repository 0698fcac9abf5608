// The Pro Screener's table columns and its CSV: the Combined columns, the Basic figures the advanced filters use, and the
// extra columns (AI, earnings, 13F, analyst actions). Every figure is the server's; an unknown one is
// an empty cell, never 0.
import { AnalystActivity, analystActivityText, analystSortValue, Muted } from "./cells";
import { GradeBadge } from "./combinedColumns";
import { toCsv, type CsvCell } from "./csv";
import { formatDecimal, formatInteger, formatPoints, MISSING } from "./format";
import type { ResultColumn, SortState } from "./resultColumns";
import { marketCapColumn, newsCountColumn, peRatioColumn, priceColumn, sentimentColumn, tickerColumn } from "./sharedColumns";
import { COMBINED_SENTIMENT_THRESHOLDS } from "./tones";

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
  readonly peRatio: number | null | undefined;
  readonly marketCap: number | null | undefined;
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

const CSV_COLUMNS: readonly { label: string; value: (row: ProRow) => CsvCell }[] = [
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
  { label: "pe_ratio", value: (row) => row.peRatio },
  { label: "market_cap", value: (row) => row.marketCap },
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

export const PRO_CSV_COLUMNS = CSV_COLUMNS.map((column) => column.label);

/** pro_screening_results.csv: every row of the run, in the order given. */
export function buildProResultsCsv(rows: readonly ProRow[]): string {
  return toCsv(PRO_CSV_COLUMNS, rows.map((row) => CSV_COLUMNS.map((column) => column.value(row))));
}

const percent = (value: number | null | undefined, decimals = 1) => (value == null ? MISSING : `${formatDecimal(value * 100, decimals)}%`);

export type ProColumnKey =
  | "ticker"
  | "price"
  | "grade"
  | "combinedScore"
  | "peRatio"
  | "marketCap"
  | "aiScore"
  | "aiRank"
  | "return3m"
  | "return12m"
  | "volatility60"
  | "beatProbability"
  | "daysToReport"
  | "funds"
  | "sector"
  | "analystActivity"
  | "newsCount"
  | "sentimentScore";

type ProColumn = ResultColumn<ProRow, ProColumnKey>;

/** A fraction column shown as a percentage ("12.3%"), sorted by its value, unknown last. */
const percentColumn = (key: "return3m" | "return12m" | "volatility60", label: string, shortLabel: string): ProColumn => ({
  key,
  label,
  shortLabel,
  width: 76,
  align: "end",
  sortValue: (row) => row[key],
  csvValue: (row) => row[key],
  firstDirection: "descending",
  render: (row) => percent(row[key]),
});

/** The Pro table's columns in order (the CSV holds more: PRO_CSV_COLUMNS). */
export const PRO_COLUMNS: readonly ProColumn[] = [
  tickerColumn({ width: 96 }),
  priceColumn({ width: 84 }),
  { key: "grade", label: "Grade", width: 64, align: "start", sortValue: (row) => row.grade, csvValue: (row) => row.grade, firstDirection: "ascending", render: (row) => <GradeBadge grade={row.grade} /> },
  {
    key: "combinedScore",
    label: "Combined Score",
    shortLabel: "Combined",
    width: 90,
    align: "end",
    sortValue: (row) => row.combinedScore,
    csvValue: (row) => row.combinedScore,
    firstDirection: "descending",
    render: (row) => formatPoints(row.combinedScore),
  },
  peRatioColumn({ width: 60 }),
  marketCapColumn({ width: 80 }),
  {
    key: "aiScore",
    label: "AI score",
    width: 76,
    align: "end",
    sortValue: (row) => row.aiScore,
    csvValue: (row) => row.aiScore,
    firstDirection: "descending",
    render: (row) => (row.aiScore == null ? <Muted title="No AI score for this ticker on the day">{MISSING}</Muted> : percent(row.aiScore, 1)),
  },
  {
    key: "aiRank",
    label: "AI rank",
    width: 90,
    align: "end",
    sortValue: (row) => row.aiRank,
    csvValue: (row) => row.aiRank,
    firstDirection: "ascending",
    render: (row) => (row.aiRank == null ? MISSING : `${formatInteger(row.aiRank)} / ${formatInteger(row.aiRankedOf)}`),
  },
  percentColumn("return3m", "3-month return", "3m"),
  percentColumn("return12m", "12-month return", "12m"),
  percentColumn("volatility60", "60-day volatility", "Vol 60d"),
  {
    key: "beatProbability",
    label: "Beat probability",
    shortLabel: "Beat prob.",
    width: 84,
    align: "end",
    sortValue: (row) => row.beatProbability,
    csvValue: (row) => row.beatProbability,
    firstDirection: "descending",
    render: (row) =>
      row.beatProbability == null ? (
        <Muted title="Not covered by the earnings predictions, or no report ahead">{MISSING}</Muted>
      ) : (
        percent(row.beatProbability, 0)
      ),
  },
  {
    key: "daysToReport",
    label: "Days to next report",
    shortLabel: "Report in",
    width: 84,
    align: "end",
    sortValue: (row) => row.daysToReport,
    csvValue: (row) => row.daysToReport,
    firstDirection: "ascending",
    render: (row) => (row.daysToReport == null ? MISSING : <span title={row.nextReportDate ?? undefined}>{`${formatInteger(row.daysToReport)} d`}</span>),
  },
  {
    key: "funds",
    label: "Funds (13F)",
    width: 220,
    align: "start",
    sortValue: (row) => (row.fundHoldings.length === 0 ? null : row.fundHoldings.map(fundHoldingText).join("; ")),
    csvValue: (row) => row.fundHoldings.map(fundHoldingText).join("; "),
    firstDirection: "ascending",
    render: (row) => {
      const text = row.fundHoldings.map(fundHoldingText).join("; ");
      return text ? <span title={text}>{text}</span> : MISSING;
    },
  },
  {
    key: "sector",
    label: "Sector",
    width: 150,
    align: "start",
    sortValue: (row) => row.sector,
    csvValue: (row) => row.sector,
    firstDirection: "ascending",
    render: (row) => (row.sector ? <span title={row.sector}>{row.sector}</span> : MISSING),
  },
  {
    key: "analystActivity",
    label: "Analyst upgrades and downgrades",
    shortLabel: "Upg / Dng",
    width: 84,
    align: "end",
    sortValue: analystSortValue,
    csvValue: analystActivityText,
    firstDirection: "descending",
    render: (row) => <AnalystActivity upgrades={row.analystUpgrades} downgrades={row.analystDowngrades} />,
  },
  newsCountColumn({ label: "Articles", width: 72 }),
  sentimentColumn({ width: 84, thresholds: COMBINED_SENTIMENT_THRESHOLDS }),
];

/** The server's order: combined score, highest first. */
export const PRO_DEFAULT_SORT: SortState<ProColumnKey> = { key: "combinedScore", direction: "descending" };
