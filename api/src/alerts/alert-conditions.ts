// What an alert can watch, each condition's settings (checked with zod, refused by field name), and
// the pure rules that tell from two consecutive trading days' figures whether it fired. The facts
// come from the same point-in-time screen a user sees at each day (alert-facts.ts), so a firing's
// evidence matches the screener's table at that day.
import { z } from "zod";

export const ALERT_CONDITIONS = [
  "price_cross",
  "price_move",
  "sma_cross",
  "rsi_level",
  "sentiment_cross",
  "article_jump",
  "analyst_action",
  "earnings_within",
  "fund_change",
  "screen_enter",
  "screen_leave",
] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Conditions on a saved screen's membership; every other one watches a ticker or a watchlist's tickers. */
export const SCREEN_CONDITIONS: readonly AlertCondition[] = ["screen_enter", "screen_leave"];
/** Conditions on Pro data (13F holdings). */
export const PRO_CONDITIONS: readonly AlertCondition[] = ["fund_change"];

/** The data events after which alerts are evaluated, and the conditions each can move. */
export const DATA_EVENT_KINDS = ["prices", "news", "earnings", "13f"] as const;
export type DataEventKind = (typeof DATA_EVENT_KINDS)[number];
export const CONDITIONS_OF_EVENT: Record<DataEventKind, readonly AlertCondition[]> = {
  prices: ["price_cross", "price_move", "sma_cross", "rsi_level", "screen_enter", "screen_leave"],
  // A screen's sentiment filters move with the news.
  news: ["sentiment_cross", "article_jump", "analyst_action", "screen_enter", "screen_leave"],
  earnings: ["earnings_within"],
  "13f": ["fund_change"],
};

const direction = z.enum(["above", "below"], { error: 'direction must be "above" or "below"' });
const level = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .refine(Number.isFinite, { error: `${field} must be a finite number` })
    .min(min, { error: `${field} must be between ${min} and ${max}` })
    .max(max, { error: `${field} must be between ${min} and ${max}` });
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: `${field} must be between ${min} and ${max}` })
    .max(max, { error: `${field} must be between ${min} and ${max}` });

export const SMA_PERIODS = [5, 20, 50] as const;
export type SmaPeriod = (typeof SMA_PERIODS)[number];
const smaPeriod = (field: string) =>
  z.union([z.literal(5), z.literal(20), z.literal(50)], { error: `${field} must be 5, 20 or 50 (days)` });

export const FUND_CHANGES = ["any", "new", "added", "reduced", "sold_out"] as const;

/** Each condition's settings; unknown keys are refused so a typo never silently means a default. */
export const conditionParamSchemas = {
  price_cross: z.strictObject({ direction, level: level("level", 0.01, 1_000_000) }),
  price_move: z.strictObject({
    direction: z.enum(["up", "down", "either"], { error: 'direction must be "up", "down" or "either"' }),
    percent: level("percent", 0.1, 100),
  }),
  sma_cross: z
    .strictObject({ fast: smaPeriod("fast"), slow: smaPeriod("slow"), direction })
    .refine((params) => params.fast < params.slow, { error: "fast must be a shorter average than slow", path: ["fast"] }),
  rsi_level: z.strictObject({ direction, level: level("level", 1, 99) }),
  sentiment_cross: z.strictObject({ direction, level: level("level", -1, 1) }),
  article_jump: z.strictObject({ minArticles: wholeNumber("minArticles", 1, 1000) }),
  analyst_action: z.strictObject({
    action: z.enum(["upgrade", "downgrade", "either"], { error: 'action must be "upgrade", "downgrade" or "either"' }),
  }),
  earnings_within: z.strictObject({ days: wholeNumber("days", 1, 60) }),
  fund_change: z.strictObject({
    change: z.enum(FUND_CHANGES, { error: `change must be one of ${FUND_CHANGES.join(", ")}` }),
    /** One fund's CIK; absent or null: any tracked fund. */
    fundCik: z
      .string({ error: "fundCik must be text" })
      .regex(/^\d{1,10}$/, { error: "fundCik must be 1 to 10 digits" })
      .nullish(),
  }),
  screen_enter: z.strictObject({}),
  screen_leave: z.strictObject({}),
} satisfies Record<AlertCondition, z.ZodType>;

export type ConditionParams = { [C in AlertCondition]: z.output<(typeof conditionParamSchemas)[C]> };

/** One ticker's figures on one trading day, as the Basic screen shows them at that day. */
export type DayFacts = {
  day: string;
  close: number;
  sma: Record<SmaPeriod, number | null>;
  rsi: number | null;
  /** 7-day news sentiment, −1 to 1; null without articles. */
  sentiment: number | null;
  articles: number;
  daysToEarnings: number | null;
};

/** A firing as the rules find it: what the store keys, shows and sends. */
export type FoundFiring = {
  ticker: string;
  /** The fact that fired it (one firing per alert, ticker and fact): a day, a report date, an article or a filing. */
  factKey: string;
  /** The day the fact was known on. */
  day: string;
  summary: string;
  evidence: Record<string, unknown>;
};

const money = (value: number) => value.toFixed(2);
const fixed = (value: number, digits: number) => value.toFixed(digits);

/** `before` to `now` crossed the level in the direction: it was on the far side, and is now past it. */
export function crossed(dir: "above" | "below", lvl: number, before: number, now: number): boolean {
  return dir === "above" ? before <= lvl && now > lvl : before >= lvl && now < lvl;
}

const sides = (before: DayFacts, now: DayFacts, value: (facts: DayFacts) => number | null) => ({
  before: { day: before.day, value: value(before) },
  after: { day: now.day, value: value(now) },
});

/**
 * Whether a ticker condition fired on `now.day`, from its figures that day and the trading day
 * before (crossings need both; a ticker without figures on either day cannot cross). The
 * evidence holds the values on both sides and the level; the caller adds the source.
 */
export function firingOfDay<C extends Exclude<AlertCondition, "analyst_action" | "fund_change" | "screen_enter" | "screen_leave">>(
  condition: C,
  params: ConditionParams[C],
  ticker: string,
  before: DayFacts | undefined,
  now: DayFacts | undefined,
): FoundFiring | null {
  if (!now) return null;
  const fire = (summary: string, evidence: Record<string, unknown>, factKey = now.day): FoundFiring => ({ ticker, factKey, day: now.day, summary, evidence });
  switch (condition) {
    case "earnings_within": {
      const { days } = params as ConditionParams["earnings_within"];
      if (now.daysToEarnings === null || now.daysToEarnings < 0 || now.daysToEarnings > days) return null;
      const reportDate = addDays(now.day, now.daysToEarnings);
      const when = now.daysToEarnings === 0 ? "today" : `in ${now.daysToEarnings} day${now.daysToEarnings === 1 ? "" : "s"}`;
      // Once per report, however many days of the window it stays inside.
      return fire(`${ticker} reports earnings on ${reportDate}, ${when} (alert: within ${days} days).`, { reportDate, daysToEarnings: now.daysToEarnings, withinDays: days, asOf: now.day }, `report:${reportDate}`);
    }
  }
  if (!before) return null;
  switch (condition) {
    case "price_cross": {
      const { direction: dir, level: lvl } = params as ConditionParams["price_cross"];
      if (!crossed(dir, lvl, before.close, now.close)) return null;
      return fire(`${ticker} closed at ${money(now.close)} on ${now.day}, ${dir} ${money(lvl)} (${money(before.close)} on ${before.day}).`, {
        measure: "close",
        level: lvl,
        direction: dir,
        ...sides(before, now, (facts) => facts.close),
      });
    }
    case "price_move": {
      const { direction: dir, percent } = params as ConditionParams["price_move"];
      const change = (now.close / before.close - 1) * 100;
      const moved = dir === "up" ? change >= percent : dir === "down" ? change <= -percent : Math.abs(change) >= percent;
      if (!moved) return null;
      return fire(`${ticker} ${change >= 0 ? "rose" : "fell"} ${fixed(Math.abs(change), 1)} % on ${now.day} (${money(before.close)} → ${money(now.close)}).`, {
        measure: "daily change %",
        changePercent: Number(fixed(change, 2)),
        thresholdPercent: percent,
        direction: dir,
        ...sides(before, now, (facts) => facts.close),
      });
    }
    case "sma_cross": {
      const { fast, slow, direction: dir } = params as ConditionParams["sma_cross"];
      const gap = (facts: DayFacts) => (facts.sma[fast] === null || facts.sma[slow] === null ? null : facts.sma[fast]! - facts.sma[slow]!);
      const [gapBefore, gapNow] = [gap(before), gap(now)];
      if (gapBefore === null || gapNow === null || !crossed(dir, 0, gapBefore, gapNow)) return null;
      return fire(
        `${ticker}'s SMA ${fast} crossed ${dir} its SMA ${slow} on ${now.day} (${money(now.sma[fast]!)} vs ${money(now.sma[slow]!)}; ${money(before.sma[fast]!)} vs ${money(before.sma[slow]!)} on ${before.day}).`,
        {
          measure: `SMA ${fast} − SMA ${slow}`,
          direction: dir,
          before: { day: before.day, fast: before.sma[fast], slow: before.sma[slow] },
          after: { day: now.day, fast: now.sma[fast], slow: now.sma[slow] },
        },
      );
    }
    case "rsi_level": {
      const { direction: dir, level: lvl } = params as ConditionParams["rsi_level"];
      if (before.rsi === null || now.rsi === null || !crossed(dir, lvl, before.rsi, now.rsi)) return null;
      return fire(`${ticker}'s RSI 14 ${dir === "above" ? "rose above" : "fell below"} ${lvl} on ${now.day} (${fixed(now.rsi, 1)}; ${fixed(before.rsi, 1)} on ${before.day}).`, {
        measure: "RSI 14",
        level: lvl,
        direction: dir,
        ...sides(before, now, (facts) => facts.rsi),
      });
    }
    case "sentiment_cross": {
      const { direction: dir, level: lvl } = params as ConditionParams["sentiment_cross"];
      if (before.sentiment === null || now.sentiment === null || !crossed(dir, lvl, before.sentiment, now.sentiment)) return null;
      return fire(
        `${ticker}'s 7-day news sentiment ${dir === "above" ? "rose above" : "fell below"} ${lvl} on ${now.day} (${fixed(now.sentiment, 2)} over ${now.articles} articles; ${fixed(before.sentiment, 2)} on ${before.day}).`,
        { measure: "7-day sentiment", level: lvl, direction: dir, articles: now.articles, ...sides(before, now, (facts) => facts.sentiment) },
      );
    }
    case "article_jump": {
      const { minArticles } = params as ConditionParams["article_jump"];
      if (!(before.articles < minArticles && now.articles >= minArticles)) return null;
      return fire(`${ticker} had ${now.articles} articles in the 7 days to ${now.day}, reaching ${minArticles} (${before.articles} on ${before.day}).`, {
        measure: "7-day article count",
        level: minArticles,
        ...sides(before, now, (facts) => facts.articles),
      });
    }
  }
  return null;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An analyst action as the news tagged it: the article that carries it. */
export type AnalystActionFact = { articleId: string; ticker: string; action: "upgrade" | "downgrade"; title: string; source: string; publishedAt: Date; day: string };

export function analystFiring(params: ConditionParams["analyst_action"], fact: AnalystActionFact): FoundFiring | null {
  if (params.action !== "either" && params.action !== fact.action) return null;
  return {
    ticker: fact.ticker,
    factKey: `article:${fact.articleId}`,
    day: fact.day,
    summary: `${fact.ticker} analyst ${fact.action}: “${fact.title}” (${fact.source}, ${fact.publishedAt.toISOString().slice(0, 16).replace("T", " ")} UTC).`,
    evidence: { action: fact.action, headline: fact.title, articleSource: fact.source, publishedAt: fact.publishedAt.toISOString(), asOf: fact.day },
  };
}

/** A tracked fund's position change in a quarter that became known (filed) on `day`. */
export type FundChangeFact = {
  ticker: string;
  fundCik: string;
  fundName: string;
  quarterEnd: string;
  knownOn: string;
  kind: "NEW" | "ADDED" | "REDUCED" | "SOLD_OUT";
  previousShares: number | null;
  shares: number;
  filingUrl: string;
};

export function fundFiring(params: ConditionParams["fund_change"], fact: FundChangeFact): FoundFiring | null {
  if (params.fundCik && Number(params.fundCik) !== Number(fact.fundCik)) return null;
  if (params.change !== "any" && params.change.toUpperCase() !== fact.kind) return null;
  const verb = { NEW: "opened a position in", ADDED: "added to", REDUCED: "reduced", SOLD_OUT: "sold out of" }[fact.kind];
  const shares = `${fact.previousShares === null ? 0 : fact.previousShares.toLocaleString("en-US")} → ${fact.shares.toLocaleString("en-US")} shares`;
  return {
    ticker: fact.ticker,
    factKey: `13f:${fact.fundCik}:${fact.quarterEnd}`,
    day: fact.knownOn,
    summary: `${fact.fundName} ${verb} ${fact.ticker} in its 13F for the quarter ended ${fact.quarterEnd} (${shares}), known on ${fact.knownOn}.`,
    evidence: {
      fund: fact.fundName,
      fundCik: fact.fundCik,
      quarterEnd: fact.quarterEnd,
      change: fact.kind,
      before: { shares: fact.previousShares },
      after: { shares: fact.shares },
      knownOn: fact.knownOn,
      filingUrl: fact.filingUrl,
    },
  };
}

/** The tickers that entered (or left) a screen between two trading days' results. */
export function screenFirings(
  condition: "screen_enter" | "screen_leave",
  screenName: string,
  before: { day: string; tickers: ReadonlySet<string> },
  now: { day: string; tickers: ReadonlySet<string> },
): FoundFiring[] {
  const [from, to] = condition === "screen_enter" ? [before, now] : [now, before];
  const moved = [...to.tickers].filter((ticker) => !from.tickers.has(ticker)).sort();
  return moved.map((ticker) => ({
    ticker,
    factKey: now.day,
    day: now.day,
    summary: `${ticker} ${condition === "screen_enter" ? "entered" : "left"} your screen “${screenName}” on ${now.day} (it was ${condition === "screen_enter" ? "not in it" : "in it"} on ${before.day}).`,
    evidence: {
      screen: screenName,
      before: { day: before.day, inScreen: condition === "screen_leave", matches: before.tickers.size },
      after: { day: now.day, inScreen: condition === "screen_enter", matches: now.tickers.size },
    },
  }));
}
