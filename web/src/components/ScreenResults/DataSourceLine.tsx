import type { ReactNode } from "react";
import styled from "styled-components";
import { formatMarketDate } from "./format";

interface DataSourceLineProps {
  source: string;
  /** The latest bar date used (YYYY-MM-DD). */
  asOf: string;
  isSnapshot: boolean;
  /** Further facts about the data, each a short phrase. */
  children?: ReactNode;
}

/** "Source: … · as of …", with a visible label when the figures come from the bundled offline snapshot. */
export function DataSourceLine({ source, asOf, isSnapshot, children }: DataSourceLineProps) {
  return (
    <Line role="note" aria-label="About this data">
      {isSnapshot ? <SnapshotTag>Offline snapshot</SnapshotTag> : null}
      <span>
        Source: {source} · as of {formatMarketDate(asOf)}
      </span>
      {children}
    </Line>
  );
}

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px ${({ theme }) => theme.space.md};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const SnapshotTag = styled.span`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid color-mix(in srgb, ${({ theme }) => theme.colors.premium} 45%, ${({ theme }) => theme.colors.border});
  color: ${({ theme }) => theme.colors.premium};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;
