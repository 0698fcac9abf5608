import styled from "styled-components";
import { resultsTableFrame, resultsTableText } from "../ScreenResults/resultsStyles";

/** The bordered, sideways-scrolling frame of the AI picks' and the track record's tables (the results tables' look). */
export const TableFrame = styled.div`
  ${resultsTableFrame}
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; font-size: ${({ theme }) => theme.fontSizes.sm}; font-variant-numeric: tabular-nums; }
  caption {
    padding: ${({ theme }) => theme.space.sm};
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  th, td { padding: 8px ${({ theme }) => theme.space.sm}; border-top: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; vertical-align: top; }
  ${resultsTableText}
  thead th { white-space: nowrap; }
`;

/** Small muted text under a figure or heading. */
export const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
