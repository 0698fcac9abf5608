import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import { BASIC_COLUMNS, buildBasicResultsCsv, DEFAULT_SORT } from "../ScreenResults/basicColumns";
import { ResultsSection } from "../ScreenResults/resultsStyles";
import { ResultsGrid } from "../ScreenResults/ResultsGrid";
import { ScreenSummary } from "../ScreenResults/ScreenSummary";
import { ToneLegend } from "../ScreenResults/ToneLegend";
import { BASIC_SENTIMENT_THRESHOLDS } from "../ScreenResults/tones";
import type { WatchlistTable_view$key } from "./__generated__/WatchlistTable_view.graphql";

interface WatchlistTableProps {
  /** Watchlist.view(asOf:) spreading `...WatchlistTable_view`. */
  view: WatchlistTable_view$key;
  /** The list's name: the table's label and the export's file name. */
  name: string;
}

/**
 * A watchlist's tickers at the view's day, in the screeners' table: close, moving averages, RSI,
 * sentiment and articles, analyst actions, with the source, the as-of day and what the data lacks.
 */
export function WatchlistTable({ view, name }: WatchlistTableProps) {
  const data = useFragment(
    graphql`
      fragment WatchlistTable_view on BasicScreenResult {
        ...ScreenSummary_result
        runId
        rows(first: 500) {
          totalCount
          edges {
            node {
              ...basicColumns_row @relay(mask: false)
            }
          }
        }
      }
    `,
    view,
  );
  const rows = useMemo(() => data.rows.edges.map((edge) => edge.node), [data.rows.edges]);
  const fileName = `${name.replace(/[^A-Za-z0-9-_]+/g, "-").replace(/^-+|-+$/g, "") || "watchlist"}.csv`;
  return (
    <ResultsSection aria-label={`${name}: figures`}>
      <ScreenSummary result={data} />
      {rows.length > 0 ? (
        <>
          <ResultsGrid
            runId={data.runId}
            sortSessionKey="watchlist.sort"
            label={`${name} table`}
            columns={BASIC_COLUMNS}
            rows={rows}
            totalCount={data.rows.totalCount}
            defaultSort={DEFAULT_SORT}
            csv={{ fileName, build: buildBasicResultsCsv }}
          />
          <ToneLegend sentiment={BASIC_SENTIMENT_THRESHOLDS} />
        </>
      ) : null}
    </ResultsSection>
  );
}
