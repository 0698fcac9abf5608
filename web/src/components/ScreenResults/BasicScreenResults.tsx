import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import { Notice } from "../Notice/Notice";
import { ScreenBacktest } from "../ScreenBacktest/ScreenBacktest";
import { BASIC_COLUMNS, BASIC_CSV_FILE_NAME, buildBasicResultsCsv, DEFAULT_SORT, type BasicColumnKey } from "./basicColumns";
import { ResultsSection } from "./resultsStyles";
import { ResultsGrid } from "./ResultsGrid";
import { useScoreMethodology, type ScoreMethodologyKey } from "./ScoreHelp";
import { ScreenSummary } from "./ScreenSummary";
import { ToneLegend } from "./ToneLegend";
import { BASIC_SENTIMENT_THRESHOLDS } from "./tones";
import type { BasicScreenResults_result$key } from "./__generated__/BasicScreenResults_result.graphql";

interface BasicScreenResultsProps {
  /** A BasicScreenResult spreading `...BasicScreenResults_result` (Query.screen or Viewer.latestScreen). */
  result: BasicScreenResults_result$key;
  /** Query.screenMethodology spreading `...ScoreHelp_methodology`: the formulas shown on hover of the headers. */
  methodology: ScoreMethodologyKey;
  /** Each row offers "Add to a watchlist": for a signed-in viewer. */
  canAddToWatchlist?: boolean;
}

/**
 * Basic screen results (spec §2): the summary, KPI tiles, source and as-of, warnings, and every
 * matching row in the sortable, virtualised table that exports to basic_screening_results.csv in its
 * sort order. A new run starts in the server's order.
 */
export function BasicScreenResults({ result, methodology, canAddToWatchlist = false }: BasicScreenResultsProps) {
  const data = useFragment(
    graphql`
      fragment BasicScreenResults_result on BasicScreenResult {
        ...ScreenSummary_result
        ...ScreenBacktest_result
        runId
        # Every row: the server prices a page by its size (1 point per 100 rows) and caps it at 10,000.
        rows(first: 10000) {
          totalCount
          edges {
            node {
              ...basicColumns_row @relay(mask: false)
            }
          }
        }
      }
    `,
    result,
  );
  const { technicalScoreFormula, momentumRule } = useScoreMethodology(methodology);
  const rows = useMemo(() => data.rows.edges.map((edge) => edge.node), [data.rows.edges]);
  const headerHelp: Partial<Record<BasicColumnKey, string>> = { technicalScore: `Tech Score: ${technicalScoreFormula}`, momentum: momentumRule };

  return (
    <ResultsSection aria-label="Basic screen results">
      <ScreenSummary result={data} />
      {rows.length === 0 ? (
        <Notice title="No stocks matched">
          <p>No stock in this universe passed every filter. Widen the price, volume or beta range, or drop a required condition, and run again.</p>
        </Notice>
      ) : (
        <>
          <ResultsGrid
            runId={data.runId}
            sortSessionKey="basic.sort"
            label="Screening results table"
            columns={BASIC_COLUMNS}
            rows={rows}
            totalCount={data.rows.totalCount}
            defaultSort={DEFAULT_SORT}
            headerHelp={headerHelp}
            csv={{ fileName: BASIC_CSV_FILE_NAME, build: buildBasicResultsCsv }}
            canAddToWatchlist={canAddToWatchlist}
          />
          <ToneLegend sentiment={BASIC_SENTIMENT_THRESHOLDS} />
          <ScreenBacktest result={data} />
        </>
      )}
    </ResultsSection>
  );
}
