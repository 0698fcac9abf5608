import { ColorType, createChart, LineSeries } from "lightweight-charts";
import { useEffect, useRef } from "react";
import styled, { useTheme, type DefaultTheme } from "styled-components";

/** One line: its name (shown on the price scale), its theme colour and its values by trading day. */
export interface LineChartSeries {
  title: string;
  tone: keyof DefaultTheme["colors"];
  points: readonly { time: string; value: number }[];
}

/**
 * Lines over trading days (YYYY-MM-DD), drawn by lightweight-charts in the page's theme. Pages load
 * it lazily, so the charting library is fetched only when a chart is shown. Pass a memoised
 * `series`: a new array redraws the chart.
 */
export default function LineChart({ series, label }: { series: readonly LineChartSeries[]; label: string }) {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container || series.every((line) => line.points.length === 0)) return;
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: theme.colors.surface }, textColor: theme.colors.textMuted, fontFamily: theme.fonts.body },
      grid: { vertLines: { color: theme.colors.border }, horzLines: { color: theme.colors.border } },
      rightPriceScale: { borderColor: theme.colors.border },
      timeScale: { borderColor: theme.colors.border },
    });
    for (const line of series) {
      chart.addSeries(LineSeries, { color: theme.colors[line.tone], lineWidth: 2, title: line.title }).setData(line.points.map((point) => ({ ...point })));
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [series, theme]);
  return <Canvas ref={containerRef} role="img" aria-label={label} />;
}

const Canvas = styled.div`
  height: 320px;
  min-width: 0;
`;
