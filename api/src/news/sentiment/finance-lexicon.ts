// The finance layer's vocabulary. Weights are on AFINN's scale (−5..5) so the
// two layers add up. Everything here is general financial-news vocabulary
// (what investors read as good or bad news), not phrases taken from any
// evaluation sentence.

/**
 * AFINN words whose general-English sentiment misleads in financial news.
 * A word listed here with 0 is ignored; the finance rules below may still use it.
 * Direction words (directionLexicon below: "cut", "gain", "increase"...) never
 * take their AFINN score at all: they count with the metric they move.
 * ("liability", which misleads in VADER, is not in AFINN-165.)
 */
export const afinnOverrides: Readonly<Record<string, number>> = {
  share: 0, // "market share", "per share": a stock, not an act of sharing
  shares: 0, // the stock itself; direction comes from "shares rose/fell"
  gross: 0, // "gross margin", "gross profit", not disgust
  crude: 0, // crude oil
  tender: 0, // tender offer
  interest: 0, // interest rates and income, not curiosity
  natural: 0, // natural gas
  free: 0, // free cash flow, free float
  fine: 0, // as a noun it is a penalty ("fined" is scored below)
  demand: 0, // customer demand is a business metric, not a demand made of someone
  pay: 0, // paying a dividend or a price is neutral
  limited: 0, // company names ("... Limited")
  like: 0, // mostly a preposition
  leading: 0, // company self-description ("a leading provider of")
  innovative: 0, // company self-description
  innovation: 0,
  solution: 0, // "IT solutions provider"
  solutions: 0,
  care: 0, // "health care"
  matter: 0, // "as a matter of", "the matter"
  worth: 0, // "an order worth EUR 5 mn" states a size, not a value judgement
  united: 0, // company and country names
  debt: 0, // issuing debt is routine; debt rising or falling is scored as a metric
  loss: 0, // a reported loss is scored by its direction (a narrowing loss is good news)
  losses: 0,
  profit: 0, // likewise scored by direction, see metricPolarity
  profits: 0,
  growth: 0, // scored as a metric ("growth slowed" is bad)
  no: 0, // a negation cue, handled in negation.ts
  asset: 0, // balance-sheet term ("total assets")
  assets: 0,
  goodwill: 0, // an accounting intangible, not kindness
  outstanding: 0, // "shares outstanding" (AFINN gives it +5)
  fair: 0, // "fair value"
  granted: 0, // options, loans and permits are granted routinely
  entitled: 0, // legal wording ("entitled to subscribe")
  authority: 0, // "competition authority", "tax authority"
  effective: 0, // "effective 1 January" dates a change
  responsible: 0, // job descriptions ("responsible for sales")
  responsibility: 0,
  agreement: 0, // signing an agreement is routine news; what it is worth is scored elsewhere
  please: 0, // press-release boilerplate ("please contact")
  alone: 0, // emphasis in reports ("in December alone")
  waste: 0, // the waste-management industry
  block: 0, // "a block of shares", "apartment block"
  crushing: 0, // mining ("crushing plant")
  ill: 0, // "Ill." (Illinois) in addresses
  hard: 0, // "hard disk", "hard coating"
  cancer: 0, // a disease area for drug makers, not a judgement
  support: 1, // mostly "maintenance and support services": halve AFINN's 2
  supports: 1,
  supported: 1,
  top: 1, // "tops estimates" is good but "top executives" is neutral: halve AFINN's 2
  charges: -1, // accounting charges are mildly negative; criminal charges are rarer in company news
  risk: -1, // "risk factors" boilerplate: halve AFINN's −2
  risks: -1,
};

/**
 * Business metrics and which way is good for them: +1 when more is good news
 * (profit, sales), −1 when more is bad news (loss, costs). A metric paired
 * with a direction word scores polarity × direction.
 */
export const metricPolarity: ReadonlyMap<string, 1 | -1> = new Map<string, 1 | -1>([
  ...(
    [
      "profit", "profits", "profitability", "earnings", "income", "ebit", "ebitda", "ebita", "eps", "sales",
      "revenue", "revenues", "turnover", "margin", "margins", "orders", "order", "backlog", "bookings",
      "demand", "deliveries", "shipments", "production", "output", "volume", "volumes", "traffic",
      "dividend", "dividends", "payout", "guidance", "forecast", "forecasts", "outlook", "target",
      "targets", "estimate", "estimates", "rating", "result", "results", "growth", "performance",
      "shares", "stock", "stocks", "jobs", "job", "workforce", "headcount", "subscribers", "occupancy", "flow",
      "value", "valuation", "market-share",
    ] as const
  ).map((word) => [word, 1] as [string, 1]),
  ...(
    ["loss", "losses", "deficit", "cost", "costs", "expenses", "expenditure", "debt", "debts", "liabilities",
      "writedowns", "impairments", "unemployment", "churn", "arrears"] as const
  ).map((word) => [word, -1] as [string, -1]),
]);

/** A compound whose second word only names a metric after the first ("market share", "share price"). */
export const compoundMetrics: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["share", new Set(["market"])],
  ["price", new Set(["share", "stock"])],
  ["prices", new Set(["share", "stock"])],
]);

export interface DirectionWord {
  /** +1 more / better, −1 less / worse. */
  readonly direction: 1 | -1;
  /**
   * "movement" words say how a figure moved ("rose", "fell") and "action" verbs
   * what a company did to it ("raised", "cut"); both take their sign from the
   * metric (a loss that fell is good, cutting costs is good). Actions never
   * apply to the share price ("shares halted" is a trading halt, "shares ...
   * to raise capital" is financing). "quality" words already judge the figure
   * (a result that weakened is bad whatever it measures).
   */
  readonly kind: "movement" | "action" | "quality";
  /** Score when no metric is near: market verbs ("shares plunged" aside) still lean one way. */
  readonly standalone: number;
}

function directionWords(
  words: readonly string[],
  direction: 1 | -1,
  kind: DirectionWord["kind"],
  standalone: number,
): [string, DirectionWord][] {
  return words.map((word) => [word, { direction, kind, standalone }]);
}

export const directionLexicon: ReadonlyMap<string, DirectionWord> = new Map([
  // Market-movement verbs: on their own they usually describe a price or a figure moving.
  ...directionWords(
    ["rise", "rises", "rose", "risen", "rising", "increase", "increases", "increased", "increasing", "grew", "grow",
      "grows", "growing", "grown", "gain", "gains", "gained", "gaining", "climb", "climbs", "climbed", "climbing",
      "advance", "advanced", "advances", "rebound", "rebounded", "rebounds", "recovered", "higher", "up", "doubled",
      "tripled", "accelerated"],
    1, "movement", 1),
  ...directionWords(
    ["jump", "jumps", "jumped", "surge", "surges", "surged", "soar", "soars", "soared", "soaring", "rally",
      "rallies", "rallied", "skyrocketed", "spiked"],
    1, "movement", 2),
  ...directionWords(
    ["fall", "falls", "fell", "fallen", "falling", "decrease", "decreases", "decreased", "decreasing", "decline",
      "declines", "declined", "declining", "drop", "drops", "dropped", "dropping", "dip", "dips", "dipped", "slip",
      "slips", "slipped", "slide", "slides", "slid", "sank", "sink", "sinks", "lower", "down", "shrank", "shrunk",
      "shrink", "shrinks", "contracted", "eased", "slowed", "slowing", "halved", "eroded", "retreated"],
    -1, "movement", -1),
  ...directionWords(
    ["plunge", "plunges", "plunged", "plunging", "plummet", "plummets", "plummeted", "tumble", "tumbles",
      "tumbled", "slump", "slumps", "slumped", "crashed", "tanked", "collapsed", "nosedived"],
    -1, "movement", -2),
  // Comparatives: "slower growth"; "36 % more than in 2004" (more/less only after a figure, see comparativeDirections).
  ...directionWords(["faster", "more"], 1, "movement", 0),
  ...directionWords(["slower", "less"], -1, "movement", 0),
  // Verbs whose good or bad depends entirely on their object ("cut costs" vs "cut guidance").
  ...directionWords(
    ["raise", "raises", "raised", "raising", "hike", "hikes", "hiked", "widen", "widens", "widened", "widening",
      "add", "adds", "added", "resume", "resumes", "resumed", "reinstated", "record"],
    1, "action", 0),
  ...directionWords(
    ["boost", "boosts", "boosted", "lift", "lifts", "lifted", "expand", "expands", "expanded", "expanding"],
    1, "action", 1),
  ...directionWords(
    ["cut", "cuts", "cutting", "lowers", "lowered", "lowering", "reduce", "reduces", "reduced", "reducing",
      "reduction", "trim", "trims", "trimmed", "slash", "slashes", "slashed", "narrow", "narrows", "narrowed",
      "narrowing", "shed", "sheds", "suspend", "suspends", "suspended", "halt", "halts", "halted", "scrapped",
      "scraps", "withdrew", "withdraws"],
    -1, "action", 0),
  ...directionWords(
    ["improve", "improves", "improved", "improving", "improvement", "strengthen", "strengthened", "strengthens",
      "strong", "stronger", "robust", "solid", "better", "healthy"],
    1, "quality", 1),
  ...directionWords(
    ["weaken", "weakened", "weakens", "weak", "weaker", "worsen", "worsened", "worsens", "deteriorate",
      "deteriorated", "deteriorating", "poor", "soft", "softer", "worse", "sluggish"],
    -1, "quality", -1),
  ...directionWords(["disappointing"], -1, "quality", -2),
]);

/** The share price: it moves ("shares rose"), it is not acted on like a dividend. */
export const priceMetrics: ReadonlySet<string> = new Set(["shares", "stock", "stocks", "price", "prices"]);

/**
 * "up" and "down" only count as a direction when a figure or "from"/"by"
 * follows (or they end the text): "sales up 5 %", "down from EUR 62.4 mn",
 * "Apple shares down". Otherwise they are phrasal-verb particles ("set up").
 */
export const particleDirections: ReadonlySet<string> = new Set(["up", "down"]);

/** "more"/"less" are directions only after a figure: "36 % more than", "20 times more". */
export const comparativeDirections: ReadonlySet<string> = new Set(["more", "less"]);

/** "won an order", "received a major contract": new business is good news for the company that gets it. */
export const contractWinVerbs: ReadonlySet<string> = new Set([
  "win", "wins", "won", "winning", "secure", "secures", "secured", "land", "lands", "landed", "award", "awarded",
  "receive", "receives", "received", "bag", "bags", "bagged", "clinch", "clinches", "clinched",
]);
export const contractNouns: ReadonlySet<string> = new Set(["order", "orders", "contract", "contracts", "deal", "deals", "tender"]);

/** Verbs after which "up"/"down" is a phrasal particle, not a move: "set up", "making up", "stepped down". */
export const phrasalVerbs: ReadonlySet<string> = new Set([
  "make", "makes", "making", "made", "set", "sets", "setting", "take", "takes", "taking", "took", "taken", "pick",
  "picks", "picked", "sign", "signs", "signed", "build", "builds", "built", "shut", "shuts", "write", "writes",
  "wrote", "written", "break", "breaks", "broke", "end", "ends", "ended", "back", "backs", "backed", "follow",
  "follows", "followed", "come", "comes", "came", "turn", "turns", "turned", "look", "looks", "looked", "team",
  "teamed", "step", "steps", "stepped", "stepping", "line", "lined", "open", "opens", "opened", "hold", "held",
  "tie", "tied",
]);

/** "raise EUR 500 mn", "raise capital": raising money is financing, not a metric going up. */
export const raiseVerbs: ReadonlySet<string> = new Set(["raise", "raises", "raised", "raising"]);
export const fundraisingObjects: ReadonlySet<string> = new Set([
  "capital", "funds", "funding", "money", "financing", "cash", "equity", "debt",
]);

/**
 * Verbs that report a metric changing sign: "swung to a net profit", "turned
 * to a loss", "returned to profit". The metric they reach decides the sign.
 */
export const swingVerbs: ReadonlySet<string> = new Set([
  "swung", "swing", "swings", "turned", "turn", "turns", "returned", "return", "returns", "moved",
]);

/** Words in which analysts' and companies' expectations are written. */
export const expectationNouns: ReadonlySet<string> = new Set([
  "expectations", "expected", "expectation", "estimate", "estimates", "forecast", "forecasts", "consensus",
  "guidance", "views", "projections",
]);

/** Comparators that put a result above (+1) or below (−1) expectations, e.g. "beat estimates", "fell short of forecasts". */
export const expectationComparators: ReadonlyMap<string, 1 | -1> = new Map<string, 1 | -1>([
  ...(["above", "ahead", "exceed", "exceeds", "exceeded", "exceeding", "beat", "beats", "beating", "topped",
    "tops", "top", "surpassed", "surpasses", "outpaced", "better", "stronger"] as const).map(
    (word) => [word, 1] as [string, 1],
  ),
  ...(["below", "short", "miss", "misses", "missed", "missing", "worse", "weaker", "lagged", "trailed"] as const).map(
    (word) => [word, -1] as [string, -1],
  ),
]);

/**
 * Comparators whose meaning depends on the metric they describe: "sales were
 * smaller than expected" is bad, "a smaller than expected loss" good.
 */
export const magnitudeComparators: ReadonlyMap<string, 1 | -1> = new Map<string, 1 | -1>([
  ...(["higher", "larger", "bigger", "greater", "more"] as const).map((word) => [word, 1] as [string, 1]),
  ...(["lower", "smaller", "less", "fewer"] as const).map((word) => [word, -1] as [string, -1]),
]);

/** "high(s)"/"low(s)" after one of these marks a price extreme: "52-week high", "eight year low", "record high". */
export const extremeWords: ReadonlyMap<string, 1 | -1> = new Map<string, 1 | -1>([
  ["high", 1], ["highs", 1], ["low", -1], ["lows", -1],
]);
export const extremeMarkers: ReadonlySet<string> = new Set([
  "record", "new", "all-time", "year", "week", "month", "decade", "multi-year", "multiyear",
]);

/** Single finance words that carry sentiment on their own (AFINN lacks them or weighs them for everyday English). */
export const financeWords: ReadonlyMap<string, number> = new Map([
  ["beat", 2], ["beats", 2], ["outperform", 2], ["outperforms", 2], ["outperformed", 2], ["upgrade", 2],
  ["upgrades", 2], ["upgraded", 2], ["overweight", 1], ["bullish", 2], ["upbeat", 2], ["profitable", 2],
  ["buyback", 1.5], ["buybacks", 1.5], ["repurchase", 1], ["breakthrough", 2], ["tailwinds", 1.5],
  ["record-high", 2], ["miss", -2], ["misses", -2], ["missed", -2], ["underperform", -2], ["underperforms", -2],
  ["underperformed", -2], ["downgrade", -2], ["downgrades", -2], ["downgraded", -2], ["underweight", -1],
  ["bearish", -2], ["downbeat", -2], ["lawsuit", -2], ["lawsuits", -2], ["sued", -2], ["sues", -2],
  ["litigation", -2], ["probe", -1.5], ["investigation", -1], ["recall", -2], ["recalls", -2],
  ["recalled", -2], ["layoff", -2], ["layoffs", -2], ["redundancies", -2], ["bankruptcy", -3],
  ["insolvency", -3], ["insolvent", -3], ["default", -2], ["defaulted", -2], ["defaults", -2],
  ["fined", -2], ["penalty", -2], ["penalties", -2], ["writedown", -2], ["write-down", -2],
  ["write-downs", -2], ["impairment", -2], ["selloff", -2], ["sell-off", -2], ["slowdown", -1.5],
  ["recession", -2], ["shortfall", -2], ["headwinds", -1.5], ["record-low", -2], ["outage", -1.5],
  ["breach", -2], ["antitrust", -1],
  ["shutdown", -1.5], ["closure", -1], ["closures", -1], ["delay", -1], ["delays", -1], ["delayed", -1],
  ["delisted", -2], ["delisting", -2], ["strike", -1], ["walkout", -1.5], ["uncertainty", -1.5],
  ["uncertainties", -1.5], ["concerns", -1.5], ["fears", -1.5], ["mixed", -1], ["pullback", -1],
  // Full AFINN weight (not damped): in company news these words state the verdict ("negative impact", "positive outlook").
  ["negative", -2], ["positive", 2],
  ["savings", 1.5], // cost savings, not household savings
  ["disappoint", -2], ["disappoints", -2], ["disappointed", -2],
]);

/** Multi-word finance phrases, matched before single words (longest first); weight 0 shields their words from other rules. */
export const financePhrases: readonly (readonly [phrase: string, weight: number])[] = [
  ["profit warning", -3],
  ["fell short", -2],
  ["falls short", -2],
  ["fall short", -2],
  ["laid off", -2],
  ["class action", -2],
  ["chapter 11", -3],
  ["going concern", -2],
  ["into the black", 2],
  ["in the black", 1],
  ["into the red", -2],
  ["in the red", -1],
  ["positive territory", 1],
  ["negative territory", -1],
  ["well positioned", 2],
  ["special dividend", 1.5],
  ["strong buy", 2],
  ["buy rating", 1.5],
  ["buy recommendation", 1.5],
  ["sell rating", -1.5],
  ["sell recommendation", -1.5],
  ["cost savings", 1.5],
  ["in line with", 0], // "in line with expectations" is neutral
  ["record date", 0], // the dividend record date
  ["of record", 0], // "shareholders of record"
  ["value added", 0], // value added tax
  ["fair value", 0], // an accounting measure
  ["as well as", 0],
  ["as a result", 0],
  ["in order to", 0],
];
