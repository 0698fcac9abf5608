import styled, { css, type DefaultTheme } from "styled-components";
import { Muted } from "./cells";
import { formatPoints, momentumRank, momentumValue } from "./format";
import { MomentumBadge } from "./MomentumBadge";
import { columnsCsv, rounded, type ResultColumn, type SortState } from "./resultColumns";
import { newsCountColumn, priceColumn, sentimentColumn, technicalScoreColumn, tickerColumn } from "./sharedColumns";
import { COMBINED_SENTIMENT_THRESHOLDS } from "./tones";
import type { CombinedScreenResults_result$data } from "./__generated__/CombinedScreenResults_result.graphql";

export type CombinedRow = CombinedScreenResults_result$data["rows"]["edges"][number]["node"];
export type CombinedColumnKey = "ticker" | "price" | "grade" | "combinedScore" | "technicalScore" | "sentimentScore" | "newsCount" | "crossover" | "momentum";

/** The Combined table's columns in order; also exactly the CSV export's columns. */
export const COMBINED_COLUMNS: readonly ResultColumn<CombinedRow, CombinedColumnKey>[] = [
  tickerColumn({ width: 96 }),
  priceColumn({ width: 84 }),
  {
    key: "grade",
    label: "Grade",
    width: 70,
    align: "start",
    sortValue: (row) => row.grade,
    csvValue: (row) => row.grade,
    firstDirection: "ascending",
    render: (row) => <GradeBadge grade={row.grade} />,
  },
  {
    key: "combinedScore",
    label: "Combined Score",
    shortLabel: "Combined",
    width: 96,
    align: "end",
    sortValue: (row) => row.combinedScore,
    csvValue: (row) => rounded(row.combinedScore, 2),
    firstDirection: "descending",
    render: (row) => <strong>{formatPoints(row.combinedScore)}</strong>,
  },
  technicalScoreColumn({ shortLabel: "Tech", width: 80 }),
  sentimentColumn({ width: 88, thresholds: COMBINED_SENTIMENT_THRESHOLDS }),
  newsCountColumn({ width: 64 }),
  {
    key: "crossover",
    label: "Crossover",
    width: 92,
    align: "start",
    sortValue: (row) => (row.crossover ? 1 : 0),
    csvValue: (row) => (row.crossover ? "yes" : "no"),
    firstDirection: "descending",
    render: (row) =>
      row.crossover ? (
        <Crossover>
          <span aria-hidden="true">✓ </span>Yes
        </Crossover>
      ) : (
        <Muted>No</Muted>
      ),
  },
  {
    key: "momentum",
    label: "Momentum",
    width: 130,
    align: "start",
    sortValue: (row) => momentumRank(row.momentum),
    csvValue: (row) => momentumValue(row.momentum),
    firstDirection: "descending",
    render: (row) => <MomentumBadge momentum={row.momentum} />,
  },
];

/** The server's order: combined score, highest first. */
export const COMBINED_DEFAULT_SORT: SortState<CombinedColumnKey> = { key: "combinedScore", direction: "descending" };

export const COMBINED_CSV_FILE_NAME = "combined_screening_results.csv";

/** combined_screening_results.csv: the table's columns, rows in the order given (the table's sort). */
export const buildCombinedResultsCsv = (rows: readonly CombinedRow[]) => columnsCsv(COMBINED_COLUMNS, rows);

const gradeColor = (theme: DefaultTheme, grade: string) =>
  grade === "A" ? theme.colors.success : grade === "B" ? theme.colors.primary : grade === "C" ? theme.colors.premium : theme.colors.danger;

/** A grade letter in a ring of its colour, named "Grade A" for assistive technology. */
export function GradeBadge({ grade }: { grade: string }) {
  return (
    <GradeRing $grade={grade} aria-label={`Grade ${grade}`} role="img">
      {grade}
    </GradeRing>
  );
}

const GradeRing = styled.span<{ $grade: string }>`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  font-weight: 800;
  ${({ theme, $grade }) => {
    const color = gradeColor(theme, $grade);
    return css`
      color: ${color};
      background: color-mix(in srgb, ${color} 14%, ${theme.colors.surface});
      border: 1px solid color-mix(in srgb, ${color} 45%, ${theme.colors.border});
    `;
  }}
`;

const Crossover = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 650;
`;
