// Cell contents the results tables share.
import styled from "styled-components";
import { formatScore } from "../SentimentBadge/sentiment";
import { VisuallyHidden } from "../ui/Layout";
import { formatDecimal, formatCompactFigure, MISSING } from "./format";
import { ToneValue } from "./ToneValue";
import { sentimentCellTone, type SentimentThresholds } from "./tones";

/** A figure rounded to fit its column ("$3,369"), the exact one in its title when they differ. */
export function CompactFigure({ value, prefix = "", decimals = 2 }: { value: number | null | undefined; prefix?: string; decimals?: number }) {
  const shown = formatCompactFigure(value, decimals);
  if (shown === MISSING) return <>{MISSING}</>;
  const exact = formatDecimal(value, decimals);
  return <span title={exact === shown ? undefined : `${prefix}${exact}`}>{`${prefix}${shown}`}</span>;
}

/** News sentiment coloured by the table's thresholds; a dash (explained on hover) without news. */
export function SentimentValue({ score, thresholds }: { score: number | null | undefined; thresholds: SentimentThresholds }) {
  return score == null ? (
    <Muted title="No news from the chosen sources in the window">{MISSING}</Muted>
  ) : (
    <ToneValue tone={sentimentCellTone(score, thresholds)}>{formatScore(score)}</ToneValue>
  );
}

/** ↑ upgrades ↓ downgrades, each only when there were some; the arrows are read out as words. */
export function AnalystActivity({ upgrades, downgrades }: { upgrades: number; downgrades: number }) {
  if (upgrades === 0 && downgrades === 0) return <Muted title="No analyst upgrades or downgrades in the news window">0</Muted>;
  return (
    <Activity title={`${upgrades} ${upgrades === 1 ? "upgrade" : "upgrades"}, ${downgrades} ${downgrades === 1 ? "downgrade" : "downgrades"}`}>
      {upgrades > 0 ? (
        <Up>
          <span aria-hidden="true">↑</span>
          {upgrades}
          <VisuallyHidden> up</VisuallyHidden>
        </Up>
      ) : null}
      {upgrades > 0 && downgrades > 0 ? " " : null}
      {downgrades > 0 ? (
        <Down>
          <span aria-hidden="true">↓</span>
          {downgrades}
          <VisuallyHidden> down</VisuallyHidden>
        </Down>
      ) : null}
    </Activity>
  );
}

/** Net analyst activity (upgrades − downgrades), ties broken by how many actions there were. */
export const analystSortValue = (row: { analystUpgrades: number; analystDowngrades: number }) =>
  (row.analystUpgrades - row.analystDowngrades) * 1000 + row.analystUpgrades + row.analystDowngrades;

/** Plain words keep the cell a text value in spreadsheets (a leading + or − would start a formula). */
export const analystActivityText = (row: { analystUpgrades: number; analystDowngrades: number }) =>
  `${row.analystUpgrades} up / ${row.analystDowngrades} down`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Activity = styled.span`
  white-space: nowrap;
`;

const Up = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

const Down = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 700;
`;
