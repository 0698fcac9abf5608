import styled, { css } from "styled-components";
import { momentumLabel, momentumRank } from "./format";

/** Momentum in words (the words are the cue), tinted green as it strengthens. */
export function MomentumBadge({ momentum }: { momentum: string }) {
  const rank = momentumRank(momentum);
  return (
    <Badge $rank={rank} data-momentum={momentum}>
      {momentumLabel(momentum)}
    </Badge>
  );
}

const Badge = styled.span<{ $rank: number }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
  ${({ theme, $rank }) => {
    const color = $rank > 0 ? theme.colors.success : theme.colors.textMuted;
    return css`
      color: ${color};
      background: color-mix(in srgb, ${color} ${$rank === 2 ? 22 : 10}%, ${theme.colors.surface});
      border: 1px solid color-mix(in srgb, ${color} ${$rank === 2 ? 55 : 30}%, ${theme.colors.border});
    `;
  }}
`;
