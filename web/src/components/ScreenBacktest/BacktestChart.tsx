import { useMemo } from "react";
import LineChart, { type LineChartSeries } from "../LineChart/LineChart";

export type BacktestChartPoint = { readonly date: string; readonly portfolio: number; readonly universe: number };

/**
 * Cumulative value of the portfolio and the universe (1 = the start) at each trading day's close.
 * Loaded on demand (the screener pages need the charting library only once a backtest has run).
 */
export default function BacktestChart({ series, label }: { series: readonly BacktestChartPoint[]; label: string }) {
  const lines = useMemo<LineChartSeries[]>(
    () => [
      { title: "Portfolio", tone: "primary", points: series.map((point) => ({ time: point.date, value: point.portfolio })) },
      { title: "Universe", tone: "textMuted", points: series.map((point) => ({ time: point.date, value: point.universe })) },
    ],
    [series],
  );
  return <LineChart series={lines} label={label} />;
}
