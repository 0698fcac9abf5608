// `npm run eval:sentiment -- <csv> [--errors]`: compares plain AFINN (the
// `sentiment` package) with the enhanced finance scorer on a labelled CSV
// (header `sentence,label`, labels positive/negative/neutral, RFC 4180), e.g.
// the Financial PhraseBank development split. That set is CC BY-NC-SA, so it
// is read from wherever it lies and never copied into the project.
// --errors also lists the sentences the enhanced scorer gets wrong.
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { scoreTextWithAfinn } from "../news/sentiment/afinn";
import { evaluate, evaluationClasses, formatEvaluation, type LabelledSentence } from "../news/sentiment/evaluation";
import { bearishThreshold, bullishThreshold } from "../news/sentiment/labels";
import { scoreText } from "../news/sentiment/scorer";

function readLabelledCsv(path: string): LabelledSentence[] {
  const rows: Record<string, string>[] = parse(fs.readFileSync(path, "utf8"), { columns: true, skip_empty_lines: true });
  return rows.map((row, index) => {
    const label = row.label?.trim().toLowerCase();
    if (typeof row.sentence !== "string" || !evaluationClasses.some((cls) => cls === label)) {
      throw new Error(`row ${index + 2}: expected columns sentence,label with label positive, negative or neutral`);
    }
    return { sentence: row.sentence, label: label as LabelledSentence["label"] };
  });
}

function sentencesPerSecond(sentences: readonly LabelledSentence[], score: (text: string) => unknown): number {
  const started = performance.now();
  let scored = 0;
  while (performance.now() - started < 1000) {
    for (const { sentence } of sentences) score(sentence);
    scored += sentences.length;
  }
  return Math.round(scored / ((performance.now() - started) / 1000));
}

function main(): void {
  const [path, ...flags] = process.argv.slice(2);
  if (path === undefined) {
    console.error("usage: npm run eval:sentiment -- <csv with header sentence,label> [--errors]");
    process.exit(2);
  }
  let sentences: LabelledSentence[];
  try {
    sentences = readLabelledCsv(path);
  } catch (error) {
    console.error(`Cannot read ${path}: ${(error as Error).message}`);
    process.exit(1);
  }

  const scorers = [
    { name: "Plain AFINN (sentiment package)", score: scoreTextWithAfinn },
    { name: "Enhanced (AFINN + finance layer)", score: scoreText },
  ];
  console.log(`Labels: bullish ≥ ${bullishThreshold}, bearish ≤ ${bearishThreshold} on the normalised score (−1..1).\n`);
  for (const { name, score } of scorers) {
    console.log(formatEvaluation(name, evaluate(sentences, (sentence) => score(sentence).label)));
    console.log(`speed: ${sentencesPerSecond(sentences, score).toLocaleString("en-US")} sentences/s on one core\n`);
  }

  if (flags.includes("--errors")) {
    for (const { sentence, label } of sentences) {
      const result = scoreText(sentence);
      const predicted = { bullish: "positive", bearish: "negative", neutral: "neutral" }[result.label];
      if (predicted === label) continue;
      const terms = result.terms.map((term) => `${term.term} ${term.weight > 0 ? "+" : ""}${term.weight}`).join(", ");
      console.log(`[${label} → ${predicted} ${result.score.toFixed(2)}] ${sentence}\n    ${terms || "(no terms)"}`);
    }
  }
}

main();
