import { useMemo, useState } from "react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import styled from "styled-components";
import { formatReturn } from "../ScreenBacktest/BacktestReport";
import { formatDecimal, formatInteger, formatMarketDate, formatPrice } from "../ScreenResults/format";
import { SkeletonBar } from "../Skeleton/Skeleton";
import { Button } from "../ui/Button";
import { SortableHeader } from "../ui/SortableHeader";
import { VisuallyHidden } from "../ui/Layout";
import { formatShare } from "./format";
import { DEFAULT_PICK_SORT, PICK_COLUMNS, sortPicks, toggledSort, type PickColumnKey, type PickSort } from "./pickColumns";
import { TickerCell } from "../ScreenResults/TickerCell";
import { Note, TableFrame } from "./styles";
import type { AiPicksTablePaginationQuery } from "./__generated__/AiPicksTablePaginationQuery.graphql";
import type { AiPicksTableQuery as AiPicksTableQueryType } from "./__generated__/AiPicksTableQuery.graphql";
import type { AiPicksTable_query$key } from "./__generated__/AiPicksTable_query.graphql";

/** Rows per request: the API's largest page. */
export const PICKS_PAGE_SIZE = 100;

export const AiPicksTableQuery = graphql`
  query AiPicksTableQuery($asOf: String, $count: Int!) {
    ...AiPicksTable_query @arguments(asOf: $asOf, count: $count)
  }
`;

/**
 * Pro: the whole ranking of the as-of day, a page of 100 at a time ("Load more"), sortable by any
 * column over the loaded rows. Only Pro users render it: the API answers ranks past 5 to Pro only.
 */
export function AiPicksTable({ asOf }: { asOf: string | null }) {
  const query = useLazyLoadQuery<AiPicksTableQueryType>(AiPicksTableQuery, { asOf, count: PICKS_PAGE_SIZE });
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<AiPicksTablePaginationQuery, AiPicksTable_query$key>(
    graphql`
      fragment AiPicksTable_query on Query
      @refetchable(queryName: "AiPicksTablePaginationQuery")
      @argumentDefinitions(asOf: { type: "String" }, count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
        aiPicks(first: $count, after: $cursor, asOf: $asOf) @connection(key: "AiPicksTable_aiPicks") {
          date
          totalCount
          edges {
            node {
              rank
              ticker
              name
              aiScore
              price
              returns1m
              returns3m
              returns12m
              rsi
            }
          }
        }
      }
    `,
    query,
  );
  const [sort, setSort] = useState<PickSort>(DEFAULT_PICK_SORT);
  const picks = data.aiPicks;
  const rows = useMemo(() => sortPicks(picks?.edges.map((edge) => edge.node) ?? [], sort), [picks, sort]);
  if (!picks?.date) return null;
  const sortColumn = PICK_COLUMNS.find((column) => column.key === sort.key);

  return (
    <Section aria-labelledby="ai-ranking-title">
      <h3 id="ai-ranking-title">Full AI ranking</h3>
      <Note>
        Showing {formatInteger(rows.length)} of {formatInteger(picks.totalCount)} tickers scored on {formatMarketDate(picks.date)}. Click a
        column header to sort the loaded rows.
      </Note>
      <TableFrame>
        <table>
          <caption>Every ticker the AI model scored on {formatMarketDate(picks.date)}</caption>
          <thead>
            <tr>
              {PICK_COLUMNS.map((column) => {
                const sorted = sort.key === column.key;
                return (
                  <SortableHeader
                    key={column.key}
                    label={column.label}
                    direction={sorted ? sort.direction : null}
                    onSort={() => setSort(toggledSort(sort, column))}
                    align={alignOf(column.key)}
                  />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.ticker}>
                <td data-align="end">{row.rank}</td>
                <TickerCell ticker={row.ticker} name={row.name} />
                <td data-align="end">{formatShare(row.aiScore)}</td>
                <td data-align="end">{formatPrice(row.price)}</td>
                <td data-align="end">{formatReturn(row.returns1m)}</td>
                <td data-align="end">{formatReturn(row.returns3m)}</td>
                <td data-align="end">{formatReturn(row.returns12m)}</td>
                <td data-align="end">{formatDecimal(row.rsi, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <VisuallyHidden role="status">{sortColumn ? `Sorted by ${sortColumn.label}, ${sort.direction}.` : ""}</VisuallyHidden>
      {hasNext ? (
        <div>
          <Button type="button" $variant="secondary" disabled={isLoadingNext} onClick={() => loadNext(PICKS_PAGE_SIZE)}>
            {isLoadingNext ? "Loading…" : `Load ${formatInteger(Math.min(PICKS_PAGE_SIZE, picks.totalCount - rows.length))} more`}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

function alignOf(key: PickColumnKey): "start" | "end" {
  return key === "ticker" ? "start" : "end";
}

/** The ranking's column labels over rows of grey bars: the Pro overlay's preview, with no figures. */
export function AiPicksTablePreview() {
  return (
    <TableFrame>
      <table>
        <thead>
          <tr>
            {PICK_COLUMNS.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 8 }, (_, row) => (
            <tr key={row}>
              {PICK_COLUMNS.map((column) => (
                <td key={column.key}>
                  <SkeletonBar $width="70%" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

