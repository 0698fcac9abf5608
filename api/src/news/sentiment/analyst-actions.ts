// Analyst actions read from a headline: rating changes, initiations,
// maintained/reiterated ratings and price-target changes, with the firm, the
// ratings and the targets where the headline states them. Covers Benzinga's
// fixed phrasing ("Needham Downgrades Agilent Technologies to Hold, Announces
// $85 Price Target", "UBS Maintains Neutral on Apple, Raises Price Target to
// $87") and newswire phrasing ("Goldman upgrades Apple to buy", "Apple
// downgraded by Jefferies", "BRIEF-... raises target price to $150").
//
// "Upgrade" also means a product upgrade ("Tesla upgrades Model S"), so a
// rating change is only accepted when the headline names a rating ("to Buy"),
// the actor is a known broker or rating agency, the object is "the stock", or
// it is written passively "by" someone.

export type AnalystActionKind =
  | "upgrade"
  | "downgrade"
  | "initiate"
  | "maintain"
  | "reiterate"
  | "target_raise"
  | "target_cut";

export interface AnalystAction {
  action: AnalystActionKind;
  /** The broker or rating agency, as written ("Morgan Stanley", "B of A Securities"). */
  firm?: string;
  /** Only when the headline writes it: "(NASDAQ: AAPL)", "$AAPL" or a Reuters code "<AAPL.O>". */
  ticker?: string;
  toRating?: string;
  fromRating?: string;
  priceTarget?: number;
  previousTarget?: number;
}

/** Broker and agency ratings; a space in a name also matches a hyphen ("Equal-Weight"). */
const ratingWords = [
  "strong buy", "strong sell", "conviction buy", "speculative buy", "long term buy", "top pick",
  "market outperform", "sector outperform", "market underperform", "sector underperform", "market perform",
  "sector perform", "peer perform", "market weight", "sector weight", "equal weight", "in line", "outperform",
  "underperform", "overweight", "underweight", "accumulate", "neutral", "positive", "negative", "reduce", "hold",
  "sell", "buy", "add", "junk",
];
/** Credit grades, except the single letters "A" and "B": "to a" is far more often an article than a grade. */
const creditGrades = String.raw`aaa|(?:aa|bbb|bb|ccc)[+-]?|(?:a|b)[+-]|(?:aa|a|baa|ba|b|caa)[1-3]`;
/** Longest names first, so "Market Perform" is read whole rather than stopping at a shorter rating. */
const ratingPattern = `(?:${[...ratingWords]
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replaceAll(" ", "[ -]"))
  .join("|")}|${creditGrades})`;

/** Brokers and rating agencies often named without a rating ("Fitch downgrades WeWork"). */
const knownFirms = new Set(
  [
    "goldman", "goldman sachs", "morgan stanley", "jp morgan", "jpmorgan", "j.p. morgan", "citi", "citigroup",
    "bank of america", "bofa", "b of a securities", "merrill lynch", "barclays", "ubs", "credit suisse",
    "deutsche bank", "wells fargo", "jefferies", "cowen", "cowen & co.", "needham", "piper sandler",
    "piper jaffray", "piperjaffray", "raymond james", "rbc", "rbc capital", "bmo", "bmo capital", "evercore",
    "evercore isi", "evercore isi group", "bernstein", "oppenheimer", "baird", "keybanc", "stifel", "wedbush",
    "mizuho", "nomura", "nomura instinet", "daiwa", "macquarie", "hsbc", "guggenheim", "suntrust", "truist",
    "loop capital", "canaccord genuity", "berenberg", "exane", "societe generale", "bnp paribas",
    "atlantic equities", "argus", "argus research", "leerink", "svb leerink", "cantor fitzgerald", "da davidson",
    "rosenblatt", "susquehanna", "telsey", "benchmark", "stephens & co.", "william blair", "wolfe research",
    "redburn", "kepler", "moody's", "s&p", "standard & poor's", "fitch", "dbrs",
  ].map((name) => firmKey(name)),
);

/** Headlines that list many actions ("Benzinga's Top Upgrades, Downgrades For ..."): not one action. */
const roundupPattern = /\btop upgrades\b|\bbiggest price target changes\b|\bupgrades,? downgrades\b/i;

const rating = new RegExp(`^${ratingPattern}$`, "i");
const ratingChangeVerbs =
  /\b(upgrades|downgrades|upgraded|downgraded|upgrading|downgrading|upgrade|downgrade|raises|raised|lifts|lifted|cuts|cut|lowers|lowered)\b/gi;
const toRatingPattern = new RegExp(
  String.raw`^(?:[^,;:$]*?\s)?(?:from\s+(?:an?\s+)?(${ratingPattern})\s+)?to\s+(?:an?\s+)?(${ratingPattern})(?=$|[\s,;:.!'"])`,
  "i",
);
const maintainPattern = new RegExp(
  String.raw`\b(maintains|maintained|reiterates|reiterated|reaffirms|reaffirmed|keeps)\s+(?:its\s+|an?\s+)?(${ratingPattern})(?=$|[\s,;:.!'"])`,
  "i",
);
const initiatePattern = new RegExp(
  String.raw`\b(?:initiates|initiated|starts|started|begins|resumes|resumed|assumes|assumed)\s+(?:coverage\s+(?:on|of)\s+)?(.+?)\s+(?:with|at)\s+(?:an?\s+)?(${ratingPattern})(?=$|[\s,;:.!'"])`,
  "i",
);
const targetVerbs = String.raw`raises|raised|raising|raise|lifts|lifted|lift|boosts|boosted|boost|ups|hikes|hiked|hike|increases|increased|doubles|doubled|cuts|cut|cutting|lowers|lowered|lowering|lower|slashes|slashed|slash|trims|trimmed|trim|reduces|reduced|reduce`;
const targetNoun = String.raw`(?:price\s+targets?|target\s+prices?|targets?|tgt|pt)`;
const targetChangePattern = new RegExp(String.raw`\b(${targetVerbs})\s+(?:[^,;:]*?\s)?${targetNoun}\b`, "i");
const passiveTargetPattern = new RegExp(
  String.raw`${targetNoun}\s+(raised|increased|lifted|cut|lowered|reduced|trimmed|slashed)\b`,
  "i",
);
/** In the rest of the clause: "... to $270 from $245" or "... from $330 to $345". */
const newTargetPattern = /\bto\s+(?:usd\s*|\$\s*)?(\d[\d,]*(?:\.\d+)?)/i;
const previousTargetPattern = /\bfrom\s+(?:usd\s*|\$\s*)?(\d[\d,]*(?:\.\d+)?)/i;
const statedTargetPatterns = [
  new RegExp(String.raw`\$\s?([\d,.]*\d)\s+(?:price\s+)?target`, "i"),
  new RegExp(String.raw`${targetNoun}\s+(?:of|at|to)\s+(?:usd\s*|\$\s*)?([\d,.]*\d)`, "i"),
];
const raiseWords = /^(raises|raised|raising|raise|lifts|lifted|lift|boosts|boosted|boost|ups|hikes|hiked|hike|increases|increased|doubles|doubled)$/i;

const exchangeTickerPattern = /\((?:nasdaq|nyse|nyse\s?american|amex|otc|tsx|lse)\s*:\s*([a-z][a-z.]{0,5})\)/i;
const tickerPatterns = [
  exchangeTickerPattern,
  /(?:^|\s)\$([a-z]{1,5})(?=$|[\s,.;:!?)])/i,
  /<([a-z]{1,5})\.[a-z]{1,2}>/i,
];

/**
 * The headline's most significant analyst action: a rating change, else an
 * initiation, else a price-target change (the maintained rating, if written,
 * as toRating), else a maintained or reiterated rating. null when the
 * headline reports none, or lists many (a daily round-up).
 */
export function detectAnalystAction(headline: string): AnalystAction | null {
  // "UPDATE:", "CORRECTION:", "BRIEF-" and Benzinga's "Hearing" (unconfirmed) only frame the headline.
  const text = withoutQuotes(headline.replace(/^\s*(?:(?:update\s*\d*|correction)\s*:|brief\s*-|hearing\s)\s*/i, ""))
    .replace(/\s+/g, " ")
    .trim();
  if (roundupPattern.test(text)) return null;
  const ticker = findTicker(text);
  // "(NASDAQ: AAPL)" would otherwise split "cuts Apple (NASDAQ: AAPL) to equal-weight" at its colon.
  const body = text.replace(exchangeTickerPattern, "");
  const target = findTargetChange(body);
  const details: Omit<AnalystAction, "action"> = { ...(ticker && { ticker }), ...target.details };
  const withFirm = (firm: string | undefined) => (firm ? { firm } : {});

  const change = findRatingChange(body);
  if (change !== null) return { ...details, ...change, ...withFirm(change.firm ?? target.firm) };

  const initiation = initiatePattern.exec(body);
  if (initiation !== null) {
    const firm = firmBefore(body.slice(0, initiation.index));
    return { action: "initiate", ...withFirm(firm), ...details, toRating: ratingName(initiation[2]) };
  }

  const maintained = maintainPattern.exec(body);
  const maintainedRating = maintained !== null ? { toRating: ratingName(maintained[2]) } : {};
  const firm = (maintained !== null ? firmBefore(body.slice(0, maintained.index)) : undefined) ?? target.firm;
  if (target.action !== undefined) return { action: target.action, ...withFirm(firm), ...details, ...maintainedRating };
  if (maintained !== null) {
    const action = /^rei|^reaf/i.test(maintained[1]) ? "reiterate" : "maintain";
    return { action, ...withFirm(firm), ...details, ...maintainedRating };
  }
  return null;
}

/**
 * Upgrades and downgrades in active ("Goldman upgrades Apple to buy", "JP
 * Morgan raises Apple to overweight"), passive ("downgraded by") or noun form
 * ("Apple Gets Upgrade"). Each candidate verb is tried in turn, so "raises
 * price target" earlier in a headline does not hide a later "upgrades".
 */
function findRatingChange(text: string): (AnalystAction & { action: "upgrade" | "downgrade" }) | null {
  for (const match of text.matchAll(ratingChangeVerbs)) {
    const change = readRatingChange(text, match);
    if (change !== null) return change;
  }
  return null;
}

function readRatingChange(text: string, match: RegExpMatchArray): (AnalystAction & { action: "upgrade" | "downgrade" }) | null {
  const verb = match[1].toLowerCase();
  const action = /^(?:up|rai|lif)/.test(verb) ? "upgrade" : "downgrade";
  const before = text.slice(0, match.index);
  const after = text.slice(match.index! + match[0].length);
  const ratings = toRatingPattern.exec(after.trimStart());
  const ratingFields = ratings !== null
    ? { ...(ratings[1] && { fromRating: ratingName(ratings[1]) }), toRating: ratingName(ratings[2]) }
    : {};
  // "raises"/"cuts" are rating changes only with a rating: "cuts Apple to neutral", not "cuts price target".
  if (!verb.includes("grad")) {
    if (ratings === null) return null;
    const firm = firmBefore(before);
    return { action, ...(firm && { firm }), ...ratingFields };
  }

  if (verb === "upgrade" || verb === "downgrade") {
    // Noun: "Apple Gets Upgrade", "rises after analyst upgrade", "shares fall after Moody's downgrade".
    if (/\b(?:(?:gets|receives|earns|wins)\s+(?:an?\s+)?|(?:analyst|analysts'?|broker|brokerage)\s+)$/i.test(before)) {
      return { action, ...ratingFields };
    }
    const firm = /\b(?:after|on|following)\s+(.+?)(?:'s|’s)?\s+(?:credit\s+)?$/i.exec(before)?.[1];
    return firm !== undefined && isKnownFirm(firm) ? { action, firm, ...ratingFields } : null;
  }

  const passive = /^\s*(?:to\s+\S+(?:\s\S+)?\s+)?by\s+([^,;:]+?)(?=$|[,;:]|\s+(?:on|after|as|amid|to|with)\s)/i.exec(after);
  if ((verb === "upgraded" || verb === "downgraded") && passive !== null) {
    return { action, firm: passive[1].trim(), ...ratingFields };
  }
  const firm = firmBefore(before);
  const onTheStock = /^\s*(?:the\s+(?:company's\s+)?stock|shares)\b/i.test(after);
  if (ratings === null && !onTheStock && (firm === undefined || !isKnownFirm(firm))) return null;
  return { action, ...(firm && { firm }), ...ratingFields };
}

function findTargetChange(text: string): {
  action?: "target_raise" | "target_cut";
  firm?: string;
  details: Pick<AnalystAction, "priceTarget" | "previousTarget">;
} {
  const active = targetChangePattern.exec(text);
  const passive = active === null ? passiveTargetPattern.exec(text) : null;
  const match = active ?? passive;
  if (match !== null) {
    const clause = text.slice(match.index + match[0].length).split(/[,;]/)[0];
    const priceTarget = parseAmount(newTargetPattern.exec(clause)?.[1]) ?? statedTarget(text);
    const previousTarget = parseAmount(previousTargetPattern.exec(clause)?.[1]);
    const firm =
      active !== null
        ? firmBefore(text.slice(0, active.index))
        : /\bby\s+([^,;:]+?)(?=$|[,;:]|\s+(?:to|from)\s)/i.exec(clause)?.[1]?.trim();
    return {
      action: raiseWords.test(match[1]) ? "target_raise" : "target_cut",
      ...(firm && { firm }),
      details: { ...(priceTarget !== undefined && { priceTarget }), ...(previousTarget !== undefined && { previousTarget }) },
    };
  }
  const priceTarget = statedTarget(text);
  return { details: priceTarget !== undefined ? { priceTarget } : {} };
}

function statedTarget(text: string): number | undefined {
  for (const pattern of statedTargetPatterns) {
    const amount = parseAmount(pattern.exec(text)?.[1]);
    if (amount !== undefined) return amount;
  }
  return undefined;
}

/**
 * The firm is the name just before the verb, after the last clause break:
 * "Apple shares are trading higher after Wells Fargo upgraded ..." → "Wells Fargo".
 * Names start with a capital letter and run at most six words.
 */
function firmBefore(text: string): string | undefined {
  const clause = text
    .split(/[,;:]|\s-\s|(?<=[a-z0-9]{2})(?<!\b(?:co|inc|corp|ltd|bros))\.\s|\btrading\s+(?:higher|lower)\s|\b(?:after|as|and|amid|says|said|that|while|when)\s/i)
    .pop()!
    .replace(/\s+(?:earlier|analysts?|has|have|had|now|also|today|on\s+\w+day)\s*$/i, "")
    .replace(/\s+(?:earlier|analysts?)\s*$/i, "")
    .trim();
  if (!/^[A-Z]/.test(clause) || clause.split(" ").length > 6) return undefined;
  return clause;
}

function isKnownFirm(name: string): boolean {
  return knownFirms.has(firmKey(name));
}

/** "J . P . Morgan", "J.P. Morgan" and "JP Morgan" compare equal. */
function firmKey(name: string): string {
  return name.toLowerCase().replace(/[\s.]/g, "");
}

function findTicker(text: string): string | undefined {
  for (const pattern of tickerPatterns) {
    const symbol = pattern.exec(text)?.[1];
    if (symbol !== undefined) return symbol.toUpperCase();
  }
  return undefined;
}

/** "market perform" → "Market Perform"; keeps "Equal-Weight" and credit grades ("Baa3", "BBB-") as written. */
function ratingName(written: string): string {
  if (!rating.test(written)) return written;
  if (/^(?:aaa|aa|a|bbb|bb|b|ccc)[+-]?$/i.test(written)) return written.toUpperCase();
  return written.replace(/\b([a-z])([a-z]*)/gi, (_, first: string, rest: string) => first.toUpperCase() + rest.toLowerCase());
}

function parseAmount(written: string | undefined): number | undefined {
  if (written === undefined) return undefined;
  const value = Number(written.replaceAll(",", ""));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Drops quoted commentary ("... Notes 'we think upgrades to 5G are inevitable'") so it is not read as the action. */
function withoutQuotes(text: string): string {
  return text.replace(/(^|\s)['‘“"][^'’”"]*['’”"](?=$|[\s,.;:!?])/g, "$1");
}
