export type SentimentLabel = "bullish" | "bearish" | "neutral";

/**
 * Squashes a raw sum of term weights (AFINN scale, unbounded) into −1..1 with
 * VADER's normalisation: score = raw / √(raw² + α), α = 15. It keeps the sign,
 * is 0 at 0 and approaches ±1 smoothly: one strong finance term (raw 3) gives
 * ±0.61, two (raw 6) give ±0.84.
 */
export const normalisationAlpha = 15;

export function normaliseScore(raw: number): number {
  if (raw === 0) return 0;
  return raw / Math.sqrt(raw * raw + normalisationAlpha);
}

/**
 * Label thresholds on the normalised score: ≥ +0.2 bullish, ≤ −0.2 bearish,
 * otherwise neutral. 0.2 is a raw sum of about ±0.8: one finance term or one
 * strong AFINN word (±2, counted half) labels a headline, a single mild AFINN
 * word (±1 → ±0.5) does not, so routine company prose ("support services")
 * stays neutral. Chosen among round values on the Financial PhraseBank
 * development split: 0.15–0.25 score the same there, 0.3 and above lose
 * recall on short factual good news, 0.05 lets single mild words through.
 */
export const bullishThreshold = 0.2;
export const bearishThreshold = -0.2;

export function labelOf(score: number): SentimentLabel {
  if (score >= bullishThreshold) return "bullish";
  if (score <= bearishThreshold) return "bearish";
  return "neutral";
}
