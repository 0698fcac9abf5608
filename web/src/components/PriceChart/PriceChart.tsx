import { CandlestickSeries, ColorType, createChart, LineSeries, type DeepPartial, type ChartOptions } from "lightweight-charts";
import { useEffect, useRef } from "react";
import { graphql, useFragment } from "react-relay";
import styled, { useTheme, type DefaultTheme } from "styled-components";
import { formatMarketDate, formatPrice } from "../ScreenResults/format";
import type { PriceChart_history$key } from "./__generated__/PriceChart_history.graphql";

type Overlay = "sma5" | "sma20" | "sma50";

const OVERLAYS: readonly { key: Overlay; label: string; color: (theme: DefaultTheme) => string }[] = [
  { key: "sma5", label: "SMA 5", color: (theme) => theme.colors.premium },
  { key: "sma20", label: "SMA 20", color: (theme) => theme.colors.primary },
  { key: "sma50", label: "SMA 50", color: (theme) => theme.colors.accent },
];

function chartOptions(theme: DefaultTheme): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: theme.colors.surface },
      textColor: theme.colors.textMuted,
      fontFamily: theme.fonts.body,
    },
    grid: { vertLines: { color: theme.colors.border }, horzLines: { color: theme.colors.border } },
    rightPriceScale: { borderColor: theme.colors.border },
    timeScale: { borderColor: theme.colors.border },
  };
}

/**
 * Daily candles (or closes, when the source has no open/high/low) with SMA 5/20/50 overlays,
 * drawn by lightweight-charts in the page's theme. It fills its container and follows its size.
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
  const { bars } = data;
  const hasCandles = bars.every((bar) => bar.open != null && bar.high != null && bar.low != null);

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
          lineWidth: 1,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
        })
        .setData(bars.flatMap((bar) => (bar[overlay.key] == null ? [] : [{ time: bar.date, value: bar[overlay.key]! }])));
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [bars, hasCandles, theme]);

  if (bars.length === 0) {
    return <Empty>No daily prices are stored for {ticker}, so there is no chart.</Empty>;
  }
  const first = bars[0];
  const last = bars[bars.length - 1];
  return (
    <Figure>
      <Canvas
        ref={containerRef}
        role="img"
        aria-label={`Daily ${hasCandles ? "candles" : "closing prices"} for ${ticker} from ${formatMarketDate(first.date)} (close ${formatPrice(first.close)}) to ${formatMarketDate(last.date)} (close ${formatPrice(last.close)}), with SMA 5, 20 and 50.`}
      />
      <Caption>
        <Legend aria-label="Chart key">
          {OVERLAYS.map((overlay) => (
            <li key={overlay.key}>
              <Swatch aria-hidden="true" style={{ background: overlay.color(theme) }} />
              {overlay.label}
            </li>
          ))}
        </Legend>
        <span>
          {data.source} · {bars.length} trading days to {formatMarketDate(data.asOf ?? last.date)}
        </span>
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
  height: 360px;
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    height: 420px;
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

const Legend = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
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

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
