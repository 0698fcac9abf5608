import { useMemo, type KeyboardEvent, type MouseEvent } from "react";
import styled from "styled-components";
import { formatMarketDate } from "../ScreenResults/format";
import { coverageWeeks, weekIndexOf, type CoverageWeek } from "./coverageWeeks";

interface CoverageStripProps {
  days: readonly { date: string; tickersWithPrices: number; tickersWithNews: number }[];
  /** The view's day (null: the latest data). */
  selected: string | null;
  onPick: (day: string) => void;
}

const BAR_WIDTH = 4;
const HEIGHT = 32;
const PRICE_MARK = 3;

function weekText(week: CoverageWeek): string {
  const news = week.maxTickersWithNews === 0 ? "no news" : `news for up to ${week.maxTickersWithNews} tickers a day`;
  return `Week of ${formatMarketDate(week.start)}: ${news}, ${week.lastPriceDate ? "prices" : "no prices"}`;
}

/**
 * Where news exists: one bar per week, its height the busiest day's tickers with news, a mark under
 * it where prices exist, the selected week highlighted. Clicking a week (or arrow keys, as a
 * slider) picks its last day with prices.
 */
export function CoverageStrip({ days, selected, onPick }: CoverageStripProps) {
  const weeks = useMemo(() => coverageWeeks(days), [days]);
  const peak = Math.max(1, ...weeks.map((week) => week.maxTickersWithNews));
  const selectedIndex = weekIndexOf(weeks, selected ?? weeks.findLast((week) => week.lastPriceDate)?.lastPriceDate ?? null);
  if (weeks.length === 0) return null;

  const newsWeeks = weeks.filter((week) => week.maxTickersWithNews > 0);
  const busiest = weeks.reduce((best, week) => (week.maxTickersWithNews > best.maxTickersWithNews ? week : best), weeks[0]);
  const summary =
    newsWeeks.length === 0
      ? `News coverage: no stored news between ${formatMarketDate(weeks[0].start)} and ${formatMarketDate(weeks[weeks.length - 1].start)}.`
      : `News coverage by week: ${newsWeeks.length} of ${weeks.length} weeks have news, from ${formatMarketDate(newsWeeks[0].start)} to ${formatMarketDate(newsWeeks[newsWeeks.length - 1].start)}; busiest the week of ${formatMarketDate(busiest.start)} (up to ${busiest.maxTickersWithNews} tickers a day).`;

  // Only weeks with prices can be picked (a screen needs bars); moving skips the others.
  const pickNear = (from: number, step: number) => {
    for (let index = from; index >= 0 && index < weeks.length; index += step) {
      const day = weeks[index].lastPriceDate;
      if (day) return onPick(day);
    }
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => pickNear(selectedIndex - 1, -1),
      ArrowRight: () => pickNear(selectedIndex + 1, 1),
      PageDown: () => pickNear(selectedIndex - 4, -1),
      PageUp: () => pickNear(selectedIndex + 4, 1),
      Home: () => pickNear(0, 1),
      End: () => pickNear(weeks.length - 1, -1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = box.width > 0 ? Math.floor(((event.clientX - box.left) / box.width) * weeks.length) : -1;
    if (index < 0 || index >= weeks.length) return;
    const day = weeks[index].lastPriceDate;
    if (day) onPick(day);
    else pickNear(index, index < selectedIndex ? 1 : -1);
  };

  const width = weeks.length * BAR_WIDTH;
  const barArea = HEIGHT - PRICE_MARK - 1;
  return (
    <Svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="slider"
      tabIndex={0}
      aria-label={summary}
      aria-valuemin={0}
      aria-valuemax={weeks.length - 1}
      aria-valuenow={Math.max(0, selectedIndex)}
      aria-valuetext={selectedIndex >= 0 ? weekText(weeks[selectedIndex]) : "No week selected"}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {weeks.map((week, index) => {
        const barHeight = week.maxTickersWithNews === 0 ? 0 : Math.max(1.5, (week.maxTickersWithNews / peak) * barArea);
        return (
          <g key={week.start} data-selected={index === selectedIndex || undefined}>
            {index === selectedIndex ? <SelectedBand x={index * BAR_WIDTH} y={0} width={BAR_WIDTH} height={HEIGHT} /> : null}
            {barHeight > 0 ? (
              <NewsBar x={index * BAR_WIDTH + 0.5} y={barArea - barHeight} width={BAR_WIDTH - 1} height={barHeight} $selected={index === selectedIndex} />
            ) : null}
            {week.lastPriceDate ? <PriceMark x={index * BAR_WIDTH} y={HEIGHT - PRICE_MARK} width={BAR_WIDTH} height={PRICE_MARK} /> : null}
          </g>
        );
      })}
    </Svg>
  );
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: ${HEIGHT}px;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const NewsBar = styled.rect<{ $selected: boolean }>`
  fill: ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.textMuted)};
  opacity: ${({ $selected }) => ($selected ? 1 : 0.55)};
`;

const PriceMark = styled.rect`
  fill: ${({ theme }) => theme.colors.accent};
  opacity: 0.6;
`;

const SelectedBand = styled.rect`
  fill: ${({ theme }) => theme.colors.primary};
  opacity: 0.18;
`;
