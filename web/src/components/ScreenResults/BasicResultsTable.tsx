import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type ReactNode } from "react";
import styled from "styled-components";
import { formatScore } from "../SentimentBadge/sentiment";
import { Tooltip } from "../Tooltip/Tooltip";
import { VisuallyHidden } from "../ui/Layout";
import { BASIC_COLUMNS, type BasicColumn, type BasicColumnKey, type BasicRow, type SortState } from "./basicColumns";
import { formatCompact, formatCompactFigure, formatDecimal, formatInteger, formatPoints, MISSING } from "./format";
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

// Sized so all fourteen columns fit the results pane of a 1440 px window (about 1,020 px) without
// scrolling sideways; narrower windows scroll, with the ticker column kept in view.
const columnWidths: Record<BasicColumnKey, number> = {
  ticker: 84,
  price: 70,
  sma5: 72,
  sma20: 72,
  sma50: 72,
  rsi: 60,
  volume: 60,
  technicalScore: 74,
  sentimentScore: 62,
  newsCount: 62,
  analystActivity: 82,
  momentum: 124,
  peRatio: 52,
  beta: 56,
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

  const headerHelp: Partial<Record<BasicColumnKey, string>> = {
    technicalScore: `Tech Score: ${technicalScoreFormula}`,
    momentum: momentumRule,
  };
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
                // Short headers keep the columns narrow; the full name is what is read out, and the title.
                const button = (
                  <SortButton type="button" onClick={() => toggle(column)} $hasHelp={!!help} title={help ? undefined : column.label}>
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
      return <CompactFigure value={row.price} prefix="$" />;
    case "sma5":
      return <CompactFigure value={row.sma5} />;
    case "sma20":
      return <CompactFigure value={row.sma20} />;
    case "sma50":
      return <CompactFigure value={row.sma50} />;
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
      return <CompactFigure value={row.peRatio} decimals={1} />;
    case "beta":
      return formatDecimal(row.beta, 2);
  }
}

/** A figure rounded to fit its column ("$3,369"), the exact one in its title when they differ. */
function CompactFigure({ value, prefix = "", decimals = 2 }: { value: number | null | undefined; prefix?: string; decimals?: number }) {
  const shown = formatCompactFigure(value, decimals);
  if (shown === MISSING) return <>{MISSING}</>;
  const exact = formatDecimal(value, decimals);
  return <span title={exact === shown ? undefined : `${prefix}${exact}`}>{`${prefix}${shown}`}</span>;
}

/** ↑ upgrades ↓ downgrades, each only when there were some; the arrows are read out as words. */
function AnalystActivity({ upgrades, downgrades }: { upgrades: number; downgrades: number }) {
  if (upgrades === 0 && downgrades === 0) return <Muted title="No analyst upgrades or downgrades in the news window">0</Muted>;
  return (
    <Activity title={`${upgrades} ${upgrades === 1 ? "upgrade" : "upgrades"}, ${downgrades} ${downgrades === 1 ? "downgrade" : "downgrades"}`}>
      {upgrades > 0 ? (
        <Up>
          <span aria-hidden="true">↑</span>
          {upgrades}
          <VisuallyHidden> up</VisuallyHidden>
        </Up>
      ) : null}
      {upgrades > 0 && downgrades > 0 ? " " : null}
      {downgrades > 0 ? (
        <Down>
          <span aria-hidden="true">↓</span>
          {downgrades}
          <VisuallyHidden> down</VisuallyHidden>
        </Down>
      ) : null}
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
  gap: 2px;
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

const HeaderText = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
`;

const SortMark = styled.span`
  flex-shrink: 0;
  font-size: 0.75em;
  opacity: 0.8;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Activity = styled.span`
  white-space: nowrap;
`;

const Up = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

const Down = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 700;
`;
