// Splits text into the lower-case tokens the scorer works on, in one regex
// pass plus a cheap clean-up (the scorer has to handle ≥ 20,000 headlines a second).
//
// - Words keep inner hyphens and apostrophes, so "pre-tax", "write-down" and
//   "52-week" stay one token and "doesn't" can be recognised as a negation.
//   "better-than-expected" is the exception: it is split so that it reads like
//   "better than expected".
// - Numbers keep their decimals (also a decimal comma), thousands separators
//   and a minus sign written before them ("13.1", "37,7", "1,200", "-0.3"); a
//   unit written straight after them ("150m", "3.6bn") becomes its own token,
//   but "12-month" and "52-week" stay one (they are not figures). "percent", "pct" and "per-cent" become "%".
// - "%" and the punctuation that bounds a clause or an aside (. ; : ! ? , ( ))
//   are tokens too: negation and phrase windows stop at them. A full stop after
//   an abbreviation ("Adj.", "Inc.", "U.S.") is dropped.
const tokenPattern = /[a-z]+(?:['’-][a-z0-9]+)*|\d+(?:-[a-z]+)+|(?<![a-z0-9])-?\d+(?:,\d+)*(?:\.\d+)?|\d+(?:,\d+)*(?:\.\d+)?|[%.;:!?,()]/g;

const percentWords = new Set(["percent", "pct", "per-cent"]);
/** A full stop after these (or after a single letter, as in "U.S.") is an abbreviation, not the end of a clause. */
const abbreviations = new Set([
  "adj", "est", "inc", "corp", "co", "ltd", "plc", "mr", "mrs", "ms", "dr", "st", "vs", "approx", "dept", "sen", "gov",
  "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
  "mon", "tue", "tues", "wed", "thu", "thurs", "fri", "sat", "sun",
]);

export function tokenize(text: string): string[] {
  const matches = text.toLowerCase().match(tokenPattern);
  if (matches === null) return [];
  const tokens: string[] = [];
  for (const token of matches) {
    if (token === "." && tokens.length > 0 && isAbbreviation(tokens[tokens.length - 1])) continue;
    if (percentWords.has(token)) tokens.push("%");
    else if (token.includes("-than-")) tokens.push(...token.split("-"));
    else tokens.push(token);
  }
  return tokens;
}

function isAbbreviation(token: string): boolean {
  return abbreviations.has(token) || (token.length === 1 && token >= "a" && token <= "z");
}

export function isNumberToken(token: string): boolean {
  const first = token.charCodeAt(0);
  const last = token.charCodeAt(token.length - 1);
  return ((first >= 48 && first <= 57) || first === 45) && last >= 48 && last <= 57;
}

/** Punctuation that ends a clause: directional pairs and negation never reach across it. */
export function isClauseEnd(token: string): boolean {
  return token === "." || token === ";" || token === "!" || token === "?" || token === ":";
}
