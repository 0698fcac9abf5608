import { useMemo } from "react";
import styled from "styled-components";
import { useScreenSessionState } from "../ScreenForm/screenSession";
import { Button } from "../ui/Button";
import { AddToWatchlistMenu } from "../Watchlist/AddToWatchlistMenu";
import { downloadCsv } from "./csv";
import { formatInteger } from "./format";
import { sortRows, type ResultColumn, type ResultRow, type SortState } from "./resultColumns";
import { SortableResultsTable } from "./SortableResultsTable";

interface ResultsGridProps<Row extends ResultRow, Key extends string> {
  /** The run shown: its sort is kept with it, and a new run's table starts at the top in the server's order. */
  runId: string;
  /** Where the sort is kept in the screen session, e.g. "basic.sort". */
  sortSessionKey: string;
  /** Names the table, e.g. "Basic screen results table". */
  label: string;
  columns: readonly ResultColumn<Row, Key>[];
  rows: readonly Row[];
  /** Matches in the run (more than `rows` only past the largest page the server sends). */
  totalCount: number;
  /** The server's order. */
  defaultSort: SortState<Key>;
  headerHelp?: Partial<Record<Key, string>>;
  /** The Export CSV file: its name and its text from the rows in the table's sort order. */
  csv: { fileName: string; build: (rows: readonly Row[]) => string };
  /** Each row offers "Add to a watchlist" (for a signed-in viewer; the lists load when its menu opens). */
  canAddToWatchlist?: boolean;
}

const watchlistAction = (row: ResultRow) => <AddToWatchlistMenu ticker={row.ticker} compact />;

/**
 * Every row of a run in the sortable, virtualised table, with Export CSV (in the table's order).
 * The Basic, Combined and Pro screeners all show their results through it.
 */
export function ResultsGrid<Row extends ResultRow, Key extends string>({
  runId,
  sortSessionKey,
  label,
  columns,
  rows,
  totalCount,
  defaultSort,
  headerHelp,
  csv,
  canAddToWatchlist = false,
}: ResultsGridProps<Row, Key>) {
  // Kept with its run, so Back from a stock page finds the rows in the order they were left.
  const [keptSort, setKeptSort] = useScreenSessionState<{ runId: string; sort: SortState<Key> } | null>(sortSessionKey, null);
  const sort = keptSort?.runId === runId ? keptSort.sort : defaultSort;
  const sortedRows = useMemo(() => sortRows(columns, rows, sort), [columns, rows, sort]);

  return (
    <>
      <Toolbar>
        {rows.length < totalCount ? <span>{`Showing ${formatInteger(rows.length)} of ${formatInteger(totalCount)} matches`}</span> : <span />}
        <Button type="button" $variant="secondary" $size="sm" onClick={() => downloadCsv(csv.fileName, csv.build(sortedRows))}>
          Export CSV
        </Button>
      </Toolbar>
      {/* Keyed by run: a new run's table starts scrolled to the top. */}
      <SortableResultsTable
        key={runId}
        label={label}
        columns={columns}
        rows={sortedRows}
        sort={sort}
        onSortChange={(next) => setKeptSort({ runId, sort: next })}
        headerHelp={headerHelp}
        rowAction={canAddToWatchlist ? watchlistAction : undefined}
      />
    </>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: 650;
`;
