import styled from "styled-components";
import { SkeletonBar, SkeletonControl } from "../../components/Skeleton/Skeleton";
import { Card } from "../../components/ui/Layout";

// The form's fields and the result columns as spec §2/§3 name them; values are placeholders.
const FIELDS = [
  { label: "Universe", hint: "S&P 500 (50 stocks)" },
  { label: "Lookback days", hint: "45–365" },
  { label: "News window days", hint: "1–14" },
  { label: "Min options open interest", hint: "" },
  { label: "Min beta", hint: "" },
  { label: "Max beta", hint: "" },
  { label: "Exclude earnings within (days)", hint: "" },
  { label: "Sector keyword", hint: "Optional" },
  { label: "Min price", hint: "" },
  { label: "Min avg volume (20d)", hint: "" },
];
const NEWS_SOURCES = ["WSJ", "Yahoo", "Reuters", "CNBC", "FT"];
const KPIS = ["Universe", "With Price Data", "MA Pass (5 over 20)"];
/** The combined screener shows its first 10 rows (spec §9). */
const COMBINED_ROWS_SHOWN = 10;
const COLUMNS = ["Ticker", "Grade", "Combined", "Technical", "Sentiment", "News", "Crossover", "Momentum"];

/** The combined screener's layout for the Pro overlay: labels and empty boxes, no results. */
export function CombinedScreenerPreview() {
  return (
    <Layout>
      <Card>
        <FormTitle>Screening parameters</FormTitle>
        <Fields>
          {FIELDS.map(({ label, hint }) => (
            <Field key={label}>
              <span>{label}</span>
              <SkeletonControl>{hint}</SkeletonControl>
            </Field>
          ))}
        </Fields>
        <Checks>
          <span>News sources:</span>
          {NEWS_SOURCES.map((source) => (
            <Check key={source}>{source}</Check>
          ))}
          <Check>Require options</Check>
          <Check>Include ETFs</Check>
        </Checks>
        <RunButton>Run Combined Analysis</RunButton>
      </Card>
      <Results>
        <Kpis>
          {KPIS.map((kpi) => (
            <Card key={kpi}>
              <KpiLabel>{kpi}</KpiLabel>
              <SkeletonBar $width="40%" $height="1.6rem" />
            </Card>
          ))}
        </Kpis>
        <Card>
          <Table>
            <Row $header>
              {COLUMNS.map((column) => (
                <span key={column}>{column}</span>
              ))}
            </Row>
            {Array.from({ length: COMBINED_ROWS_SHOWN }, (_, row) => (
              <Row key={row}>
                {COLUMNS.map((column) => (
                  <SkeletonBar key={column} $width="70%" />
                ))}
              </Row>
            ))}
          </Table>
        </Card>
      </Results>
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: 340px 1fr; align-items: start; }
`;

const FormTitle = styled.p`
  font-weight: 700;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Field = styled.div`
  display: grid;
  gap: 4px;
  > span { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 600; }
`;

const Checks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 12px;
  margin: ${({ theme }) => theme.space.md} 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > span { font-weight: 600; width: 100%; }
`;

const Check = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  &::before {
    content: "";
    width: 14px;
    height: 14px;
    border-radius: 4px;
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const RunButton = styled.span`
  display: flex;
  justify-content: center;
  padding: 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
`;

const Results = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Kpis = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
`;

const KpiLabel = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const Table = styled.div`
  display: grid;
  gap: 14px;
  overflow: hidden;
`;

const Row = styled.div<{ $header?: boolean }>`
  display: grid;
  grid-template-columns: repeat(8, minmax(64px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ $header }) => ($header ? 700 : 400)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
