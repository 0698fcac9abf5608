import type { DefaultTheme } from "styled-components";

// Spec §5 display colouring. Each tone also has a mark and words, so colour is never the only cue.

export type CellTone = "positive" | "negative" | "overbought" | "oversold" | "strong" | "good";

export interface SentimentThresholds {
  /** Strictly above this is positive. */
  positiveAbove: number;
  /** Strictly below this is negative. */
  negativeBelow: number;
}

/** Basic results table: above 0.2 positive, below −0.1 negative. */
export const BASIC_SENTIMENT_THRESHOLDS: SentimentThresholds = { positiveAbove: 0.2, negativeBelow: -0.1 };
/** Combined tables: ±0.1. */
export const COMBINED_SENTIMENT_THRESHOLDS: SentimentThresholds = { positiveAbove: 0.1, negativeBelow: -0.1 };

export const RSI_OVERBOUGHT_ABOVE = 70;
export const RSI_OVERSOLD_BELOW = 30;
export const TECHNICAL_SCORE_STRONG_ABOVE = 80;
export const TECHNICAL_SCORE_GOOD_ABOVE = 60;

export function sentimentCellTone(score: number | null | undefined, thresholds: SentimentThresholds): CellTone | null {
  if (score == null) return null;
  if (score > thresholds.positiveAbove) return "positive";
  if (score < thresholds.negativeBelow) return "negative";
  return null;
}

/** RSI above 70 red (overbought), below 30 green (oversold). */
export function rsiCellTone(rsi: number | null | undefined): CellTone | null {
  if (rsi == null) return null;
  if (rsi > RSI_OVERBOUGHT_ABOVE) return "overbought";
  if (rsi < RSI_OVERSOLD_BELOW) return "oversold";
  return null;
}

/** Technical score above 80 green, above 60 blue. */
export function technicalScoreCellTone(score: number | null | undefined): CellTone | null {
  if (score == null) return null;
  if (score > TECHNICAL_SCORE_STRONG_ABOVE) return "strong";
  if (score > TECHNICAL_SCORE_GOOD_ABOVE) return "good";
  return null;
}

/** The mark shown beside a toned value and the words a screen reader hears instead. */
export const toneCue: Record<CellTone, { mark: string; words: string }> = {
  positive: { mark: "▲", words: "positive" },
  negative: { mark: "▼", words: "negative" },
  overbought: { mark: "OB", words: "overbought" },
  oversold: { mark: "OS", words: "oversold" },
  strong: { mark: "▲▲", words: "strong" },
  good: { mark: "▲", words: "good" },
};

export function cellToneColor(theme: DefaultTheme, tone: CellTone): string {
  switch (tone) {
    case "positive":
    case "oversold":
    case "strong":
      return theme.colors.success;
    case "negative":
    case "overbought":
      return theme.colors.danger;
    case "good":
      return theme.colors.primary;
  }
}
