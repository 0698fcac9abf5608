import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay";
import styled, { useTheme, type DefaultTheme } from "styled-components";
import { ChartAttribution, withoutAttributionLogo } from "../ChartAttribution/ChartAttribution";
import { formatMarketDate, formatPrice } from "../ScreenResults/format";
import type { PriceChart_history$data, PriceChart_history$key } from "./__generated__/PriceChart_history.graphql";

type Bar = PriceChart_history$data["bars"][number];
type Overlay = "sma5" | "sma20" | "sma50";

// Amber, blue and magenta: apart from each other and from the green and red candles, in either theme.
const OVERLAYS: readonly { key: Overlay; label: string; color: (theme: DefaultTheme) => string }[] = [
  { key: "sma5", label: "SMA 5", color: (theme) => theme.colors.premium },
  { key: "sma20", label: "SMA 20", color: (theme) => theme.colors.primary },
  { key: "sma50", label: "SMA 50", color: (theme) => (theme.mode === "dark" ? "#e879f9" : "#a21caf") },
];

type RangeId = "1M" | "3M" | "6M" | "1Y" | "ALL";

/** The visible window; "All" is every bar the page loaded (all stored history). */
const RANGES: readonly { id: RangeId; label: string; name: string; months: number | null }[] = [
  { id: "1M", label: "1M", name: "1 month", months: 1 },
  { id: "3M", label: "3M", name: "3 months", months: 3 },
  { id: "6M", label: "6M", name: "6 months", months: 6 },
  { id: "1Y", label: "1Y", name: "1 year", months: 12 },
  { id: "ALL", label: "All", name: "all stored history", months: null },
];
const DEFAULT_RANGE: RangeId = "1Y";

/** The price pane gets three parts of the height, the volume pane one. */
const PRICE_PANE_STRETCH = 3;
const VOLUME_PANE_STRETCH = 1;

function chartOptions(theme: DefaultTheme): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: theme.colors.surface },
      textColor: theme.colors.textMuted,
      fontFamily: theme.fonts.body,
      panes: { separatorColor: theme.colors.border },
      ...withoutAttributionLogo,
    },
    grid: { vertLines: { color: theme.colors.border }, horzLines: { color: theme.colors.border } },
    rightPriceScale: { borderColor: theme.colors.border },
    timeScale: { borderColor: theme.colors.border },
  };
}

/** A 6-digit hex colour at the given opacity (the chart draws on a canvas, which has no color-mix). */
const translucent = (hex: string, alpha: number) =>
  `${hex}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, "0")}`;

/** A day is up when it closed at or above its open, or, without an open, at or above the day before. */
function isUpDay(bars: readonly Bar[], index: number): boolean {
  const bar = bars[index];
  const reference = bar.open ?? bars[index - 1]?.close ?? bar.close;
  return bar.close >= reference;
}

/** The first date of a range ending at the last bar: `months` calendar months back (YYYY-MM-DD). */
function rangeStart(lastDate: string, months: number): string {
  const date = new Date(`${lastDate}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

function showRange(chart: IChartApi, bars: readonly Bar[], range: RangeId) {
  const months = RANGES.find((candidate) => candidate.id === range)?.months ?? null;
  const first = bars[0].date;
  const last = bars[bars.length - 1].date;
  const from = months == null ? first : rangeStart(last, months);
  if (from <= first) chart.timeScale().fitContent();
  else chart.timeScale().setVisibleRange({ from, to: last });
}

/**
 * Daily candles (or closes, when the source has no open/high/low) with SMA 5/20/50 overlays and a
 * volume pane, drawn by lightweight-charts in the page's theme, with 1M to All range buttons. It
 * fills its container and follows its size.
 */
export function PriceChart({ history, ticker }: { history: PriceChart_history$key; ticker: string }) {
  const data = useFragment(
    graphql`
      fragment PriceChart_history on PriceHistory {
        source
        asOf
        bars {
          date
          open
          high
          low
          close
          volume
          sma5
          sma20
          sma50
        }
      }
    `,
    history,
  );
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const [range, setRange] = useState<RangeId>(DEFAULT_RANGE);
  const { bars } = data;
  const hasCandles = bars.every((bar) => bar.open != null && bar.high != null && bar.low != null);
  const hasVolume = bars.some((bar) => bar.volume != null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || bars.length === 0) return;
    const chart = createChart(container, chartOptions(theme));
    if (hasCandles) {
      chart
        .addSeries(CandlestickSeries, {
          upColor: theme.colors.success,
          downColor: theme.colors.danger,
          borderVisible: false,
          wickUpColor: theme.colors.success,
          wickDownColor: theme.colors.danger,
        })
        .setData(bars.map((bar) => ({ time: bar.date, open: bar.open!, high: bar.high!, low: bar.low!, close: bar.close })));
    } else {
      chart
        .addSeries(LineSeries, { color: theme.colors.text, lineWidth: 2, title: "Close" })
        .setData(bars.map((bar) => ({ time: bar.date, value: bar.close })));
    }
    for (const overlay of OVERLAYS) {
      chart
        .addSeries(LineSeries, {
          color: overlay.color(theme),
          lineWidth: 2,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
        })
        .setData(bars.flatMap((bar) => (bar[overlay.key] == null ? [] : [{ time: bar.date, value: bar[overlay.key]! }])));
    }
    if (hasVolume) {
      const up = translucent(theme.colors.success, 0.6);
      const down = translucent(theme.colors.danger, 0.6);
      chart
        .addSeries(HistogramSeries, { priceFormat: { type: "volume" }, priceLineVisible: false, lastValueVisible: false }, 1)
        .setData(bars.flatMap((bar, index) => (bar.volume == null ? [] : [{ time: bar.date, value: bar.volume, color: isUpDay(bars, index) ? up : down }])));
      const [pricePane, volumePane] = chart.panes();
      pricePane.setStretchFactor(PRICE_PANE_STRETCH);
      volumePane.setStretchFactor(VOLUME_PANE_STRETCH);
    }
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      chart.remove();
    };
  }, [bars, hasCandles, hasVolume, theme]);

  // Declared after the chart's effect, so a new chart (new bars or theme) gets the chosen range too.
  useEffect(() => {
    if (chartRef.current && bars.length > 0) showRange(chartRef.current, bars, range);
  }, [bars, theme, range]);

  if (bars.length === 0) {
    return <Empty>No daily prices are stored for {ticker}, so there is no chart.</Empty>;
  }
  const first = bars[0];
  const last = bars[bars.length - 1];
  const rangeName = RANGES.find((candidate) => candidate.id === range)?.name;
  return (
    <Figure>
      <RangeBar role="group" aria-label="Chart range">
        {RANGES.map((choice) => (
          <RangeButton
            key={choice.id}
            type="button"
            aria-pressed={range === choice.id}
            title={`Show ${choice.name}`}
            onClick={() => setRange(choice.id)}
          >
            {choice.label}
          </RangeButton>
        ))}
      </RangeBar>
      <Canvas
        ref={containerRef}
        role="img"
        aria-label={`Daily ${hasCandles ? "candles" : "closing prices"} for ${ticker} from ${formatMarketDate(first.date)} (close ${formatPrice(first.close)}) to ${formatMarketDate(last.date)} (close ${formatPrice(last.close)}), with SMA 5, 20 and 50${hasVolume ? " and daily volume below" : ""}; showing ${rangeName}.`}
      />
      <Caption>
        <Legend aria-label="Chart key">
          {OVERLAYS.map((overlay) => (
            <li key={overlay.key}>
              <Swatch aria-hidden="true" style={{ background: overlay.color(theme) }} />
              {overlay.label}
            </li>
          ))}
          {hasVolume ? (
            <li>
              <VolumeSwatch aria-hidden="true" style={{ background: theme.colors.success }} />
              <VolumeSwatch aria-hidden="true" style={{ background: theme.colors.danger }} />
              Volume, up / down day
            </li>
          ) : null}
        </Legend>
        <span>
          {data.source} · {bars.length} trading days to {formatMarketDate(data.asOf ?? last.date)}
        </span>
        <ChartAttribution />
      </Caption>
    </Figure>
  );
}

const Figure = styled.figure`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  min-width: 0;
`;

const Canvas = styled.div`
  height: 400px;
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    height: 480px;
  }
`;

const Caption = styled.figcaption`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const RangeBar = styled.div`
  display: inline-flex;
  justify-self: end;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const RangeButton = styled.button`
  min-width: 40px;
  min-height: 32px;
  padding: 4px 10px;
  border: 0;
  border-radius: 4px;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &[aria-pressed="true"] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.colors.shadow};
  }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: inline-flex; align-items: center; gap: 6px; font-weight: 600; }
`;

const Swatch = styled.span`
  width: 14px;
  height: 3px;
  border-radius: 2px;
`;

const VolumeSwatch = styled.span`
  width: 6px;
  height: 10px;
  margin-right: -4px;
  border-radius: 1px;
  opacity: 0.6;
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
