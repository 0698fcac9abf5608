import { lazy, Suspense, useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import type { LineChartSeries } from "../LineChart/LineChart";
import { formatMarketDate } from "../ScreenResults/format";
import type { CompareChart_comparison$key } from "./__generated__/CompareChart_comparison.graphql";

// The charting library loads with the chart, not with the page.
const LineChart = lazy(() => import("../LineChart/LineChart"));

const TONES: LineChartSeries["tone"][] = ["primary", "accent", "premium", "success"];

const percent = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(1)} %`);

const asTimes = (points: readonly { date: string; value: number }[]) => points.map((point) => ({ time: point.date, value: point.value }));

/** The compared stocks rebased to 100 on the range's first trading day, with the equal-weight universe as the reference line. */
export function CompareChart({ comparison }: { comparison: CompareChart_comparison$key }) {
  const data = useFragment(
    graphql`
      fragment CompareChart_comparison on StockComparison {
        asOf
        startDate
        source
        series {
          ticker
          firstDate
          totalReturn
          points {
            date
            value
          }
        }
        universe {
          label
          totalReturn
          membersLastDay
          points {
            date
            value
          }
        }
      }
    `,
    comparison,
  );
  const lines = useMemo<LineChartSeries[]>(
    () => [
      ...data.series.map((series, index) => ({ title: series.ticker, tone: TONES[index % TONES.length], points: asTimes(series.points) })),
      { title: "Universe", tone: "textMuted" as const, points: asTimes(data.universe.points) },
    ],
    [data],
  );
  if (!data.asOf || !data.startDate) return <p>No prices are stored for this range.</p>;
  const label =
    `Prices rebased to 100 on ${formatMarketDate(data.startDate)}, to ${formatMarketDate(data.asOf)}: ` +
    [...data.series.map((series) => `${series.ticker} ${percent(series.totalReturn)}`), `${data.universe.label} ${percent(data.universe.totalReturn)}`].join(", ");
  return (
    <div>
      <Suspense fallback={<ChartSpace />}>
        <LineChart series={lines} label={label} />
      </Suspense>
      <Legend>
        {data.series.map((series) => (
          <li key={series.ticker}>
            {series.ticker}: {percent(series.totalReturn)}
            {series.firstDate && series.firstDate !== data.startDate ? ` (prices start ${formatMarketDate(series.firstDate)}, rebased there)` : ""}
            {series.points.length === 0 ? " (no prices in the range)" : ""}
          </li>
        ))}
        <li>
          {data.universe.label} ({data.universe.membersLastDay.toLocaleString("en-US")} tickers on the last day): {percent(data.universe.totalReturn)}
        </li>
      </Legend>
      <Source>
        {formatMarketDate(data.startDate)} → {formatMarketDate(data.asOf)} · {data.source}
      </Source>
    </div>
  );
}

const ChartSpace = styled.div`
  height: 320px;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Source = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
