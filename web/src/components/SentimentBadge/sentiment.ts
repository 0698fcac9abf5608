import type { DefaultTheme } from "styled-components";

export type SentimentTone = "bullish" | "bearish" | "neutral";

/** The scorer's labels are bullish | bearish | neutral; anything else is shown as neutral. */
export function sentimentTone(label: string | null | undefined): SentimentTone {
  const value = label?.toLowerCase();
  return value === "bullish" || value === "bearish" ? value : "neutral";
}

/** The API's label thresholds (score ≥ 0.2 bullish, ≤ −0.2 bearish), for scores that come without a label. */
export function toneOfScore(score: number): SentimentTone {
  return score >= 0.2 ? "bullish" : score <= -0.2 ? "bearish" : "neutral";
}

export function toneLabel(tone: SentimentTone): string {
  return tone === "bullish" ? "Bullish" : tone === "bearish" ? "Bearish" : "Neutral";
}

/** Bullish green, bearish red, neutral grey (theme tokens, so both themes keep their contrast). */
export function toneColor(theme: DefaultTheme, tone: SentimentTone): string {
  return tone === "bullish" ? theme.colors.success : tone === "bearish" ? theme.colors.danger : theme.colors.textMuted;
}

/** A score in −1..1 with its sign and two decimals ("+0.42", "−0.10", "0.00"); a true minus sign. */
export function formatScore(score: number): string {
  const rounded = Math.round(score * 100) / 100;
  if (rounded === 0) return "0.00";
  return `${rounded > 0 ? "+" : "−"}${Math.abs(rounded).toFixed(2)}`;
}

/** A term's weight as the scorer gave it ("+2", "−1.5"). */
export function formatWeight(weight: number): string {
  const rounded = Math.round(weight * 100) / 100;
  return `${rounded >= 0 ? "+" : "−"}${Math.abs(rounded)}`;
}

/** Date and time in the reader's time zone, with the zone named ("Mar 15, 2021, 4:55 PM EDT"). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "unknown time";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "unknown time";
  return date.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
}
