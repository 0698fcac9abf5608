// The stock page's figure cards (key figures, fundamentals): one look for both.
import styled from "styled-components";
import { Card, DetailList } from "../../components/ui/Layout";

export const FigurePanel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-content: start;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

export const FigureList = styled(DetailList)`
  > div { padding: 8px 0; align-items: baseline; }
  dd { font-variant-numeric: tabular-nums; }
`;

export const FigureNote = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 500;
`;

export const MutedFigure = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
`;
