import { evaluate, formatEvaluation, type LabelledSentence } from "./evaluation";
import { labelOf, normaliseScore } from "./labels";

describe("evaluate", () => {
  // Five sentences; the fake scorer answers from a lookup so the numbers are easy to check by hand.
  const sentences: LabelledSentence[] = [
    { sentence: "a", label: "positive" },
    { sentence: "b", label: "positive" },
    { sentence: "c", label: "negative" },
    { sentence: "d", label: "neutral" },
    { sentence: "e", label: "neutral" },
  ];
  const answers = { a: "bullish", b: "neutral", c: "bearish", d: "neutral", e: "bullish" } as const;
  const evaluation = evaluate(sentences, (sentence) => answers[sentence as keyof typeof answers]);

  it("counts the confusion matrix with actual labels as rows", () => {
    expect(evaluation.confusion).toEqual({
      positive: { positive: 1, negative: 0, neutral: 1 },
      negative: { positive: 0, negative: 1, neutral: 0 },
      neutral: { positive: 1, negative: 0, neutral: 1 },
    });
  });

  it("computes accuracy, per-class precision/recall/F1 and the unweighted macro-F1", () => {
    expect(evaluation.total).toBe(5);
    expect(evaluation.accuracy).toBeCloseTo(3 / 5);
    expect(evaluation.perClass.positive).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5, support: 2 });
    expect(evaluation.perClass.negative).toEqual({ precision: 1, recall: 1, f1: 1, support: 1 });
    expect(evaluation.perClass.neutral).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5, support: 2 });
    expect(evaluation.macroF1).toBeCloseTo(2 / 3);
  });

  it("prints a readable report", () => {
    const report = formatEvaluation("Test", evaluation);
    expect(report).toContain("Test: accuracy 0.600, macro-F1 0.667 (5 sentences)");
    expect(report).toMatch(/negative\s+1\.000\s+1\.000\s+1\.000\s+1/);
  });

  it("scores a class that is never predicted as 0, not NaN", () => {
    const allNeutral = evaluate(sentences, () => "neutral");
    expect(allNeutral.perClass.positive).toEqual({ precision: 0, recall: 0, f1: 0, support: 2 });
    expect(allNeutral.accuracy).toBeCloseTo(2 / 5);
  });
});

describe("normaliseScore and labelOf", () => {
  it("maps any raw sum into −1..1, keeping its sign", () => {
    expect(normaliseScore(0)).toBe(0);
    expect(normaliseScore(3)).toBeCloseTo(0.612, 3);
    expect(normaliseScore(-3)).toBeCloseTo(-0.612, 3);
    expect(normaliseScore(1000)).toBeLessThan(1);
    expect(normaliseScore(-1000)).toBeGreaterThan(-1);
  });

  it("labels at ±0.2", () => {
    expect(labelOf(0.2)).toBe("bullish");
    expect(labelOf(0.19)).toBe("neutral");
    expect(labelOf(-0.19)).toBe("neutral");
    expect(labelOf(-0.2)).toBe("bearish");
  });
});
