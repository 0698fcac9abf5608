// Accuracy, per-class precision/recall/F1, macro-F1 and the confusion matrix
// of a scorer against sentences labelled positive / negative / neutral
// (the Financial PhraseBank's classes; bullish = positive, bearish = negative).
import type { SentimentLabel } from "./labels";

export const evaluationClasses = ["positive", "negative", "neutral"] as const;
export type EvaluationClass = (typeof evaluationClasses)[number];

export interface LabelledSentence {
  sentence: string;
  label: EvaluationClass;
}

export interface ClassMetrics {
  precision: number;
  recall: number;
  f1: number;
  /** How many sentences truly carry this label. */
  support: number;
}

export interface Evaluation {
  total: number;
  accuracy: number;
  /** Unweighted mean of the three F1 scores: the classes are imbalanced, so accuracy alone flatters "neutral". */
  macroF1: number;
  perClass: Record<EvaluationClass, ClassMetrics>;
  /** confusion[actual][predicted] = number of sentences. */
  confusion: Record<EvaluationClass, Record<EvaluationClass, number>>;
}

const classOfLabel: Record<SentimentLabel, EvaluationClass> = {
  bullish: "positive",
  bearish: "negative",
  neutral: "neutral",
};

export function evaluate(
  sentences: readonly LabelledSentence[],
  labelSentence: (sentence: string) => SentimentLabel,
): Evaluation {
  const confusion = emptyConfusion();
  for (const { sentence, label } of sentences) {
    confusion[label][classOfLabel[labelSentence(sentence)]]++;
  }
  const perClass = {} as Record<EvaluationClass, ClassMetrics>;
  for (const cls of evaluationClasses) {
    const truePositives = confusion[cls][cls];
    const predicted = evaluationClasses.reduce((sum, actual) => sum + confusion[actual][cls], 0);
    const support = evaluationClasses.reduce((sum, guess) => sum + confusion[cls][guess], 0);
    const precision = ratio(truePositives, predicted);
    const recall = ratio(truePositives, support);
    perClass[cls] = { precision, recall, f1: ratio(2 * precision * recall, precision + recall), support };
  }
  const correct = evaluationClasses.reduce((sum, cls) => sum + confusion[cls][cls], 0);
  return {
    total: sentences.length,
    accuracy: ratio(correct, sentences.length),
    macroF1: evaluationClasses.reduce((sum, cls) => sum + perClass[cls].f1, 0) / evaluationClasses.length,
    perClass,
    confusion,
  };
}

/** A plain-text report: headline numbers, a per-class table and the confusion matrix. */
export function formatEvaluation(name: string, evaluation: Evaluation): string {
  const number = (value: number) => value.toFixed(3);
  const row = (cells: readonly string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(10) : cell.padStart(10))).join("");
  const lines = [
    `${name}: accuracy ${number(evaluation.accuracy)}, macro-F1 ${number(evaluation.macroF1)} (${evaluation.total} sentences)`,
    row(["class", "precision", "recall", "F1", "support"]),
    ...evaluationClasses.map((cls) => {
      const metrics = evaluation.perClass[cls];
      return row([cls, number(metrics.precision), number(metrics.recall), number(metrics.f1), String(metrics.support)]);
    }),
    "confusion (rows: actual, columns: predicted)",
    row(["", ...evaluationClasses]),
    ...evaluationClasses.map((actual) =>
      row([actual, ...evaluationClasses.map((predicted) => String(evaluation.confusion[actual][predicted]))]),
    ),
  ];
  return lines.join("\n");
}

function emptyConfusion(): Record<EvaluationClass, Record<EvaluationClass, number>> {
  const row = () => ({ positive: 0, negative: 0, neutral: 0 });
  return { positive: row(), negative: row(), neutral: row() };
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}
