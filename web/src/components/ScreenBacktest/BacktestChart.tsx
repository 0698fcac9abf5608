import { ColorType, createChart, LineSeries } from "lightweight-charts";
import { useEffect, useRef } from "react";
import styled, { useTheme } from "styled-components";

export type BacktestChartPoint = { readonly date: string; readonly portfolio: number; readonly universe: number };

/**
 * Cumulative value of the portfolio and the universe (1 = the start) at each trading day's close,
 * drawn by lightweight-charts in the page's theme. Loaded on demand (the screener pages need the
 * charting library only once a backtest has run).
 */
export default function BacktestChart({ series, label }: { series: readonly BacktestChartPoint[]; label: string }) {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container || series.length === 0) return;
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: theme.colors.surface }, textColor: theme.colors.textMuted, fontFamily: theme.fonts.body },
      grid: { vertLines: { color: theme.colors.border }, horzLines: { color: theme.colors.border } },
      rightPriceScale: { borderColor: theme.colors.border },
      timeScale: { borderColor: theme.colors.border },
    });
    chart
      .addSeries(LineSeries, { color: theme.colors.primary, lineWidth: 2, title: "Portfolio" })
      .setData(series.map((point) => ({ time: point.date, value: point.portfolio })));
    chart
      .addSeries(LineSeries, { color: theme.colors.textMuted, lineWidth: 2, title: "Universe" })
      .setData(series.map((point) => ({ time: point.date, value: point.universe })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [series, theme]);
  return <Canvas ref={containerRef} role="img" aria-label={label} />;
}

const Canvas = styled.div`
  height: 320px;
  min-width: 0;
`;
