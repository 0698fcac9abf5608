import { isClauseEnd } from "./tokenize";

/**
 * How far a negation reaches: the next three tokens, as in VADER (Hutto &
 * Gilbert 2014), stopping early at a comma or the end of a clause, so "did not
 * meet expectations" is negated but "not only ... , profit rose" is not.
 */
export const negationScope = 3;

/**
 * A negated term counts fully the other way: in company news "did not
 * improve" or "failed to beat" is read as bad news, not as a weaker good one
 * (VADER's −0.74 damping was fitted on everyday English).
 */
export const negationFactor = -1;

const singleWordCues = new Set(["not", "no", "never", "without", "nor", "neither", "cannot", "nothing"]);
/** Cues that take "to"/"of": "failed to beat", "unable to pay", "lack of demand". */
const twoWordCues = new Map([
  ["failed", "to"],
  ["fails", "to"],
  ["fail", "to"],
  ["unable", "to"],
  ["lack", "of"],
]);

/** Returns the length of the negation cue starting at `index`, or 0. */
function cueLength(tokens: readonly string[], index: number): number {
  const token = tokens[index];
  if (singleWordCues.has(token)) {
    // "not only X but also Y" and "no doubt" affirm rather than negate.
    const next = tokens[index + 1];
    return next === "only" || next === "doubt" ? 0 : 1;
  }
  // Cheap test first: most tokens do not end in "t".
  if (token.charCodeAt(token.length - 1) === 116 && (token.endsWith("n't") || token.endsWith("n’t"))) return 1;
  const partner = twoWordCues.get(token);
  return partner !== undefined && tokens[index + 1] === partner ? 2 : 0;
}

/**
 * For every token, the index of the negation cue whose scope covers it, or −1.
 * One left-to-right pass; a later cue inside a scope starts a new scope.
 */
export function findNegations(tokens: readonly string[]): Int32Array {
  const negatedBy = new Int32Array(tokens.length).fill(-1);
  for (let index = 0; index < tokens.length; index++) {
    const length = cueLength(tokens, index);
    if (length === 0) continue;
    const scopeEnd = Math.min(tokens.length, index + length + negationScope);
    for (let covered = index + length; covered < scopeEnd; covered++) {
      const token = tokens[covered];
      if (token === "," || isClauseEnd(token)) break;
      negatedBy[covered] = index;
    }
    index += length - 1;
  }
  return negatedBy;
}

/** The cue's own words, for showing a negated term as "not beat". */
export function negationCueText(tokens: readonly string[], cueIndex: number): string {
  return cueLength(tokens, cueIndex) === 2 ? `${tokens[cueIndex]} ${tokens[cueIndex + 1]}` : tokens[cueIndex];
}
