import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { Notice } from "../Notice/Notice";
import { ScreenBacktest } from "../ScreenBacktest/ScreenBacktest";
import {
  buildCombinedResultsCsv,
  COMBINED_COLUMNS,
  COMBINED_CSV_FILE_NAME,
  COMBINED_DEFAULT_SORT,
  GradeBadge,
  type CombinedColumnKey,
} from "./combinedColumns";
import { formatInteger } from "./format";
import { ResultsSection } from "./resultsStyles";
import { ResultsSkeleton } from "./ResultsSkeleton";
import { ResultsGrid } from "./ResultsGrid";
import { useScoreMethodology, type ScoreMethodologyKey } from "./ScoreHelp";
import { ScreenSummary } from "./ScreenSummary";
import { ToneLegend } from "./ToneLegend";
import { COMBINED_SENTIMENT_THRESHOLDS } from "./tones";
import type { CombinedScreenResults_result$key } from "./__generated__/CombinedScreenResults_result.graphql";

interface CombinedScreenResultsProps {
  /** A CombinedScreenResult spreading `...CombinedScreenResults_result` (Query.combinedScreen). */
  result: CombinedScreenResults_result$key;
  /** Query.screenMethodology spreading `...ScoreHelp_methodology`: the formulas shown on hover of the headers. */
  methodology: ScoreMethodologyKey;
  /** Each row offers "Add to a watchlist": for a signed-in viewer. */
  canAddToWatchlist?: boolean;
}

/**
 * Combined (technical 60% + sentiment 40%) results: the summary, KPI tiles, source, warnings, the
 * spread of grades, and every graded row in the sortable table that exports to
 * combined_screening_results.csv.
 */
export function CombinedScreenResults({ result, methodology, canAddToWatchlist = false }: CombinedScreenResultsProps) {
  const data = useFragment(
    graphql`
      fragment CombinedScreenResults_result on CombinedScreenResult {
        ...ScreenSummary_result
        ...ScreenBacktest_result
        runId
        gradeCounts {
          a
          b
          c
          d
        }
        # Every row, as the Basic results ask (priced by page size, capped at 10,000).
        rows(first: 10000) {
          totalCount
          edges {
            node {
              ticker
              name
              price
              grade
              combinedScore
              technicalScore
              sentimentScore
              newsCount
              crossover
              momentum
            }
          }
        }
      }
    `,
    result,
  );
  const { combinedScoreFormula, gradeThresholds, technicalScoreFormula, momentumRule } = useScoreMethodology(methodology);
  const rows = useMemo(() => data.rows.edges.map((edge) => edge.node), [data.rows.edges]);
  const { totalCount } = data.rows;
  const headerHelp: Partial<Record<CombinedColumnKey, string>> = {
    grade: gradeThresholds,
    combinedScore: combinedScoreFormula,
    technicalScore: technicalScoreFormula,
    momentum: momentumRule,
  };

  return (
    <ResultsSection aria-label="Combined analysis results">
      <ScreenSummary result={data} />
      {rows.length === 0 ? (
        <Notice title="No stocks matched">
          <p>No stock in this universe passed every filter. Widen a range or drop a required condition, and run again.</p>
        </Notice>
      ) : (
        <>
          <GradeSpread aria-label="Grades of all matches">
            Grades of all {formatInteger(totalCount)}:{" "}
            {(["a", "b", "c", "d"] as const).map((grade) => (
              <span key={grade}>
                <GradeBadge grade={grade.toUpperCase()} /> {formatInteger(data.gradeCounts[grade])}
              </span>
            ))}
          </GradeSpread>
          <ResultsGrid
            runId={data.runId}
            sortSessionKey="combined.sort"
            label="Combined analysis results table"
            columns={COMBINED_COLUMNS}
            rows={rows}
            totalCount={totalCount}
            defaultSort={COMBINED_DEFAULT_SORT}
            headerHelp={headerHelp}
            csv={{ fileName: COMBINED_CSV_FILE_NAME, build: buildCombinedResultsCsv }}
            canAddToWatchlist={canAddToWatchlist}
          />
          <ToneLegend sentiment={COMBINED_SENTIMENT_THRESHOLDS} showRsi={false} />
          <ScreenBacktest result={data} />
        </>
      )}
    </ResultsSection>
  );
}

/** Five skeleton rows under the Combined table's headers while a run is pending (spec §2). */
/** The Combined table's skeleton while a run is pending, or (`locked`) the shape of the results a Pro user would get. */
export function CombinedResultsSkeleton({ locked = false }: { locked?: boolean }) {
  return (
    <ResultsSkeleton
      label="Combined analysis results"
      status={locked ? undefined : "Running combined analysis…"}
      headers={COMBINED_COLUMNS.map((column) => column.label)}
    />
  );
}

const GradeSpread = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > span { display: inline-flex; align-items: center; gap: 4px; color: ${({ theme }) => theme.colors.text}; }
`;
