import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { Notice } from "../Notice/Notice";
import { MISSING } from "./format";
import { buildProResultsCsv, PRO_COLUMNS, PRO_CSV_FILE_NAME, PRO_DEFAULT_SORT } from "./proColumns";
import { ResultsSection } from "./resultsStyles";
import { ResultsGrid } from "./ResultsGrid";
import { ResultsSkeleton } from "./ResultsSkeleton";
import { ScreenSummary } from "./ScreenSummary";
import type { ProScreenResults_result$key } from "./__generated__/ProScreenResults_result.graphql";

/**
 * Pro Screener results: the summary, KPI tiles, sources, warnings, and every row with the extra
 * columns in the sortable table; Export CSV holds every row with more columns (pro_screening_results.csv).
 * Only Pro users get here: Query.proScreen, the export's only source, is Pro only.
 */
export function ProScreenResults({ result, canAddToWatchlist = false }: { result: ProScreenResults_result$key; canAddToWatchlist?: boolean }) {
  const data = useFragment(
    graphql`
      fragment ProScreenResults_result on ProScreenResult {
        ...ScreenSummary_result
        runId
        factorSources {
          day
          aiPicksDate
          aiPicksStatus
          earnings
          funds {
            name
            quarterEnd
          }
        }
        # Every row, as the Basic results ask (priced by page size, capped at 10,000).
        rows(first: 10000) {
          totalCount
          edges {
            node {
              ticker
              name
              sector
              price
              grade
              combinedScore
              technicalScore
              sentimentScore
              newsCount
              analystUpgrades
              analystDowngrades
              beta
              peRatio
              marketCap
              aiScore
              aiRank
              aiRankedOf
              return1m
              return3m
              return12m
              volatility60
              beatProbability
              nextReportDate
              daysToReport
              fundHoldings {
                fundName
                quarterEnd
                changeKind
              }
              asOf
            }
          }
        }
      }
    `,
    result,
  );
  const rows = useMemo(() => data.rows.edges.map((edge) => edge.node), [data.rows.edges]);
  const sources = data.factorSources;
  const funds = sources.funds.map((fund) => `${fund.name} ${fund.quarterEnd ? `quarter ${fund.quarterEnd}` : "(no quarter filed yet)"}`).join(", ");

  return (
    <ResultsSection aria-label="Pro screen results">
      <ScreenSummary result={data} />
      <Sources>
        Pro figures as of {sources.day ?? MISSING}: AI picks {sources.aiPicksDate ? `scored ${sources.aiPicksDate}` : `not available (${sources.aiPicksStatus})`};
        earnings: {sources.earnings}; 13F: {funds || "no fund loaded"}.
      </Sources>
      {rows.length === 0 ? (
        <Notice title="No stocks matched">
          <p>No stock passed every filter. Read the caveats above: a filter the data cannot answer leaves the stock out and says how many. Widen a range and run again.</p>
        </Notice>
      ) : (
        <ResultsGrid
          runId={data.runId}
          sortSessionKey="pro.sort"
          label="Pro screen results table"
          columns={PRO_COLUMNS}
          rows={rows}
          totalCount={data.rows.totalCount}
          defaultSort={PRO_DEFAULT_SORT}
          csv={{ fileName: PRO_CSV_FILE_NAME, build: buildProResultsCsv }}
          canAddToWatchlist={canAddToWatchlist}
        />
      )}
    </ResultsSection>
  );
}

/** Skeleton rows under the Pro table's headers while a run is pending. */
export function ProResultsSkeleton() {
  return <ResultsSkeleton label="Pro screen results" status="Running the Pro screen…" headers={PRO_COLUMNS.map((column) => column.shortLabel ?? column.label)} />;
}

const Sources = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
