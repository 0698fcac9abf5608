import styled, { css } from "styled-components";

// What the Basic, Combined and Pro results look like alike: the stacked section, the summary line and the tables' frame and header.

/** A screen's results: the summary, the count, the table and its legend, stacked. */
export const ResultsSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

/** The line saying how many stocks matched (ScreenSummary). */
export const MatchCount = styled.p`
  margin: 0;
  font-weight: 650;
`;

/** The bordered box a results table scrolls in. */
export const resultsTableFrame = css`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

/** Column headers as small muted capitals on a muted band; row headers (the ticker) in body weight; figures right-aligned. */
export const resultsTableText = css`
  [data-align="end"] { text-align: right; }
  thead th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.02em;
  }
  tbody th { font-weight: 400; }
`;

/** The scrolling frame of the skeleton table shown while a run is pending. */
export const ResultsTableScroll = styled.div`
  overflow-x: auto;
  ${resultsTableFrame}
`;

/** The skeleton table: as wide as the frame, at least `$minWidth`, cells on one line. */
export const ResultsTable = styled.table<{ $minWidth: number; $cellPadding: number }>`
  width: 100%;
  min-width: ${({ $minWidth }) => $minWidth}px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  th, td {
    padding: ${({ $cellPadding }) => $cellPadding}px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }
  ${resultsTableText}
  tbody tr:last-child > * { border-bottom: 0; }
`;
