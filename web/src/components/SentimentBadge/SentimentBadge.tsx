import styled, { css } from "styled-components";
import { formatScore, sentimentTone, toneColor, toneLabel, type SentimentTone } from "./sentiment";

interface SentimentBadgeProps {
  score: number | null | undefined;
  label: string | null | undefined;
  size?: "sm" | "lg";
  className?: string;
}

/**
 * A sentiment score with its label, coloured by the label: bullish green, bearish red,
 * neutral grey. The words carry the meaning too, so colour is never the only signal.
 */
export function SentimentBadge({ score, label, size = "sm", className }: SentimentBadgeProps) {
  const tone = sentimentTone(label);
  return (
    <Badge $tone={tone} $size={size} className={className} data-tone={tone}>
      <Score>{score == null ? "—" : formatScore(score)}</Score>
      <span>{toneLabel(tone)}</span>
    </Badge>
  );
}

const Badge = styled.span<{ $tone: SentimentTone; $size: "sm" | "lg" }>`
  display: inline-flex;
  align-items: baseline;
  gap: 6px;
  flex: none;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: 700;
  white-space: nowrap;
  ${({ theme, $tone }) => {
    const color = toneColor(theme, $tone);
    return css`
      color: ${color};
      background: color-mix(in srgb, ${color} 12%, ${theme.colors.surface});
      border: 1px solid color-mix(in srgb, ${color} 35%, ${theme.colors.border});
    `;
  }}
  ${({ theme, $size }) =>
    $size === "lg"
      ? css`padding: 6px 14px; font-size: ${theme.fontSizes.lg};`
      : css`padding: 2px 10px; font-size: ${theme.fontSizes.xs};`}
`;

const Score = styled.span`
  font-variant-numeric: tabular-nums;
`;
