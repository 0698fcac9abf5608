// The explainable news-sentiment scorer: AFINN-165 (the `sentiment` package's
// lexicon) plus a finance layer. Every point of the score comes from a listed
// term, so the UI can show why a headline is bullish or bearish.
//
// Rules, applied in this order; a token used by one rule is not scored again:
//   1. finance phrases ("profit warning", "into the red", "in line with");
//   2. results against expectations ("beat estimates", "better than expected",
//      "fell short of forecasts", "sales were smaller than expected");
//   3. contract wins ("won a EUR 40 mn order") and swings ("swung to a net
//      profit", "turned to a loss");
//   4. business metrics and their direction (finance-lexicon.ts: metricPolarity),
//      by decreasing strength of evidence:
//      a. the old figure belongs to the opposite metric: "a loss of 2 mn,
//         compared with a profit of 5 mn" (a swing written the other way);
//      b. a direction word near the metric, either order, nearest pairs first
//         ("profit rose", "increased its net sales", "loss narrowed", "cut costs");
//      c. two figures compared after the metric ("EUR 49.9 mn compared to EUR
//         15.4 mn", "from 7 to 8.5"): the numbers give the direction;
//      d. a direction word further on in the same clause ("sales of EUR 58.9 mn
//         in the second quarter, down 5 %");
//   5. single words: price extremes ("52-week high"), finance words, unpaired
//      direction verbs ("plunged"), then AFINN (with the finance overrides)
//      damped by afinnWeightFactor.
// A negation ("not", "n't", "without", "failed to" ...) reverses every term
// that starts within its scope (negation.ts).
//
// score = normaliseScore(sum of term weights), label = labelOf(score) (labels.ts).
import { afinnForFinance } from "./afinn";
import {
  comparativeDirections,
  compoundMetrics,
  contractNouns,
  contractWinVerbs,
  directionLexicon,
  expectationComparators,
  expectationNouns,
  extremeMarkers,
  extremeWords,
  financePhrases,
  financeWords,
  fundraisingObjects,
  magnitudeComparators,
  metricPolarity,
  particleDirections,
  phrasalVerbs,
  priceMetrics,
  raiseVerbs,
  swingVerbs,
} from "./finance-lexicon";
import { labelOf, normaliseScore, type SentimentLabel } from "./labels";
import { findNegations, negationCueText, negationFactor } from "./negation";
import { isClauseEnd, isNumberToken, tokenize } from "./tokenize";

export interface ScoredTerm {
  /** The word or phrase as it reads in the text (lower case), e.g. "profit rose", "not beat". */
  term: string;
  /** Its contribution to the raw sum, on AFINN's scale (before normalisation). */
  weight: number;
}

export interface SentimentScore {
  /** −1 (most bearish) .. 1 (most bullish). */
  score: number;
  label: SentimentLabel;
  /** The terms that moved the score, strongest first. */
  terms: ScoredTerm[];
}

/** A metric moving one way is the strongest evidence a sentence carries: worth a strong AFINN word. */
const metricMoveWeight = 3;
/** Beating or missing expectations is the classic earnings-news signal. */
const expectationWeight = 2.5;
/** Winning an order or contract: as strong as a clearly positive AFINN word. */
const contractWinWeight = 2;
/** "received a significant long-term order": how far the noun may follow its verb. */
const contractWindow = 5;
/** A "52-week high" or a "record low" is how price news is written. */
const extremeWeight = 2;
/**
 * General-English AFINN words are weaker evidence in financial news than the
 * finance rules ("support", "problems" are often boilerplate), so they count half.
 */
const afinnWeightFactor = 0.5;
/** A metric named with no direction: only "growth" carries one by itself. */
const unpairedMetricWeights = new Map([["growth", 2]]);

/** How far (in tokens) a direction word may sit after its metric: "operating profit for the third quarter rose". */
const directionAfterWindow = 8;
/** ... and before it: "increased its net sales", "record profit". */
const directionBeforeWindow = 3;
/** How far a comparison may run after its metric: "sales of EUR 58.9 mn in the second quarter of 2007, down from EUR 62.4 mn". */
const comparisonWindow = 30;
/** How many tokens before an expectation noun its comparator may be: "beat analysts' $0.61 estimate". */
const comparatorWindow = 3;
/** How far from a swing verb its metric may be: "swung to a 1.1 mln euro $ 1.4 mln net profit". */
const swingWindow = 12;

/** Results that can swing between profit and loss: "a loss of 2, compared with a profit of 5". */
const swingMetrics = new Set(["profit", "profits", "earnings", "income", "ebit", "ebitda", "ebita", "eps", "result", "loss", "losses", "deficit"]);
const investmentStyleNouns = new Set(["stock", "stocks", "fund", "funds", "etf", "etfs", "investor", "investors", "investing", "names", "shares"]);
/** Words that start a contrasting clause: a direction after them belongs to something else. */
const contrastWords = new Set(["but", "while", "whereas", "although", "though", "however", "despite"]);
/** Words after which a figure is compared with the first one. */
const comparisonMarkers = new Set(["compared", "versus", "vs", "against", "from"]);
/** "ranges from 0.1 to 10" and "between 5 and 7" describe a span, not a change. */
const rangeWords = new Set(["range", "ranges", "ranging", "between"]);
const currencyCodes = new Set(["usd", "eur", "euro", "euros", "gbp", "jpy", "chf", "sek", "nok", "dkk", "cad", "aud", "cny"]);
/** "12 months", "3 years": durations, not figures. */
const durationWords = new Set(["day", "days", "week", "weeks", "month", "months", "year", "years", "quarter", "quarters"]);
/** Adverbs allowed between "up"/"down" and what confirms them: "up slightly from". */
const degreeAdverbs = new Set(["slightly", "sharply", "strongly", "significantly", "marginally", "considerably", "substantially"]);
const unitMultipliers = new Map([
  ["thousand", 1e3], ["k", 1e3], ["mn", 1e6], ["m", 1e6], ["million", 1e6], ["mln", 1e6],
  ["bn", 1e9], ["bln", 1e9], ["b", 1e9], ["billion", 1e9], ["tn", 1e12], ["trillion", 1e12],
]);

interface Phrase {
  readonly words: readonly string[];
  readonly weight: number;
}

/** Finance words, then AFINN (damped), in one map: one lookup per remaining token. */
const singleWordWeights = new Map<string, number>([
  ...[...afinnForFinance].map(([word, weight]): [string, number] => [word, weight * afinnWeightFactor]),
  ...financeWords,
]);

/** Phrases indexed by their first word, longest first, so matching is one map lookup per token. */
const phrasesByFirstWord = new Map<string, Phrase[]>();
for (const [text, weight] of financePhrases) {
  const words = tokenize(text);
  const list = phrasesByFirstWord.get(words[0]) ?? [];
  list.push({ words, weight });
  list.sort((a, b) => b.words.length - a.words.length);
  phrasesByFirstWord.set(words[0], list);
}

export function scoreText(text: string): SentimentScore {
  const scoring = new Scoring(tokenize(text));
  scoring.matchPhrases();
  scoring.matchExpectations();
  scoring.matchContractWins();
  scoring.matchSwings();
  scoring.matchMetricMoves();
  scoring.matchSingleWords();
  return scoring.result();
}

/** What the figures after a metric say about its direction. */
interface Comparison {
  /** "swing": the old figure was the opposite metric; "figures": two numbers; "direction": a later direction word. */
  kind: "swing" | "figures" | "direction";
  change: 1 | -1;
  /** Last token the comparison used. */
  endIndex: number;
  term: string;
}

class Scoring {
  private readonly used: Uint8Array;
  private readonly negatedBy: Int32Array;
  /** Per token: the metric polarity (metricPolarityAt) and whether it is a direction word here (isDirectionAt). */
  private readonly polarity: Int8Array;
  private readonly isDirection: Uint8Array;
  private readonly terms = new Map<string, number>();
  private raw = 0;

  constructor(private readonly tokens: readonly string[]) {
    this.used = new Uint8Array(tokens.length);
    this.negatedBy = findNegations(tokens);
    this.polarity = new Int8Array(tokens.length);
    this.isDirection = new Uint8Array(tokens.length);
    for (let index = 0; index < tokens.length; index++) this.polarity[index] = metricPolarityAt(tokens, index);
    for (let index = 0; index < tokens.length; index++) {
      this.isDirection[index] = isDirectionAt(tokens, index, this.polarity) ? 1 : 0;
    }
  }

  matchPhrases(): void {
    const { tokens } = this;
    for (let index = 0; index < tokens.length; index++) {
      const candidates = phrasesByFirstWord.get(tokens[index]);
      if (candidates === undefined) continue;
      const phrase = candidates.find((candidate) => candidate.words.every((word, offset) => tokens[index + offset] === word));
      if (phrase === undefined) continue;
      this.use(index, index + phrase.words.length - 1);
      if (phrase.weight !== 0) this.add(phrase.words.join(" "), phrase.weight, index);
      index += phrase.words.length - 1;
    }
  }

  matchExpectations(): void {
    const { tokens, used } = this;
    for (let index = 0; index < tokens.length; index++) {
      if (used[index] || !expectationNouns.has(tokens[index])) continue;
      for (let back = index - 1; back >= Math.max(0, index - comparatorWindow); back--) {
        if (used[back] || isClauseEnd(tokens[back])) break;
        const side = expectationComparators.get(tokens[back]) ?? this.magnitudeSide(back);
        if (side === undefined) continue;
        this.use(back, index);
        if (side !== 0) this.add(`${tokens[back]} ${tokens[index]}`, side * expectationWeight, back);
        break;
      }
    }
  }

  /**
   * "sales were smaller than expected", "a smaller than expected loss": the
   * metric before it (or right after "than expected") decides the sign; 0 when
   * there is none.
   */
  private magnitudeSide(comparatorIndex: number): 1 | -1 | 0 | undefined {
    const side = magnitudeComparators.get(this.tokens[comparatorIndex]);
    if (side === undefined || this.tokens[comparatorIndex + 1] !== "than") return undefined;
    const metricIndex = this.findMetric(comparatorIndex - 1, -1, directionAfterWindow) ?? this.findMetric(comparatorIndex + 3, 1, 2);
    if (metricIndex === undefined) return 0;
    this.used[metricIndex] = 1;
    return side * this.polarity[metricIndex] > 0 ? 1 : -1;
  }

  /** The first metric from `start` walking `step` for at most `window` tokens, within the clause. */
  private findMetric(start: number, step: 1 | -1, window: number): number | undefined {
    for (let index = start, seen = 0; index >= 0 && index < this.tokens.length && seen < window; index += step, seen++) {
      if (isClauseEnd(this.tokens[index])) return undefined;
      if (this.polarity[index] !== 0) return index;
    }
    return undefined;
  }

  matchContractWins(): void {
    const { tokens, used } = this;
    for (let index = 0; index < tokens.length; index++) {
      if (used[index] || !contractWinVerbs.has(tokens[index])) continue;
      const noun = this.findInClause(index + 1, contractWindow, (at) => !used[at] && contractNouns.has(tokens[at]));
      if (noun < 0) continue;
      this.use(index, noun);
      this.add(`${tokens[index]} ${tokens[noun]}`, contractWinWeight, index);
    }
  }

  matchSwings(): void {
    const { tokens, used } = this;
    for (let index = 0; index < tokens.length; index++) {
      const next = tokens[index + 1];
      if (used[index] || !swingVerbs.has(tokens[index]) || (next !== "to" && next !== "into" && next !== "back")) continue;
      const end = Math.min(tokens.length, index + swingWindow);
      for (let ahead = index + 2; ahead < end; ahead++) {
        if (isClauseEnd(tokens[ahead]) || used[ahead]) break;
        const polarity = this.polarity[ahead];
        if (polarity === 0) continue;
        // "... from a net loss of EUR 1.8 mn": the metric it swung from is part of the same fact.
        const swungFrom = this.findInClause(ahead + 1, swingWindow, (at) => this.polarity[at] === -polarity);
        this.use(index, swungFrom >= 0 ? swungFrom : ahead);
        this.add(`${tokens[index]} to ${tokens[ahead]}`, polarity * metricMoveWeight, index);
        break;
      }
    }
  }

  matchMetricMoves(): void {
    const { tokens, used } = this;
    const metrics: number[] = [];
    for (let index = 0; index < tokens.length; index++) {
      if (!used[index] && this.polarity[index] !== 0) metrics.push(index);
    }
    if (metrics.length === 0) return;
    const pairedDirection = this.pairNearestDirections(metrics);
    const takenDirections = new Set(pairedDirection.values());
    for (const metricIndex of metrics) {
      if (used[metricIndex]) continue;
      const polarity = this.polarity[metricIndex] as 1 | -1;
      const directionIndex = pairedDirection.get(metricIndex);
      const comparison = this.compareAfter(metricIndex, polarity, takenDirections);
      if (comparison !== undefined && (comparison.kind === "swing" || directionIndex === undefined)) {
        this.use(metricIndex, comparison.endIndex);
        this.add(comparison.term, polarity * comparison.change * metricMoveWeight, metricIndex);
      } else if (directionIndex !== undefined) {
        const direction = directionLexicon.get(tokens[directionIndex])!;
        const sign = direction.kind === "quality" ? direction.direction : polarity * direction.direction;
        const [first, second] = directionIndex < metricIndex ? [directionIndex, metricIndex] : [metricIndex, directionIndex];
        used[metricIndex] = 1;
        used[directionIndex] = 1;
        const negationAnchor = this.negatedBy[directionIndex] >= 0 ? directionIndex : metricIndex;
        this.add(`${tokens[first]} ${tokens[second]}`, sign * metricMoveWeight, negationAnchor);
      } else {
        const weight = unpairedMetricWeights.get(tokens[metricIndex]);
        if (weight !== undefined) {
          used[metricIndex] = 1;
          this.add(tokens[metricIndex], weight, metricIndex);
        }
      }
    }
  }

  /**
   * Pairs metrics with direction words, nearest pairs first, so in "the result
   * was burdened by increased costs" "increased" goes with "costs", not "result".
   */
  private pairNearestDirections(metrics: readonly number[]): Map<number, number> {
    const { tokens, used } = this;
    const candidates: { metricIndex: number; directionIndex: number; distance: number }[] = [];
    for (const metricIndex of metrics) {
      let depth = 0;
      for (let index = metricIndex + 1; index <= metricIndex + directionAfterWindow && index < tokens.length; index++) {
        const token = tokens[index];
        if (token === "(") depth++;
        else if (token === ")") depth = Math.max(0, depth - 1);
        if (isClauseEnd(token) || contrastWords.has(token) || (depth === 0 && this.polarity[index] !== 0)) break;
        if (!used[index] && this.canPair(metricIndex, index)) {
          candidates.push({ metricIndex, directionIndex: index, distance: index - metricIndex });
          break;
        }
      }
      for (let index = metricIndex - 1; index >= metricIndex - directionBeforeWindow && index >= 0; index--) {
        const token = tokens[index];
        // A metric after "from"/"compared with" is the old state, not what moved.
        if (isClauseEnd(token) || token === "," || this.polarity[index] !== 0 || comparisonMarkers.has(token)) break;
        if (!used[index] && this.canPair(metricIndex, index)) {
          // A tie goes to the word after the metric: "sales rose" reads before "rose sales".
          candidates.push({ metricIndex, directionIndex: index, distance: metricIndex - index + 0.5 });
          break;
        }
      }
    }
    candidates.sort((a, b) => a.distance - b.distance);
    const paired = new Map<number, number>();
    const taken = new Set<number>();
    for (const { metricIndex, directionIndex } of candidates) {
      if (paired.has(metricIndex) || taken.has(directionIndex)) continue;
      paired.set(metricIndex, directionIndex);
      taken.add(directionIndex);
    }
    return paired;
  }

  private canPair(metricIndex: number, directionIndex: number): boolean {
    if (!this.isDirection[directionIndex]) return false;
    return !priceMetrics.has(this.tokens[metricIndex]) || directionLexicon.get(this.tokens[directionIndex])!.kind !== "action";
  }

  /**
   * Reads the rest of the clause after a metric for figures: "X compared to /
   * versus / from Y" (X is the new value), "from X to Y", "by 13 % to X from Y".
   * The first figure may also stand just before the metric ("1.00 eur dividend").
   * Figures in parentheses or right after another one (before any marker) are
   * currency conversions, years and durations are dates, and a percentage is
   * only compared with a percentage.
   */
  private compareAfter(metricIndex: number, polarity: 1 | -1, takenDirections: ReadonlySet<number>): Comparison | undefined {
    const { tokens, used } = this;
    const metric = tokens[metricIndex];
    const end = Math.min(tokens.length, metricIndex + comparisonWindow);
    let newer = this.figureBefore(metricIndex);
    let depth = 0;
    let fromBeforeFirst = false;
    let anyMarkerSeen = false;
    let markerSeen = false;
    let toPending = false;
    let laterDirection: Comparison | undefined;
    for (let index = metricIndex + 1; index < end; index++) {
      const token = tokens[index];
      if (isClauseEnd(token) || contrastWords.has(token) || rangeWords.has(token)) break;
      if (token === "(") depth++;
      else if (token === ")") depth = Math.max(0, depth - 1);
      if (depth > 0 || used[index]) continue;
      if (laterDirection === undefined && this.isDirection[index] && !takenDirections.has(index)) {
        const direction = directionLexicon.get(token)!;
        const change = direction.kind === "quality" ? ((direction.direction * polarity) as 1 | -1) : direction.direction;
        laterDirection = { kind: "direction", change, endIndex: index, term: `${metric} … ${token}` };
      }
      if (comparisonMarkers.has(token)) {
        anyMarkerSeen = true;
        if (newer === undefined) fromBeforeFirst = token === "from";
        else markerSeen = true;
      }
      if (anyMarkerSeen && this.polarity[index] === -polarity && swingMetrics.has(metric) && swingMetrics.has(token)) {
        return { kind: "swing", change: 1, endIndex: index, term: `${metric} vs ${token}` };
      }
      if (token === "to" && newer !== undefined && !markerSeen) toPending = true;
      if (!isNumberToken(token) || isDateNumber(tokens, index)) continue;
      const figure = readFigure(tokens, index);
      if (newer === undefined) {
        newer = figure;
      } else if (toPending && fromBeforeFirst) {
        return figureComparison(metric, index, newer, figure);
      } else if (toPending) {
        newer = figure; // "by 13 % to EUR 349.1 mn": the figure after "to" is the new value
        toPending = false;
      } else if (markerSeen && figure.isPercent === newer.isPercent) {
        return figureComparison(metric, index, figure, newer);
      }
    }
    return laterDirection;
  }

  /** A figure written just before the metric ("a 1.1 mln euro net profit"), if any. */
  private figureBefore(metricIndex: number): Figure | undefined {
    const { tokens } = this;
    for (let index = metricIndex - 1; index >= Math.max(0, metricIndex - 4); index--) {
      const token = tokens[index];
      if (isClauseEnd(token) || token === "," || this.polarity[index] !== 0) return undefined;
      if (isNumberToken(token)) return isDateNumber(tokens, index) ? undefined : readFigure(tokens, index);
    }
    return undefined;
  }

  /** The first token within `window` tokens of `from`, in the same clause, that passes `test`, or −1. */
  private findInClause(from: number, window: number, test: (index: number) => boolean): number {
    for (let index = from; index < Math.min(this.tokens.length, from + window); index++) {
      if (isClauseEnd(this.tokens[index]) || contrastWords.has(this.tokens[index])) return -1;
      if (test(index)) return index;
    }
    return -1;
  }

  matchSingleWords(): void {
    const { tokens, used } = this;
    for (let index = 0; index < tokens.length; index++) {
      if (used[index]) continue;
      const token = tokens[index];
      const extreme = extremeWords.get(token);
      if (extreme !== undefined && index > 0 && isExtremeMarker(tokens[index - 1])) {
        this.add(`${tokens[index - 1]} ${token}`, extreme * extremeWeight, index - 1);
        continue;
      }
      const direction = directionLexicon.get(token);
      if (direction !== undefined) {
        if (direction.standalone !== 0 && this.isDirection[index]) this.add(token, direction.standalone, index);
        continue;
      }
      const weight = singleWordWeights.get(token);
      if (weight !== undefined) this.add(token, weight, index);
    }
  }

  result(): SentimentScore {
    const score = normaliseScore(this.raw);
    const terms = [...this.terms]
      .filter(([, weight]) => weight !== 0)
      .map(([term, weight]) => ({ term, weight }))
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
    return { score, label: labelOf(score), terms };
  }

  private use(from: number, to: number): void {
    this.used.fill(1, from, to + 1);
  }

  /** Records a term, reversed when a negation covers the token it starts at. */
  private add(term: string, weight: number, anchorIndex: number): void {
    const cueIndex = this.negatedBy[anchorIndex];
    const negated = cueIndex >= 0;
    const shownTerm = negated ? `${negationCueText(this.tokens, cueIndex)} ${term}` : term;
    const finalWeight = negated ? weight * negationFactor : weight;
    this.raw += finalWeight;
    this.terms.set(shownTerm, (this.terms.get(shownTerm) ?? 0) + finalWeight);
  }
}

/** +1 / −1 when the token names a business metric (see metricPolarity), else 0. */
function metricPolarityAt(tokens: readonly string[], index: number): 0 | 1 | -1 {
  const token = tokens[index];
  const previous = tokens[index - 1];
  if (token === "shares") {
    // "30 million shares", "the number of shares": a count of shares, not the share price.
    return previous !== undefined && (previous === "of" || isNumberToken(previous) || unitMultipliers.has(previous)) ? 0 : 1;
  }
  if (token === "return") return tokens[index + 1] === "on" ? 1 : 0; // return on equity / investment
  // "growth stocks", "value funds": an investment style, not a figure.
  if ((token === "growth" || token === "value") && investmentStyleNouns.has(tokens[index + 1])) return 0;
  if ((token === "order" && previous === "in") || (token === "result" && previous === "a" && tokens[index - 2] === "as")) {
    return 0;
  }
  const polarity = metricPolarity.get(token);
  if (polarity !== undefined) return polarity;
  const firstWords = compoundMetrics.get(token);
  return firstWords !== undefined && previous !== undefined && firstWords.has(previous) ? 1 : 0;
}

function isDirectionAt(tokens: readonly string[], index: number, polarity: Int8Array): boolean {
  const token = tokens[index];
  if (!directionLexicon.has(token)) return false;
  if (raiseVerbs.has(token)) {
    // "raise EUR 500 mn", "raised capital": financing, not a metric going up.
    const next = tokens[index + 1];
    const afterNext = tokens[index + 2];
    return (
      next === undefined ||
      !(
        isNumberToken(next) ||
        fundraisingObjects.has(next) ||
        fundraisingObjects.has(afterNext) ||
        (currencyCodes.has(next) && afterNext !== undefined && isNumberToken(afterNext))
      )
    );
  }
  if (comparativeDirections.has(token)) {
    const previous = tokens[index - 1];
    return previous === "%" || previous === "times";
  }
  if (!particleDirections.has(token)) return true;
  const previous = tokens[index - 1];
  if (previous !== undefined && phrasalVerbs.has(previous)) return false;
  const next = tokens[index + 1];
  return (
    next === undefined ||
    isClauseEnd(next) ||
    next === "," ||
    next === "from" ||
    next === "by" ||
    next === "on" ||
    next === "%" ||
    degreeAdverbs.has(next) ||
    (token === "down" && next === "to") || // "up to" usually means "at most"
    isNumberToken(next) ||
    (previous !== undefined && (previous === "%" || isNumberToken(previous) || polarity[index - 1] !== 0))
  );
}

function isExtremeMarker(token: string): boolean {
  return extremeMarkers.has(token) || token.endsWith("-year") || token.endsWith("-week") || token.endsWith("-month");
}

interface Figure {
  readonly text: string;
  readonly value: number;
  readonly isPercent: boolean;
  /** The unit's multiplier (1e6 for "mn"), or undefined when none is written. */
  readonly multiplier: number | undefined;
}

const decimalComma = /^-?\d+,\d{1,2}$/;

/** A number with the unit written after it ("8.5 mn", "12 %"); "a negative EUR 3.1 mn" counts as −3.1. */
function readFigure(tokens: readonly string[], index: number): Figure {
  const unit = tokens[index + 1];
  const multiplier = unitMultipliers.get(unit);
  const negative = tokens[index - 1] === "negative" || tokens[index - 2] === "negative" || tokens[index - 1] === "minus";
  const token = tokens[index];
  // "37,7" is a decimal comma; "1,200" separates thousands.
  const value = Number(decimalComma.test(token) ? token.replace(",", ".") : token.replaceAll(",", ""));
  return {
    text: (negative ? "-" : "") + (multiplier !== undefined || unit === "%" ? `${token} ${unit}` : token),
    value: negative ? -value : value,
    isPercent: unit === "%",
    multiplier,
  };
}

function figureComparison(metric: string, endIndex: number, older: Figure, newer: Figure): Comparison | undefined {
  const change = Math.sign(difference(newer, older));
  if (change === 0) return undefined;
  return {
    kind: "figures",
    change: change as 1 | -1,
    endIndex,
    term: `${metric} ${change > 0 ? "up" : "down"} (${older.text} → ${newer.text})`,
  };
}

/** newer − older, scaled only when both name a unit: in "from 7 to 8.5 million" they share it. */
function difference(newer: Figure, older: Figure): number {
  if (newer.multiplier !== undefined && older.multiplier !== undefined) {
    return newer.value * newer.multiplier - older.value * older.multiplier;
  }
  return newer.value - older.value;
}

/** Years ("in 2008"), quarters ("q2") and halves are dates, not figures to compare. */
function isDateNumber(tokens: readonly string[], index: number): boolean {
  const token = tokens[index];
  const previous = tokens[index - 1];
  if (previous === "q" || previous === "h" || previous === "fy" || previous === "quarter" || durationWords.has(tokens[index + 1])) return true;
  if (token.length !== 4 || token.includes(".")) return false;
  const value = Number(token);
  return value >= 1950 && value <= 2049 && !unitMultipliers.has(tokens[index + 1]);
}
