import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type ReactNode } from "react";
import styled from "styled-components";
import { Tooltip } from "../Tooltip/Tooltip";
import { VisuallyHidden } from "../ui/Layout";
import { nextSort, type ResultColumn, type ResultRow, type SortState } from "./resultColumns";
import { resultsTableFrame, resultsTableText } from "./resultsStyles";
import { ROW_ACTION_WIDTH, TickerCell } from "./TickerCell";

/** Every row has this fixed height, so the virtualiser knows where each one sits without measuring. */
export const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 40;
/** Rows rendered beyond the visible ones, so fast scrolling and tabbing do not show gaps. */
const OVERSCAN = 10;

interface SortableResultsTableProps<Row extends ResultRow, Key extends string> {
  /** Names the scrolling table for assistive technology. */
  label: string;
  columns: readonly ResultColumn<Row, Key>[];
  rows: readonly Row[];
  sort: SortState<Key>;
  onSortChange: (sort: SortState<Key>) => void;
  /** A formula or rule shown on hover and focus of a column's header. */
  headerHelp?: Partial<Record<Key, string>>;
  /** A small control for each row, drawn in its ticker cell (which stays in view). */
  rowAction?: (row: Row) => ReactNode;
}

/**
 * A screen's results table: sortable by any column (the whole header cell is the button, with
 * aria-sort on the header), virtualised so only the visible rows are in the page (thousands scroll
 * smoothly), with a sticky header and ticker column. The scroll area is focusable, so the keyboard
 * scrolls it too.
 */
export function SortableResultsTable<Row extends ResultRow, Key extends string>({
  label,
  columns,
  rows,
  sort,
  onSortChange,
  headerHelp = {},
  rowAction,
}: SortableResultsTableProps<Row, Key>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not run the React Compiler; the virtualiser re-renders this component on scroll itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  // The ticker column is widened for a row action, so the company name keeps its room.
  const widthOf = (index: number) => columns[index].width + (index === 0 && rowAction ? ROW_ACTION_WIDTH : 0);
  const tableWidth = columns.reduce((sum, _column, index) => sum + widthOf(index), 0);
  const sortColumn = columns.find((column) => column.key === sort.key);

  return (
    <>
      <ScrollArea ref={scrollRef} tabIndex={0} role="region" aria-label={`${label} (scrolls)`}>
        <Table aria-rowcount={rows.length + 1} style={{ width: "100%", minWidth: tableWidth }}>
          <colgroup>
            {columns.map((column, index) => (
              <col key={column.key} style={{ width: widthOf(index) }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => {
                const sorted = sort.key === column.key;
                const help = headerHelp[column.key];
                // Short headers keep the columns narrow; the full name is what is read out, and the title.
                const button = (
                  <SortButton
                    type="button"
                    onClick={() => onSortChange(nextSort(sort, column))}
                    $hasHelp={!!help}
                    $align={column.align}
                    title={help ? undefined : column.label}
                  >
                    {column.shortLabel ? (
                      <>
                        <HeaderText aria-hidden="true">{column.shortLabel}</HeaderText>
                        <VisuallyHidden>{column.label}</VisuallyHidden>
                      </>
                    ) : (
                      <HeaderText>{column.label}</HeaderText>
                    )}
                    {sorted ? <SortMark aria-hidden="true">{sort.direction === "ascending" ? "▲" : "▼"}</SortMark> : null}
                  </SortButton>
                );
                return (
                  <th key={column.key} scope="col" aria-sort={sorted ? sort.direction : "none"} data-align={column.align}>
                    {help ? <Tooltip content={help}>{button}</Tooltip> : button}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? <SpacerRow height={padTop} columns={columns.length} /> : null}
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <tr key={row.ticker} aria-rowindex={item.index + 2} data-odd={item.index % 2 === 1 || undefined}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <TickerCell key={column.key} ticker={row.ticker} name={row.name} action={rowAction?.(row)} />
                    ) : (
                      <td key={column.key} data-align={column.align}>
                        {column.render(row)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
            {padBottom > 0 ? <SpacerRow height={padBottom} columns={columns.length} /> : null}
          </tbody>
        </Table>
      </ScrollArea>
      <VisuallyHidden role="status">{sortColumn ? `Sorted by ${sortColumn.label}, ${sort.direction}.` : ""}</VisuallyHidden>
    </>
  );
}

/** Stands in for the rows above or below the rendered ones, so the scrollbar matches the full table. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true">
      <SpacerCell colSpan={columns} style={{ height }} />
    </tr>
  );
}

const ScrollArea = styled.div`
  position: relative;
  max-height: min(70vh, 720px);
  overflow: auto;
  ${resultsTableFrame}
  /* A row focused from the keyboard is scrolled clear of the sticky header. */
  scroll-padding-top: ${HEADER_HEIGHT}px;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Table = styled.table`
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;

  th, td {
    height: ${ROW_HEIGHT}px;
    padding: 0 5px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    text-align: left;
    background: ${({ theme }) => theme.colors.surface};
  }
  ${resultsTableText}
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    height: ${HEADER_HEIGHT}px;
    /* The sort button fills the cell, so the whole header is the click target. */
    padding: 0;
  }
  /* The ticker column stays in view while the table scrolls sideways. */
  tr > :first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead tr > :first-child { z-index: 3; }
  tbody tr[data-odd] > * { background: color-mix(in srgb, ${({ theme }) => theme.colors.surfaceMuted} 45%, ${({ theme }) => theme.colors.surface}); }
  tbody tr:hover > * { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

const SpacerCell = styled.td`
  && { position: static; padding: 0; border: 0; background: none; }
`;

const SortButton = styled.button<{ $hasHelp: boolean; $align: "start" | "end" }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $align }) => ($align === "end" ? "flex-end" : "flex-start")};
  gap: 2px;
  width: 100%;
  height: 100%;
  padding: 0 5px;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-transform: inherit;
  letter-spacing: inherit;
  cursor: pointer;
  text-decoration: ${({ $hasHelp }) => ($hasHelp ? "underline dotted" : "none")};
  text-underline-offset: 3px;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: -2px; border-radius: 4px; }
`;

const HeaderText = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
`;

const SortMark = styled.span`
  flex-shrink: 0;
  font-size: 0.75em;
  opacity: 0.8;
`;
