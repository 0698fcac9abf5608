import styled from "styled-components";
import { SkeletonBar, SkeletonControl } from "../../components/Skeleton/Skeleton";
import { Card } from "../../components/ui/Layout";

const HOLDING_COLUMNS = ["Ticker", "Shares", "Value", "% of Portfolio"];
const EARNINGS_FIELDS = ["Earnings date", "Beat probability", "Consensus EPS", "Momentum"];

/** The Pro sections of AI Intelligence for the Pro overlay: their labels, no figures. */
export function AiProSectionsPreview() {
  return (
    <Sections>
      <Card>
        <SectionTitle>Hedge Fund 13F Holdings</SectionTitle>
        <Muted>Fund, total value and holdings count</Muted>
        <Grid $columns={HOLDING_COLUMNS.length}>
          {HOLDING_COLUMNS.map((column) => (
            <Header key={column}>{column}</Header>
          ))}
          {Array.from({ length: 5 }, (_, row) =>
            HOLDING_COLUMNS.map((column) => <SkeletonBar key={`${row}-${column}`} $width="70%" />),
          )}
        </Grid>
      </Card>
      <Card>
        <SectionTitle>Earnings Predictions</SectionTitle>
        <Field>
          <span>Ticker</span>
          <SkeletonControl>AAPL</SkeletonControl>
        </Field>
        <Tiles>
          {EARNINGS_FIELDS.map((field) => (
            <Tile key={field}>
              <Muted>{field}</Muted>
              <SkeletonBar $width="50%" $height="1.4rem" />
            </Tile>
          ))}
        </Tiles>
      </Card>
    </Sections>
  );
}

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: 1.4fr 1fr; align-items: start; }
`;

const SectionTitle = styled.p`
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Grid = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: 14px ${({ theme }) => theme.space.sm};
  align-items: center;
`;

const Header = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Field = styled.div`
  display: grid;
  gap: 4px;
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
  > span { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; }
`;

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const Tile = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;
