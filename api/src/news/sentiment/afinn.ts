import Sentiment from "sentiment";
import afinnLabels from "sentiment/languages/en/labels.json";
import { afinnOverrides } from "./finance-lexicon";
import { labelOf, normaliseScore } from "./labels";
import type { SentimentScore } from "./scorer";

/** AFINN-165 word weights as shipped by the `sentiment` package, with the finance overrides applied. */
export const afinnForFinance: ReadonlyMap<string, number> = new Map(
  Object.entries({ ...(afinnLabels as Record<string, number>), ...afinnOverrides }).filter(([, weight]) => weight !== 0),
);

const plainAfinn = new Sentiment();

/**
 * The baseline: the `sentiment` package exactly as published (AFINN-165, its
 * own one-word negation), normalised and labelled like the enhanced scorer so
 * the two can be compared.
 */
export function scoreTextWithAfinn(text: string): SentimentScore {
  const result = plainAfinn.analyze(text);
  const score = normaliseScore(result.score);
  // The package lists terms last to first; show them in reading order.
  const terms = result.calculation
    .map((entry) => {
      const [term, weight] = Object.entries(entry)[0];
      return { term, weight };
    })
    .reverse();
  return { score, label: labelOf(score), terms };
}
