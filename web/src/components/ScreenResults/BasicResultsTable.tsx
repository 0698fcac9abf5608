import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type ReactNode } from "react";
import styled from "styled-components";
import { formatScore } from "../SentimentBadge/sentiment";
import { Tooltip } from "../Tooltip/Tooltip";
import { VisuallyHidden } from "../ui/Layout";
import { BASIC_COLUMNS, type BasicColumn, type BasicColumnKey, type BasicRow, type SortState } from "./basicColumns";
import { formatCompact, formatDecimal, formatInteger, formatPoints, formatPrice, MISSING } from "./format";
import { MomentumBadge } from "./MomentumBadge";
import { resultsTableFrame, resultsTableText } from "./resultsStyles";
import { TickerCell } from "./TickerCell";
import { ToneValue } from "./ToneValue";
import { BASIC_SENTIMENT_THRESHOLDS, rsiCellTone, sentimentCellTone, technicalScoreCellTone } from "./tones";

/** Every row has this fixed height, so the virtualiser knows where each one sits without measuring. */
export const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 40;
/** Rows rendered beyond the visible ones, so fast scrolling and tabbing do not show gaps. */
const OVERSCAN = 10;

const columnWidths: Record<BasicColumnKey, number> = {
  ticker: 150,
  price: 92,
  sma5: 80,
  sma20: 80,
  sma50: 80,
  rsi: 72,
  volume: 80,
  technicalScore: 96,
  sentimentScore: 96,
  newsCount: 72,
  analystActivity: 88,
  momentum: 124,
  peRatio: 72,
  beta: 64,
};
const TABLE_WIDTH = Object.values(columnWidths).reduce((sum, width) => sum + width, 0);

interface BasicResultsTableProps {
  rows: readonly BasicRow[];
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  technicalScoreFormula: string;
  momentumRule: string;
}

/**
 * The Basic results table: sortable by any column (header click, aria-sort), virtualised so only
 * the visible rows are in the page (thousands scroll smoothly), with a sticky header and ticker
 * column. The scroll area is focusable, so the keyboard scrolls it too.
 */
export function BasicResultsTable({ rows, sort, onSortChange, technicalScoreFormula, momentumRule }: BasicResultsTableProps) {
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

  const headerHelp: Partial<Record<BasicColumnKey, string>> = { technicalScore: technicalScoreFormula, momentum: momentumRule };
  const sortColumn = BASIC_COLUMNS.find((column) => column.key === sort.key);

  const toggle = (column: BasicColumn) =>
    onSortChange(
      sort.key === column.key
        ? { key: column.key, direction: sort.direction === "ascending" ? "descending" : "ascending" }
        : { key: column.key, direction: column.firstDirection },
    );

  return (
    <>
      <ScrollArea ref={scrollRef} tabIndex={0} role="region" aria-label="Screening results table (scrolls)">
        <Table aria-rowcount={rows.length + 1} style={{ width: "100%", minWidth: TABLE_WIDTH }}>
          <colgroup>
            {BASIC_COLUMNS.map((column) => (
              <col key={column.key} style={{ width: columnWidths[column.key] }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {BASIC_COLUMNS.map((column) => {
                const sorted = sort.key === column.key;
                const help = headerHelp[column.key];
                const button = (
                  <SortButton type="button" onClick={() => toggle(column)} $hasHelp={!!help}>
                    {column.label}
                    <SortMark aria-hidden="true">{sorted ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}</SortMark>
                  </SortButton>
                );
                return (
                  <th key={column.key} scope="col" aria-sort={sorted ? sort.direction : "none"} data-align={alignOf(column.key)}>
                    {help ? <Tooltip content={help}>{button}</Tooltip> : button}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? <SpacerRow height={padTop} /> : null}
            {items.map((item) => {
              const row = rows[item.index];
              return (
                <tr key={row.ticker} aria-rowindex={item.index + 2} data-odd={item.index % 2 === 1 || undefined}>
                  {BASIC_COLUMNS.map((column) =>
                    column.key === "ticker" ? (
                      <TickerCell key={column.key} ticker={row.ticker} name={row.name} />
                    ) : (
                      <td key={column.key} data-align={alignOf(column.key)}>
                        {renderCell(column.key, row)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
            {padBottom > 0 ? <SpacerRow height={padBottom} /> : null}
          </tbody>
        </Table>
      </ScrollArea>
      <VisuallyHidden role="status">
        {sortColumn ? `Sorted by ${sortColumn.label}, ${sort.direction}.` : ""}
      </VisuallyHidden>
    </>
  );
}

/** Stands in for the rows above or below the rendered ones, so the scrollbar matches the full table. */
function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden="true">
      <SpacerCell colSpan={BASIC_COLUMNS.length} style={{ height }} />
    </tr>
  );
}

function alignOf(key: BasicColumnKey): "start" | "end" {
  return key === "ticker" || key === "momentum" ? "start" : "end";
}

function renderCell(key: Exclude<BasicColumnKey, "ticker">, row: BasicRow): ReactNode {
  switch (key) {
    case "price":
      return formatPrice(row.price);
    case "sma5":
      return formatDecimal(row.sma5);
    case "sma20":
      return formatDecimal(row.sma20);
    case "sma50":
      return formatDecimal(row.sma50);
    case "rsi":
      return <ToneValue tone={rsiCellTone(row.rsi)}>{formatDecimal(row.rsi, 1)}</ToneValue>;
    case "volume":
      return <span title={row.volume == null ? undefined : `${formatInteger(row.volume)} shares`}>{formatCompact(row.volume)}</span>;
    case "technicalScore":
      return <ToneValue tone={technicalScoreCellTone(row.technicalScore)}>{formatPoints(row.technicalScore)}</ToneValue>;
    case "sentimentScore":
      return row.sentimentScore == null ? (
        <Muted title="No news from the chosen sources in the window">{MISSING}</Muted>
      ) : (
        <ToneValue tone={sentimentCellTone(row.sentimentScore, BASIC_SENTIMENT_THRESHOLDS)}>{formatScore(row.sentimentScore)}</ToneValue>
      );
    case "newsCount":
      return formatInteger(row.newsCount);
    case "analystActivity":
      return <AnalystActivity upgrades={row.analystUpgrades} downgrades={row.analystDowngrades} />;
    case "momentum":
      return <MomentumBadge momentum={row.momentum} />;
    case "peRatio":
      return formatDecimal(row.peRatio, 1);
    case "beta":
      return formatDecimal(row.beta, 2);
  }
}

/** ↑ upgrades ↓ downgrades; the arrows are read out as words. */
function AnalystActivity({ upgrades, downgrades }: { upgrades: number; downgrades: number }) {
  return (
    <Activity>
      <Up $active={upgrades > 0}>
        <span aria-hidden="true">↑</span>
        {upgrades}
        <VisuallyHidden> up</VisuallyHidden>
      </Up>{" "}
      <Down $active={downgrades > 0}>
        <span aria-hidden="true">↓</span>
        {downgrades}
        <VisuallyHidden> down</VisuallyHidden>
      </Down>
    </Activity>
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
    padding: 0 10px;
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

const SortButton = styled.button<{ $hasHelp: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  max-width: 100%;
  padding: 4px 0;
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
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; border-radius: 4px; }
`;

const SortMark = styled.span`
  font-size: 0.85em;
  opacity: 0.8;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Activity = styled.span`
  white-space: nowrap;
`;

const Up = styled.span<{ $active: boolean }>`
  color: ${({ theme, $active }) => ($active ? theme.colors.success : theme.colors.textMuted)};
  font-weight: ${({ $active }) => ($active ? 700 : 400)};
`;

const Down = styled.span<{ $active: boolean }>`
  color: ${({ theme, $active }) => ($active ? theme.colors.danger : theme.colors.textMuted)};
  font-weight: ${({ $active }) => ($active ? 700 : 400)};
`;
