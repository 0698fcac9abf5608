import { AreaSeries, ColorType, createChart, LineSeries } from "lightweight-charts";
import { useEffect, useRef } from "react";
import styled, { useTheme, type DefaultTheme } from "styled-components";
import { ChartAttribution, withoutAttributionLogo } from "../ChartAttribution/ChartAttribution";
import { stackedSeries } from "./stackedSeries";

/** One line: its name (shown on the price scale), its theme colour and its values by trading day. */
export interface LineChartSeries {
  title: string;
  tone: keyof DefaultTheme["colors"];
  points: readonly { time: string; value: number }[];
}

/**
 * Lines over trading days (YYYY-MM-DD), drawn by lightweight-charts in the page's theme; `stacked`
 * draws them as areas on top of each other instead (parts of a total). Pages load it lazily, so the
 * charting library is fetched only when a chart is shown. Pass a memoised `series`: a new array
 * redraws the chart.
 */
export default function LineChart({ series, label, stacked = false }: { series: readonly LineChartSeries[]; label: string; stacked?: boolean }) {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container || series.every((line) => line.points.length === 0)) return;
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: theme.colors.surface },
        textColor: theme.colors.textMuted,
        fontFamily: theme.fonts.body,
        ...withoutAttributionLogo,
      },
      grid: { vertLines: { color: theme.colors.border }, horzLines: { color: theme.colors.border } },
      rightPriceScale: { borderColor: theme.colors.border },
      timeScale: { borderColor: theme.colors.border },
    });
    if (stacked) {
      // The highest running total first, so each lower area is painted over it. The scale's labels
      // would show running totals, not the series' own values: they are left out.
      for (const line of stackedSeries(series).reverse()) {
        const color = theme.colors[line.tone];
        chart
          .addSeries(AreaSeries, { lineColor: color, topColor: color, bottomColor: color, lineWidth: 1, title: line.title, lastValueVisible: false, priceLineVisible: false })
          .setData(line.points.map((point) => ({ ...point })));
      }
    } else {
      for (const line of series) {
        chart.addSeries(LineSeries, { color: theme.colors[line.tone], lineWidth: 2, title: line.title }).setData(line.points.map((point) => ({ ...point })));
      }
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [series, stacked, theme]);
  return (
    <Frame>
      <Canvas ref={containerRef} role="img" aria-label={label} />
      <ChartAttribution />
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;
`;

const Canvas = styled.div`
  height: 320px;
  min-width: 0;
`;
