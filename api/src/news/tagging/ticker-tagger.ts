// Ticker tagging of news text: which listed companies a headline or summary is about.
// The rules and their reasons are written up in README.md beside this file.
import { cleanCompanyName } from "../../shared/symbols/clean-company-name";
import { formerTickers } from "../../shared/symbols/former-tickers";
import { normaliseSymbol, type ReferenceData } from "../../shared/symbols/reference-data";
import { buildCompanyAliases, isAcronym, type CompanyAlias } from "./company-names";
import { brokerTickers, type AmbiguityRule } from "./curated-names";
import { breaksClause, joinsName, tokenise, type Token } from "./text";

export type TagReason = "cashtag" | "exchange" | "company" | "feed";

export interface TickerTag {
  ticker: string;
  reason: TagReason;
  /** The text that was recognised ("$AAPL", "NYSE: KO", "Apple's"), or the feed's ticker. */
  match: string;
}

export interface TagOptions {
  /** The ticker of a per-ticker feed: always part of the result. */
  feedTicker?: string;
}

export interface TickerTagger {
  /** Unique tickers in order of first appearance; a feed's own ticker comes first when the text does not name it. */
  tag(text: string, options?: TagOptions): TickerTag[];
}

interface Found extends TickerTag {
  position: number;
}

interface NameMatch {
  alias: CompanyAlias;
  first: number;
  last: number;
  accepted: boolean;
  /** Accepted on its own: a safe name, a cue, a legal suffix or its ticker; other names may lean on it. */
  strong: boolean;
}

// "$AAPL", "$BRK.B"; not "$20B" nor "US$5".
const cashtagPattern = /(?<![\w$])\$([A-Z]{1,5}(?:\.[A-Z]{1,2})?)(?![\w])/g;
// "(NASDAQ: AAPL)", "NYSE:KO", "NYSE: BRK.B", "Nasdaq:MSFT", "(NYSEARCA: SPY)", "NasdaqGS: ADBE". US venues only:
// "TSX: T" is Telus, not AT&T.
const exchangePattern =
  /(?<![\w])(?:NASDAQ|Nasdaq)(?:GS|GM|CM)?\s*:\s*([A-Z]{1,5}(?:[.-][A-Z]{1,2})?)\b|(?<![\w])(?:NYSE(?:\s?(?:American|Arca|MKT|ARCA|AMERICAN))?|NYSEARCA|NYSEAMERICAN|NYSEMKT|AMEX|BATS|Cboe(?:\sBZX)?|CBOE)\s*:\s*([A-Z]{1,5}(?:[.-][A-Z]{1,2})?)\b/g;
// "Alibaba (BABA)", "Target (TGT)".
const parenthesisedSymbolPattern = /\(\s*([A-Z]{1,5}(?:\.[A-Z]{1,2})?)\s*\)/g;

// Words near an ambiguous name that make it a company: what companies do and what is said about them.
const businessWords = new Set([
  "shares", "stock", "stocks", "earnings", "profit", "profits", "revenue", "revenues", "sales", "quarter", "quarterly",
  "results", "forecast", "forecasts", "guidance", "outlook", "ceo", "cfo", "chief", "executive", "executives", "analyst",
  "analysts", "upgrade", "upgrades", "upgraded", "downgrade", "downgrades", "downgraded", "rating", "investors",
  "shareholders", "dividend", "buyback", "ipo", "valuation", "deal", "merger", "acquisition", "acquire", "acquires",
  "acquired", "buy", "buys", "bid", "stake", "eps", "q1", "q2", "q3", "q4", "unit", "parent", "subsidiary", "owner",
  "rival", "rivals", "beats", "misses", "tops", "reports", "reported", "posts", "raises", "lowers", "boosts", "hikes",
  "slashes", "unveils", "launches", "recalls", "recall", "sues", "sued", "settles", "lawsuit", "layoffs", "jobs",
  "workers", "employees", "union", "stores", "plant", "factory", "retailer", "brand", "customers", "subscribers",
  "maker", "chipmaker", "automaker", "carmaker", "drugmaker", "airline", "insurer", "lender", "bonds", "debt",
  "trading", "jumps", "falls", "slides", "slumps", "surges", "soars", "rises", "gains", "drops", "plunges", "tumbles",
  "rallies", "sinks", "nyse", "nasdaq", "inc", "corp", "co", "ltd", "plc", "board", "antitrust", "regulators",
  "climbs", "dips", "slips", "probe", "store", "opens", "order", "orders", "contract", "invests", "investment",
  "partnership", "agreement", "bankruptcy", "halts", "suspends", "expands", "closes", "pulls", "cuts", "loses", "wins",
  "hires", "appoints", "settlement", "fined", "takeover", "spinoff", "franchisees", "suppliers",
]);

// Not "AG", "SA": more often attorney general and South Africa than legal forms in English news.
const legalSuffixWords = new Set(["inc", "corp", "co", "ltd", "plc", "corporation", "company", "group", "holdings", "llc"]);
const titles = new Set([
  "president", "mr", "mrs", "ms", "dr", "sen", "senator", "rep", "gov", "governor", "judge", "justice", "premier", "minister",
  "coach", "queen", "king", "prince", "princess", "lord", "sir", "dame", "actor", "actress", "singer", "rapper", "director",
]);
const listJoiners = new Set(["and", "or", "vs", "versus", "v", "&"]);

// A firm rating another company ("Wells Fargo Maintains Overweight on ...") is not what the headline is about.
const ratingVerbs = new Set(["maintains", "upgrades", "downgrades", "initiates", "reiterates", "assumes", "resumes", "reinstates", "upgraded", "downgraded", "starts", "reaffirms"]);
const priceTargetVerbs = new Set(["raises", "lowers", "cuts", "boosts", "trims", "lifts"]);
const brokerCommentVerbs = new Set([
  "says", "said", "sees", "expects", "analyst", "analysts", "strategist", "strategists", "breaks", "likes", "note",
  "predicts", "warns", "thinks", "bullish", "bearish", "survey", "economists", "research",
]);

interface PreparedRule {
  cues: string[];
  otherMeaning: string[];
  notBefore: Set<string>;
  notAfter: Set<string>;
}

function phraseKey(phrase: string): string {
  return tokenise(phrase).tokens.map((token) => token.key).join(" ");
}

function prepareRule(rule: AmbiguityRule | undefined): PreparedRule {
  return {
    cues: (rule?.cues ?? []).map(phraseKey),
    otherMeaning: (rule?.otherMeaning ?? []).map(phraseKey),
    notBefore: new Set(rule?.notBefore ?? []),
    notAfter: new Set(rule?.notAfter ?? []),
  };
}

/** Case must agree with how the company writes its name: "apple" is fruit, "Ups" is not UPS. */
function caseAgrees(written: string, actual: string): boolean {
  if (written === written.toLowerCase()) return true;
  if (isAcronym(written)) return actual === actual.toUpperCase();
  if (/^\p{Lu}/u.test(written) || /^\p{N}/u.test(written)) return /^[\p{Lu}\p{N}]/u.test(actual);
  return actual !== actual.toLowerCase(); // "eBay", "iRobot"
}

export function createTickerTagger(reference: ReferenceData): TickerTagger {
  const aliases = buildCompanyAliases(reference);
  const aliasesByFirstWord = new Map<string, CompanyAlias[]>();
  for (const alias of aliases) {
    const list = aliasesByFirstWord.get(alias.keys[0]) ?? [];
    list.push(alias);
    aliasesByFirstWord.set(alias.keys[0], list);
  }
  for (const list of aliasesByFirstWord.values()) list.sort((a, b) => b.keys.length - a.keys.length);

  const preparedRules = new Map(aliases.map((alias) => [alias, prepareRule(alias.rule)]));
  const knownSymbols = new Set([
    ...reference.listedSymbols.map((symbol) => symbol.symbol),
    ...reference.constituents.map((constituent) => constituent.ticker),
  ]);
  const directoryName = new Map(reference.listedSymbols.map((symbol) => [symbol.symbol, symbol.companyName]));
  const directoryFirstWord = (symbol: string) => tokenise(cleanCompanyName(directoryName.get(symbol) ?? "")).tokens[0]?.key;
  const { commonWords } = reference;

  function resolveSymbol(raw: string): string | undefined {
    const symbol = normaliseSymbol(raw);
    if (formerTickers[symbol]) return formerTickers[symbol];
    return knownSymbols.has(symbol) ? symbol : undefined;
  }

  function tag(text: string, options: TagOptions = {}): TickerTag[] {
    const found: Found[] = [];
    for (const match of text.matchAll(cashtagPattern)) {
      const ticker = resolveSymbol(match[1]);
      if (ticker) found.push({ ticker, reason: "cashtag", match: match[0], position: match.index });
    }
    for (const match of text.matchAll(exchangePattern)) {
      const ticker = resolveSymbol(match[1] ?? match[2]);
      if (ticker) found.push({ ticker, reason: "exchange", match: match[0], position: match.index });
    }
    found.push(...companyMentions(text));

    found.sort((a, b) => a.position - b.position);
    const seen = new Set<string>();
    const tags: TickerTag[] = [];
    for (const { ticker, reason, match } of found) {
      if (seen.has(ticker)) continue;
      seen.add(ticker);
      tags.push({ ticker, reason, match });
    }
    if (options.feedTicker) {
      const ticker = resolveSymbol(options.feedTicker) ?? normaliseSymbol(options.feedTicker);
      if (!seen.has(ticker)) tags.unshift({ ticker, reason: "feed", match: options.feedTicker });
    }
    return tags;
  }

  function companyMentions(text: string): Found[] {
    const { tokens, titleCase } = tokenise(text);
    let joinedKeys: string | undefined;
    const mentions = (phrase: string) => (joinedKeys ??= ` ${tokens.map((token) => token.key).join(" ")} `).includes(` ${phrase} `);
    const matches = findNames(tokens);
    const matchAt = new Map<number, NameMatch>();
    for (const match of matches) for (let index = match.first; index <= match.last; index++) matchAt.set(index, match);

    const isCommon = (token: Token) => commonWords.has(token.key);
    const anyBusinessWord = tokens.some((token) => businessWords.has(token.key));

    // The token right before/after a name, when nothing but spaces (or an initial's dot) separate them.
    const previousOf = (match: NameMatch) => {
      const token = tokens[match.first - 1];
      if (!token) return undefined;
      const gap = tokens[match.first].gapBefore;
      return /^\s+$/.test(gap) || (token.text.length === 1 && /^\.\s+$/.test(gap)) ? token : undefined;
    };
    const nextOf = (match: NameMatch) => {
      const token = tokens[match.last + 1];
      return token && /^\s+$/.test(token.gapBefore) && !tokens[match.last].possessive ? token : undefined;
    };

    const isNumber = (token: Token) => /^\p{N}/u.test(token.text);
    const isInitial = (token: Token) => /^\p{Lu}$/u.test(token.text);

    // A safe name made of ordinary words that needs evidence in title case ("Best Buy") is treated like an ordinary word.
    const evidenceLevel = (match: NameMatch) => (match.alias.evidence === "none" ? "any" : match.alias.evidence);
    // "McDonald's", "Lowe's" written with their "'s" are the company; "McDonald" alone may be a person.
    const namedOutright = (match: NameMatch) =>
      match.alias.evidence === "none" ? !(match.alias.allCommonWords && titleCase) : match.alias.endsInPossessive && tokens[match.last].possessive;

    function vetoed(match: NameMatch, rule: PreparedRule): boolean {
      const evidence = evidenceLevel(match);
      if (rule.otherMeaning.some(mentions)) return true;
      const previous = previousOf(match);
      const next = nextOf(match);
      if (previous && rule.notAfter.has(previous.key)) return true;
      if (next && rule.notBefore.has(next.key)) return true;
      // The start of a longer name: "National Bank of Canada".
      if (next?.key === "of" && tokens[match.last + 2]?.capitalised) return true;
      // The end of a longer proper name: "Harrison Ford", "Michael J. Fox", "Mekong Delta", "Fed's Williams".
      if (previous && !matchAt.has(match.first - 1)) {
        if (titles.has(previous.key) || isInitial(previous)) return true;
        const plainWord = isCommon(previous) || businessWords.has(previous.key) || ratingVerbs.has(previous.key);
        if (previous.capitalised && !plainWord && !isAcronym(previous.text) && !isNumber(previous)) return true;
        if (evidence !== "any" && previous.possessive) return true;
      }
      // A name going on: "Visa Europe"; after a person's or place's name any capitalised word ("Casey Newton", "Cooper Lighting").
      if (next && !matchAt.has(match.last + 1) && next.capitalised && !isAcronym(next.text) && !isNumber(next)) {
        const companyWord = legalSuffixWords.has(next.key) || listJoiners.has(next.key) || businessWords.has(next.key) || rule.cues.includes(next.key);
        if (!companyWord && (evidence !== "any" || !isCommon(next))) return true;
      }
      return false;
    }

    /** Strong evidence names the company outright; weak evidence is business talk around the name. */
    function evidenceFor(match: NameMatch, rule: PreparedRule): "strong" | "weak" | undefined {
      if (rule.cues.some(mentions)) return "strong";
      const next = nextOf(match);
      if (next && legalSuffixWords.has(next.key)) return "strong";
      const evidence = evidenceLevel(match);
      if (evidence === "strong") return undefined;
      // A business word close by in the same sentence: "Target raises forecast", "shares of Apple", "Hilton cuts forecast".
      const before = evidence === "any" ? 3 : 0;
      const after = evidence === "any" ? 4 : 2;
      for (let index = match.first - 1; index >= Math.max(0, match.first - before) && !tokens[index + 1].sentenceStart; index--) {
        if (businessWords.has(tokens[index].key)) return "weak";
      }
      for (let index = match.last + 1; index <= Math.min(tokens.length - 1, match.last + after) && !tokens[index].sentenceStart; index++) {
        if (businessWords.has(tokens[index].key)) return "weak";
      }
      if (evidence !== "any") return undefined;
      // Capitalised mid-sentence in ordinary sentence case, or possessive, in a text about business.
      const first = tokens[match.first];
      const properNounPosition = !titleCase && !first.sentenceStart && first.capitalised;
      return (properNounPosition || tokens[match.last].possessive) && anyBusinessWord ? "weak" : undefined;
    }

    // "... shares jump : New York Times", "... trade deal - Fox": the source of the story, not its subject.
    const isAttribution = (match: NameMatch) =>
      match.last === tokens.length - 1 && match.first >= 3 && /:|\s[-–—]\s/.test(tokens[match.first].gapBefore);

    const undecided: NameMatch[] = [];
    for (const match of matches) {
      const { alias } = match;
      const rule = preparedRules.get(alias)!;
      if (isAttribution(match)) continue;
      if (namedOutright(match)) {
        match.accepted = match.strong = !(alias.allCommonWords && vetoed(match, rule));
        continue;
      }
      if (vetoed(match, rule)) continue;
      const evidence = evidenceFor(match, rule);
      if (evidence) {
        match.accepted = true;
        match.strong = evidence === "strong";
      } else {
        undecided.push(match);
      }
    }
    // Listed next to a company named outright: "Walmart , Target , Best Buy", "Neogenomics , Yeti , Nutanix".
    // A smaller company's plain name must be a whole list item ("Tesla , California county reach deal" is not).
    const endsListItem = (match: NameMatch) => {
      const following = tokens[match.last + 1];
      return !following || /,/.test(following.gapBefore) || listJoiners.has(following.key) || breaksClause(following.gapBefore);
    };
    for (const match of undecided) {
      const index = matches.indexOf(match);
      if (match.alias.evidence === "strong" && !endsListItem(match)) continue;
      match.accepted = [matches[index - 1], matches[index + 1]].some((other) => other?.strong && listedTogether(tokens, other, match));
    }
    confirmBySymbolInParentheses(text, tokens, matches);

    const accepted = matches.filter((match) => match.accepted && !isRatingFirm(tokens, match, matches));
    const found: Found[] = accepted.flatMap((match) => {
      const matchText = text.slice(tokens[match.first].start, tokens[match.last].end);
      return match.alias.tickers.map((ticker) => ({ ticker, reason: "company" as const, match: matchText, position: tokens[match.first].start }));
    });
    found.push(...unindexedCompaniesWithSymbol(text, tokens, matchAt));
    return found;
  }

  function findNames(tokens: Token[]): NameMatch[] {
    const matches: NameMatch[] = [];
    for (let index = 0; index < tokens.length; index++) {
      const candidates = aliasesByFirstWord.get(tokens[index].key);
      if (!candidates) continue;
      const alias = candidates.find((candidate) => matchesAt(tokens, index, candidate));
      if (!alias) continue;
      matches.push({ alias, first: index, last: index + alias.keys.length - 1, accepted: false, strong: false });
      index += alias.keys.length - 1;
    }
    return matches;
  }

  function matchesAt(tokens: Token[], index: number, alias: CompanyAlias): boolean {
    if (index + alias.keys.length > tokens.length) return false;
    return alias.keys.every((key, offset) => {
      const token = tokens[index + offset];
      if (token.key !== key || !caseAgrees(alias.written[offset], token.text)) return false;
      return offset === 0 || joinsName(token.gapBefore);
    });
  }

  // "Apple (AAPL)" confirms an ambiguous name; "Alibaba (BABA)" names a company outside the index lists
  // when the directory's company name starts with the same word.
  function confirmBySymbolInParentheses(text: string, tokens: Token[], matches: NameMatch[]) {
    for (const symbolMatch of text.matchAll(parenthesisedSymbolPattern)) {
      const ticker = resolveSymbol(symbolMatch[1]);
      if (!ticker) continue;
      const before = tokens.findLastIndex((token) => token.end <= symbolMatch.index);
      const name = matches.find((match) => match.last === before);
      if (name?.alias.tickers.includes(ticker)) name.accepted = name.strong = true;
    }
  }

  function unindexedCompaniesWithSymbol(text: string, tokens: Token[], matchAt: Map<number, NameMatch>): Found[] {
    const found: Found[] = [];
    for (const symbolMatch of text.matchAll(parenthesisedSymbolPattern)) {
      const ticker = resolveSymbol(symbolMatch[1]);
      if (!ticker) continue;
      const before = tokens.findLastIndex((token) => token.end <= symbolMatch.index);
      if (before < 0 || matchAt.has(before) || !/^\s*$/.test(text.slice(tokens[before].end, symbolMatch.index))) continue;
      // Walk back over the capitalised words of the name: "Alibaba Group Holding (BABA)".
      let first = before;
      while (first > 0 && tokens[first - 1].capitalised && !breaksClause(tokens[first].gapBefore) && before - first < 4) first--;
      const firstName = tokens.slice(first, before + 1).find((token) => token.capitalised && !commonWords.has(token.key));
      if (firstName && tokens[first].capitalised && directoryFirstWord(ticker) === firstName.key) {
        const start = tokens[first].start;
        found.push({ ticker, reason: "company", match: text.slice(start, symbolMatch.index + symbolMatch[0].length), position: start });
      }
    }
    return found;
  }

  return { tag };
}

/**
 * Two names in one list: "Apple , Google", "Visa and Mastercard", "Apple Vs. Tesla", or with other
 * capitalised names between them ("Agilent, US Steel, SVMK, Electronic Arts").
 */
function listedTogether(tokens: Token[], a: NameMatch, b: NameMatch): boolean {
  const [left, right] = a.first < b.first ? [a, b] : [b, a];
  const between = tokens.slice(left.last + 1, right.first);
  const gaps = [...between, tokens[right.first]].map((token) => token.gapBefore);
  const isJoiner = (token: Token | undefined) => token !== undefined && listJoiners.has(token.key);
  if (between.length === 1 && isJoiner(between[0])) return gaps.every((gap) => /^[\s,.]*$/.test(gap));
  if (!gaps.every((gap) => /^[\s,/\-–]*$/.test(gap))) return false;
  if (between.length === 0) return gaps[0].trim() !== "";
  // Each item between is a short capitalised name; items are separated by commas or joining words.
  let itemLength = 0;
  for (const [index, token] of between.entries()) {
    if (isJoiner(token)) {
      itemLength = 0;
      continue;
    }
    itemLength = gaps[index].trim() ? 1 : itemLength + 1;
    if (!token.capitalised || itemLength > 2) return false;
  }
  const leftSeparated = gaps[0].trim() !== "" || isJoiner(between[0]);
  const rightSeparated = gaps.at(-1)!.trim() !== "" || isJoiner(between.at(-1));
  return leftSeparated && rightSeparated;
}

function isRatingFirm(tokens: Token[], match: NameMatch, matches: NameMatch[]): boolean {
  const next = tokens.slice(match.last + 1, match.last + 6);
  if (next.length === 0 || breaksClause(next[0].gapBefore)) return false;
  const rates = ratingVerbs.has(next[0].key) || (priceTargetVerbs.has(next[0].key) && next.some((token) => token.key === "target" || token.key === "pt"));
  const comments = match.alias.tickers.some((ticker) => brokerTickers.has(ticker)) && brokerCommentVerbs.has(next[0].key);
  if (!rates && !comments) return false;
  return matches.some((other) => other !== match && other.accepted && !other.alias.tickers.some((ticker) => match.alias.tickers.includes(ticker)));
}
