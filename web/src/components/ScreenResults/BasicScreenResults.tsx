import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { Notice } from "../Notice/Notice";
import { ScreenBacktest } from "../ScreenBacktest/ScreenBacktest";
import { useScreenSessionState } from "../ScreenForm/screenSession";
import { Button } from "../ui/Button";
import { BASIC_CSV_FILE_NAME, buildBasicResultsCsv, DEFAULT_SORT, sortBasicRows, type SortState } from "./basicColumns";
import { BasicResultsTable } from "./BasicResultsTable";
import { downloadCsv } from "./csv";
import { formatInteger } from "./format";
import { MatchCount, ResultsSection } from "./resultsStyles";
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
}

/**
 * Basic screen results (spec §2): KPI tiles, source and as-of, warnings, and every matching row
 * in a sortable, virtualised table that exports to basic_screening_results.csv in its sort order.
 * A new run starts in the server's order.
 */
export function BasicScreenResults({ result, methodology }: BasicScreenResultsProps) {
  const data = useFragment(
    graphql`
      fragment BasicScreenResults_result on BasicScreenResult {
        ...ScreenSummary_result
        ...ScreenBacktest_result
        runId
        rows(first: 10000) {
          totalCount
          edges {
            node {
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
              beta
            }
          }
        }
      }
    `,
    result,
  );
  const { technicalScoreFormula, momentumRule } = useScoreMethodology(methodology);
  // Kept with its run, so Back from a stock page finds the rows in the order they were left.
  const [keptSort, setKeptSort] = useScreenSessionState<{ runId: string; sort: SortState } | null>("basic.sort", null);
  const sort = keptSort?.runId === data.runId ? keptSort.sort : DEFAULT_SORT;
  const setSort = (next: SortState) => setKeptSort({ runId: data.runId, sort: next });
  const rows = useMemo(() => data.rows.edges.map((edge) => edge.node), [data.rows.edges]);
  const sortedRows = useMemo(() => sortBasicRows(rows, sort), [rows, sort]);
  const { totalCount } = data.rows;

  return (
    <ResultsSection aria-label="Basic screen results">
      <ScreenSummary result={data} />
      {rows.length === 0 ? (
        <Notice title="No stocks matched">
          <p>No stock in this universe passed every filter. Widen the price, volume or beta range, or drop a required condition, and run again.</p>
        </Notice>
      ) : (
        <>
          <Toolbar>
            <MatchCount>
              {rows.length < totalCount
                ? `Showing ${formatInteger(rows.length)} of ${formatInteger(totalCount)} matches`
                : `${formatInteger(totalCount)} ${totalCount === 1 ? "match" : "matches"}`}
            </MatchCount>
            <Button type="button" $variant="secondary" $size="sm" onClick={() => downloadCsv(BASIC_CSV_FILE_NAME, buildBasicResultsCsv(sortedRows))}>
              Export CSV
            </Button>
          </Toolbar>
          {/* Keyed by run: a new run's table starts scrolled to the top. */}
          <BasicResultsTable
            key={data.runId}
            rows={sortedRows}
            sort={sort}
            onSortChange={setSort}
            technicalScoreFormula={technicalScoreFormula}
            momentumRule={momentumRule}
          />
          <ToneLegend sentiment={BASIC_SENTIMENT_THRESHOLDS} />
          <ScreenBacktest result={data} />
        </>
      )}
    </ResultsSection>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;
