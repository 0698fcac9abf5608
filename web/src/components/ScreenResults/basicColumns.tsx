import { graphql } from "react-relay";
import { formatCompact, formatDecimal, formatInteger, momentumRank, momentumValue } from "./format";
import { AnalystActivity, analystActivityText, analystSortValue, CompactFigure } from "./cells";
import { MomentumBadge } from "./MomentumBadge";
import { columnsCsv, rounded, sortRows, type ResultColumn, type SortState } from "./resultColumns";
import { marketCapColumn, newsCountColumn, peRatioColumn, priceColumn, sentimentColumn, technicalScoreColumn, tickerColumn } from "./sharedColumns";
import { ToneValue } from "./ToneValue";
import { BASIC_SENTIMENT_THRESHOLDS, rsiCellTone } from "./tones";
import type { basicColumns_row$data } from "./__generated__/basicColumns_row.graphql";

/** The fields a Basic row shows: spread unmasked where a table reads rows (Basic results, watchlists). */
export const BASIC_ROW_FRAGMENT = graphql`
  fragment basicColumns_row on BasicScreenRow {
    ticker
    name
    price
    sma5
    sma20
    sma50
    rsi
    volume
    technicalScore
    sentimentScore
    newsCount
    analystUpgrades
    analystDowngrades
    momentum
    peRatio
    marketCap
    beta
  }
`;

export type BasicRow = Omit<basicColumns_row$data, " $fragmentType">;

export type BasicColumnKey =
  | "ticker"
  | "price"
  | "sma5"
  | "sma20"
  | "sma50"
  | "rsi"
  | "volume"
  | "technicalScore"
  | "sentimentScore"
  | "newsCount"
  | "analystActivity"
  | "momentum"
  | "peRatio"
  | "marketCap"
  | "beta";

export type BasicColumn = ResultColumn<BasicRow, BasicColumnKey>;
export { analystActivityText };

// Widths sized so all fifteen columns fit the results pane of a 1440 px window (about 1,020 px)
// without scrolling sideways; narrower windows scroll, with the ticker column kept in view.
/** The table's columns in order; also exactly the CSV export's columns (spec §7 names). */
export const BASIC_COLUMNS: readonly BasicColumn[] = [
  tickerColumn({ width: 80 }),
  priceColumn({ width: 70, compact: true }),
  ...(["sma5", "sma20", "sma50"] as const).map(
    (key): BasicColumn => ({
      key,
      label: `SMA ${key.slice(3)}`,
      width: 64,
      align: "end",
      sortValue: (row) => row[key],
      csvValue: (row) => rounded(row[key], 2),
      firstDirection: "descending",
      render: (row) => <CompactFigure value={row[key]} />,
    }),
  ),
  {
    key: "rsi",
    label: "RSI",
    width: 60,
    align: "end",
    sortValue: (row) => row.rsi,
    csvValue: (row) => rounded(row.rsi, 2),
    firstDirection: "descending",
    render: (row) => <ToneValue tone={rsiCellTone(row.rsi)}>{formatDecimal(row.rsi, 1)}</ToneValue>,
  },
  {
    key: "volume",
    label: "Volume",
    shortLabel: "Vol",
    width: 56,
    align: "end",
    sortValue: (row) => row.volume,
    csvValue: (row) => rounded(row.volume, 0),
    firstDirection: "descending",
    render: (row) => <span title={row.volume == null ? undefined : `${formatInteger(row.volume)} shares`}>{formatCompact(row.volume)}</span>,
  },
  technicalScoreColumn({ shortLabel: "Tech", width: 74 }),
  sentimentColumn({ shortLabel: "Sent.", width: 62, thresholds: BASIC_SENTIMENT_THRESHOLDS }),
  newsCountColumn({ label: "News Count", shortLabel: "News", width: 62 }),
  {
    key: "analystActivity",
    label: "Analyst Activity",
    shortLabel: "Analyst",
    width: 76,
    align: "end",
    sortValue: analystSortValue,
    csvValue: analystActivityText,
    firstDirection: "descending",
    render: (row) => <AnalystActivity upgrades={row.analystUpgrades} downgrades={row.analystDowngrades} />,
  },
  {
    key: "momentum",
    label: "Momentum",
    width: 116,
    align: "start",
    sortValue: (row) => momentumRank(row.momentum),
    csvValue: (row) => momentumValue(row.momentum),
    firstDirection: "descending",
    render: (row) => <MomentumBadge momentum={row.momentum} />,
  },
  peRatioColumn({ width: 52 }),
  marketCapColumn({ width: 64, shortLabel: "Cap" }),
  {
    key: "beta",
    label: "Beta",
    width: 56,
    align: "end",
    sortValue: (row) => row.beta,
    csvValue: (row) => rounded(row.beta, 3),
    firstDirection: "descending",
    render: (row) => formatDecimal(row.beta, 2),
  },
];

/** The server's order: technical score, highest first. */
export const DEFAULT_SORT: SortState<BasicColumnKey> = { key: "technicalScore", direction: "descending" };

export const sortBasicRows = (rows: readonly BasicRow[], sort: SortState<BasicColumnKey>) => sortRows(BASIC_COLUMNS, rows, sort);

export const BASIC_CSV_FILE_NAME = "basic_screening_results.csv";

/** basic_screening_results.csv: exactly the spec §7 columns, rows in the order given (the table's sort). */
export const buildBasicResultsCsv = (rows: readonly BasicRow[]) => columnsCsv(BASIC_COLUMNS, rows);
