import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { DEFAULT_SORT } from "../ScreenResults/basicColumns";
import { formatMarketDate } from "../ScreenResults/format";
import { ResultsSection } from "../ScreenResults/resultsStyles";
import { ResultsGrid } from "../ScreenResults/ResultsGrid";
import { ScreenSummary } from "../ScreenResults/ScreenSummary";
import { ToneLegend } from "../ScreenResults/ToneLegend";
import { BASIC_SENTIMENT_THRESHOLDS } from "../ScreenResults/tones";
import { buildWatchlistCsv, watchlistColumns, type DayChange, type FundChange, type WatchlistRow } from "./watchlistColumns";
import type { WatchlistTable_view$key } from "./__generated__/WatchlistTable_view.graphql";

interface WatchlistTableProps {
  /** Watchlist.view(asOf:) spreading `...WatchlistTable_view @arguments(pro: …)`. */
  view: WatchlistTable_view$key;
  /** The list's name: the table's label and the export's file name. */
  name: string;
  /** The viewer has Pro: the view was asked for its 13F changes (the server refuses them to anyone else). */
  pro: boolean;
}

/**
 * A watchlist's tickers at the view's day, in the screeners' table: close and the day's change,
 * moving averages, RSI, sentiment and articles, analyst actions and (Pro) recent 13F changes, with
 * the sources, the as-of day and what the data lacks.
 */
export function WatchlistTable({ view, name, pro }: WatchlistTableProps) {
  const data = useFragment(
    graphql`
      fragment WatchlistTable_view on WatchlistView @argumentDefinitions(pro: { type: "Boolean!", defaultValue: false }) {
        ...ScreenSummary_result
        runId
        asOf
        rows(first: 500) {
          totalCount
          edges {
            node {
              ...basicColumns_row @relay(mask: false)
            }
          }
        }
        dayChanges {
          ticker
          asOf
          close
          previousAsOf
          previousClose
          change
          changePercent
          source
        }
        fundChanges @include(if: $pro) {
          ticker
          fundName
          quarterEnd
          knownOn
          kind
          sharesChangePercent
          source
        }
      }
    `,
    view,
  );
  const rows = useMemo((): WatchlistRow[] => {
    const dayChanges = new Map<string, DayChange>(data.dayChanges.map((change) => [change.ticker, change]));
    const fundChanges = new Map<string, FundChange[]>();
    for (const change of data.fundChanges ?? []) fundChanges.set(change.ticker, [...(fundChanges.get(change.ticker) ?? []), change]);
    return data.rows.edges.map(({ node }) => ({ ...node, dayChange: dayChanges.get(node.ticker) ?? null, fundChanges: fundChanges.get(node.ticker) ?? [] }));
  }, [data.rows.edges, data.dayChanges, data.fundChanges]);
  const columns = watchlistColumns(pro);
  const fundSources = [...new Set((data.fundChanges ?? []).map((change) => change.source))];
  const fileName = `${name.replace(/[^A-Za-z0-9-_]+/g, "-").replace(/^-+|-+$/g, "") || "watchlist"}.csv`;
  return (
    <ResultsSection aria-label={`${name}: figures`}>
      <ScreenSummary result={data} />
      {rows.length > 0 ? (
        <>
          <Notes role="note" aria-label="About the watchlist's columns">
            <span>Day change: each close against the ticker&apos;s stored close before it (hover a figure for both days and the source).</span>
            {pro ? (
              <span>
                13F changes: each tracked fund&apos;s latest quarter known by {formatMarketDate(data.asOf)} (from its filing day, else its 45-day deadline)
                {fundSources.length > 0 ? ` · Source: ${fundSources.join(", ")}` : ""}
              </span>
            ) : (
              <span>
                Recent 13F fund changes: <Link to="/pricing">Pro</Link>
              </span>
            )}
          </Notes>
          <ResultsGrid
            runId={data.runId}
            sortSessionKey="watchlist.sort"
            label={`${name} table`}
            columns={columns}
            rows={rows}
            totalCount={data.rows.totalCount}
            defaultSort={DEFAULT_SORT}
            csv={{ fileName, build: buildWatchlistCsv(columns) }}
          />
          <ToneLegend sentiment={BASIC_SENTIMENT_THRESHOLDS} />
        </>
      ) : null}
    </ResultsSection>
  );
}

const Notes = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px ${({ theme }) => theme.space.md};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
