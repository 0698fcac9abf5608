// Tokenising news text for the ticker tagger: words with their offsets, case and position,
// so the rules can ask "is this capitalised mid-sentence?" or "what is the next word?".

export interface Token {
  /** The word as written, diacritics removed ("Estée" → "Estee", "O'Reilly" → "OReilly"). */
  text: string;
  /** Lower-case key used for lookups. */
  key: string;
  start: number;
  end: number;
  /** Starts with an upper-case letter or a digit. */
  capitalised: boolean;
  /** Followed by "'s" / "’s" (the "s" is not a token of its own). */
  possessive: boolean;
  /** First word of the text or of a sentence (after . ! ? : or ;). */
  sentenceStart: boolean;
  /** Characters between the previous token and this one. */
  gapBefore: string;
}

export interface TokenisedText {
  tokens: Token[];
  /** Most longer words are capitalised ("Apple Expected To Incorporate Sensors"), so case says little. */
  titleCase: boolean;
}

// A word: letters and digits, with apostrophes inside it ("O'Reilly"); "&" is a token of its own (AT&T, P&G).
const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|&/gu;
const sentenceBreak = /[.!?:;]["'”’)]*\s/;

// "Estée" → "Estee", one character for one, so token offsets still point into the original text.
function stripDiacritics(text: string): string {
  return text.replace(/[^\p{ASCII}]/gu, (character) => {
    const base = character.normalize("NFD").replace(/\p{M}/gu, "");
    return base.length === character.length ? base : character;
  });
}

export function tokenise(input: string): TokenisedText {
  const text = stripDiacritics(input);
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(wordPattern)) {
    let word = match[0];
    const start = match.index;
    let possessive = false;
    if (/['’]s$/i.test(word) && word.length > 2) {
      word = word.slice(0, -2);
      possessive = true;
    }
    word = word.replace(/['’]/g, "");
    const gapBefore = text.slice(previousEnd, start);
    tokens.push({
      text: word,
      key: word.toLowerCase(),
      start,
      end: start + match[0].length,
      capitalised: /^[\p{Lu}\p{N}]/u.test(word),
      possessive,
      sentenceStart: startsSentence(tokens.at(-1), gapBefore),
      gapBefore,
    });
    previousEnd = start + match[0].length;
  }
  return { tokens, titleCase: isTitleCase(tokens) };
}

// "U.S. economy" and "Inc. shares" do not start a sentence: a dot after an initial or abbreviation.
const abbreviations = new Set(["inc", "corp", "co", "ltd", "mr", "mrs", "ms", "dr", "st", "vs", "jr", "sr", "no", "est", "adj"]);

function startsSentence(previous: Token | undefined, gap: string): boolean {
  if (!previous) return true;
  if (!sentenceBreak.test(gap)) return false;
  const afterAbbreviation = gap.trimStart().startsWith(".") && (previous.text.length === 1 || abbreviations.has(previous.key));
  return !afterAbbreviation;
}

// Short words (of, to, in, and...) stay lower case in title case, so only longer words are counted.
function isTitleCase(tokens: Token[]): boolean {
  const longWords = tokens.filter((token) => token.text.length >= 4 && /^\p{L}+$/u.test(token.text));
  if (longWords.length < 3) return longWords.length > 0 && longWords.every((token) => token.capitalised);
  const capitalised = longWords.filter((token) => token.capitalised).length;
  return capitalised / longWords.length >= 0.75;
}

/** True when nothing but spaces, dots, hyphens or slashes separate two tokens of one name ("Coca-Cola", "U . S ."). */
export function joinsName(gap: string): boolean {
  return gap.length <= 3 && /^[\s.\-‐/]*$/.test(gap);
}

/** True when the gap ends a clause (a comma, colon, quote, bracket, dash between spaces...). */
export function breaksClause(gap: string): boolean {
  return /[,;:.!?()[\]"“”|]|\s[-–—]\s/.test(gap);
}
