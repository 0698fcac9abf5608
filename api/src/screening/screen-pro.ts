// The Pro screen's advanced filters and extra columns (on top of a Combined screen): the AI pick
// (score, rank, 1m/3m/12m returns, 60-day volatility), the next earnings report (beat probability,
// days to it), the tracked funds' latest 13F change, GICS sectors, the news sentiment range, article
// count and analyst actions. Everything comes from research/stock-factors.ts as of the screen's day.
//
// Honesty: what the data cannot answer is never guessed. A row whose figure is unknown is LEFT OUT
// when that filter is narrowed and COUNTED in a warning naming the field (like BETA_UNKNOWN and
// SECTOR_PARTIAL of the Basic screen); when the filter is not set it stays, and the coverage
// warnings count the rows without the figure.
import type { FundChangeFilter, ProFilters } from "@shared/screen-rules";
import type { Database } from "../db/database";
import { factorsOn, type FactorDay, type StockFactors } from "../research/stock-factors";
import type { ChangeKind } from "../hedge-funds/quarter-changes";
import type { ScreenWarning } from "./screen-request";

/** How long one day's Pro figures are reused: they change only when a snapshot loads, a refresh or the AI picks pass runs. */
export const FACTOR_CACHE_MS = 30_000;
const factorCache = new WeakMap<Database, Map<string, { expires: number; day: Promise<FactorDay> }>>();

/**
 * `factorsOn` for the screen's day, kept FACTOR_CACHE_MS per database: a screen reads every ticker's
 * figures, and a burst of screens (a user trying filters) would otherwise rebuild them each time.
 */
export function cachedFactorsOn(deps: Parameters<typeof factorsOn>[0], day: string | null): Promise<FactorDay> {
  let byDay = factorCache.get(deps.db);
  if (!byDay) factorCache.set(deps.db, (byDay = new Map()));
  const key = day ?? "";
  const cached = byDay.get(key);
  if (cached && cached.expires > Date.now()) return cached.day;
  const fresh = factorsOn(deps, day);
  byDay.set(key, { expires: Date.now() + FACTOR_CACHE_MS, day: fresh });
  fresh.catch(() => byDay.delete(key));
  return fresh;
}

/** Forget the kept figures (after a load in tests). */
export function forgetCachedFactors(db: Database): void {
  factorCache.delete(db);
}

/** The AI model scores a ticker once it has a year of bars (252 returns). */
export const AI_MIN_BARS = 253;

/** One tracked fund's latest 13F position in a Pro row. */
export type ProFundHolding = {
  fundName: string;
  cik: string;
  quarterEnd: string;
  knownFrom: string;
  /** NEW, ADDED, REDUCED, SOLD_OUT, UNCHANGED; null for a fund's first stored quarter (no quarter before to compare with). */
  changeKind: ChangeKind | null;
  shares: number;
  sharesChange: number | null;
};

/** The Pro screen's extra columns. */
export type ProExtras = {
  aiScore: number | null;
  aiRank: number | null;
  aiRankedOf: number | null;
  return1m: number | null;
  return3m: number | null;
  return12m: number | null;
  volatility60: number | null;
  beatProbability: number | null;
  baseRate: number | null;
  nextReportDate: string | null;
  daysToReport: number | null;
  earningsCovered: boolean;
  fundHoldings: ProFundHolding[];
};

const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;
const was = (value: number) => (value === 1 ? "was" : "were");
const round = (value: number | null, decimals: number) => (value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals);
/** CIKs compare as numbers: "0001067983" and "1067983" are the same filer. */
export const sameCik = (a: string, b: string) => a.replace(/^0+/, "") === b.replace(/^0+/, "");

const CHANGE_OF_FILTER: Record<Exclude<FundChangeFilter, "any">, ChangeKind> = {
  new: "NEW",
  added: "ADDED",
  reduced: "REDUCED",
  sold_out: "SOLD_OUT",
  unchanged: "UNCHANGED",
};

export function proExtras(factors: StockFactors | undefined): ProExtras {
  const ai = factors?.ai ?? null;
  const report = factors?.nextReport ?? null;
  return {
    aiScore: ai ? round(ai.aiScore, 4) : null,
    aiRank: ai?.rank ?? null,
    aiRankedOf: ai?.rankedOf ?? null,
    return1m: round(ai?.returns1m ?? null, 4),
    return3m: round(ai?.returns3m ?? null, 4),
    return12m: round(ai?.returns12m ?? null, 4),
    volatility60: round(ai?.volatility60 ?? null, 4),
    beatProbability: report?.beatProbability ?? null,
    baseRate: report?.baseRate ?? null,
    nextReportDate: report?.date ?? null,
    daysToReport: report?.daysTo ?? null,
    earningsCovered: factors?.earningsCovered ?? false,
    fundHoldings: (factors?.fundPositions ?? []).map((position) => ({
      fundName: position.fundName,
      cik: position.cik,
      quarterEnd: position.quarterEnd,
      knownFrom: position.knownFrom,
      changeKind: position.changeKind,
      shares: position.shares,
      sharesChange: position.sharesChange,
    })),
  };
}

/** What a Pro filter needs of a screened row. */
export type ProCandidate = {
  ticker: string;
  sector: string | null;
  newsCount: number;
  sentimentScore: number | null;
  analystUpgrades: number;
  analystDowngrades: number;
  extras: ProExtras;
};

const aiFields = ["minAiScore", "maxAiScore", "maxAiRank", "minReturn1m", "maxReturn1m", "minReturn3m", "maxReturn3m", "minReturn12m", "maxReturn12m", "minVolatility", "maxVolatility"] as const;

/** Whether the value passes [min, max] (either may be null: open). */
const within = (value: number, min: number | null, max: number | null) => (min === null || value >= min) && (max === null || value <= max);

/** The set fields of a list, for messages ("minAiScore, maxAiRank"). */
const setFields = (filters: ProFilters, fields: readonly (keyof ProFilters)[]) => fields.filter((field) => filters[field] !== null);

/**
 * Keeps the candidates that pass every advanced filter, in their order. Unknown figures leave a
 * row out only when their filter is set, and each such exclusion is counted in a warning.
 */
export function applyProFilters<Row extends ProCandidate>(filters: ProFilters, rows: Row[], factorDay: FactorDay, warnings: ScreenWarning[]): Row[] {
  const { sources } = factorDay;
  const unknown = { ai: 0, return1m: 0, return3m: 0, return12m: 0, volatility: 0, notCovered: 0, noNextReport: 0, noBeatProbability: 0, sector: 0, noNews: 0, fundChangeUnknown: 0 };
  const aiSet = setFields(filters, aiFields);
  const earningsSet = setFields(filters, ["minBeatProbability", "maxBeatProbability", "maxDaysToReport"]);
  const beatSet = filters.minBeatProbability !== null || filters.maxBeatProbability !== null;
  const sentimentCeiling = filters.maxSentiment;
  const sectors = new Set<string>(filters.sectors);
  const fundFilter = filters.fundChange;
  const chosenFund = filters.fundCik === null ? null : (sources.funds.find((fund) => sameCik(fund.cik, filters.fundCik!)) ?? null);
  const fundsWithQuarter = sources.funds.filter((fund) => fund.quarterEnd !== null && (filters.fundCik === null || sameCik(fund.cik, filters.fundCik)));

  const kept: Row[] = [];
  for (const row of rows) {
    const extras = row.extras;
    if (aiSet.length > 0) {
      if (extras.aiScore === null) {
        unknown.ai += 1;
        continue;
      }
      if (!within(extras.aiScore, filters.minAiScore, filters.maxAiScore)) continue;
      if (filters.maxAiRank !== null && extras.aiRank! > filters.maxAiRank) continue;
      const ranges: [number | null, number | null, number | null, keyof typeof unknown][] = [
        [extras.return1m, filters.minReturn1m, filters.maxReturn1m, "return1m"],
        [extras.return3m, filters.minReturn3m, filters.maxReturn3m, "return3m"],
        [extras.return12m, filters.minReturn12m, filters.maxReturn12m, "return12m"],
        [extras.volatility60, filters.minVolatility, filters.maxVolatility, "volatility"],
      ];
      let out = false;
      for (const [value, min, max, key] of ranges) {
        if (min === null && max === null) continue;
        if (value === null) {
          unknown[key] += 1;
          out = true;
          break;
        }
        if (!within(value, min, max)) {
          out = true;
          break;
        }
      }
      if (out) continue;
    }
    if (earningsSet.length > 0) {
      if (!extras.earningsCovered) {
        unknown.notCovered += 1;
        continue;
      }
      if (extras.daysToReport === null) {
        unknown.noNextReport += 1;
        continue;
      }
      if (filters.maxDaysToReport !== null && extras.daysToReport > filters.maxDaysToReport) continue;
      if (beatSet) {
        if (extras.beatProbability === null) {
          unknown.noBeatProbability += 1;
          continue;
        }
        if (!within(extras.beatProbability, filters.minBeatProbability, filters.maxBeatProbability)) continue;
      }
    }
    if (sectors.size > 0) {
      if (row.sector === null) {
        unknown.sector += 1;
        continue;
      }
      if (!sectors.has(row.sector)) continue;
    }
    if (sentimentCeiling !== null) {
      // minSentiment (Basic) already left out rows without news; a ceiling alone must say so too.
      if (row.sentimentScore === null) {
        unknown.noNews += 1;
        continue;
      }
      if (row.sentimentScore > sentimentCeiling) continue;
    }
    if (filters.minArticles !== null && row.newsCount < filters.minArticles) continue;
    if (filters.minUpgrades !== null && row.analystUpgrades < filters.minUpgrades) continue;
    if (filters.maxDowngrades !== null && row.analystDowngrades > filters.maxDowngrades) continue;
    if (filters.minNetUpgrades !== null && row.analystUpgrades - row.analystDowngrades < filters.minNetUpgrades) continue;
    if (fundFilter !== null) {
      const positions = extras.fundHoldings.filter((holding) => filters.fundCik === null || sameCik(holding.cik, filters.fundCik));
      if (fundFilter === "any") {
        if (!positions.some((holding) => holding.changeKind !== "SOLD_OUT")) continue;
      } else {
        const wanted = CHANGE_OF_FILTER[fundFilter];
        if (!positions.some((holding) => holding.changeKind === wanted)) {
          // Held, but in a fund's first stored quarter: no earlier quarter to tell the change from.
          if (positions.some((holding) => holding.changeKind === null)) unknown.fundChangeUnknown += 1;
          continue;
        }
      }
    }
    kept.push(row);
  }

  const day = factorDay.day ?? "the screen's day";
  if (aiSet.length > 0 && sources.aiPicksStatus !== "READY") {
    warnings.push({
      code: "AI_PICKS_UNAVAILABLE",
      field: `advanced.${aiSet[0]}`,
      message: `No AI scores for ${day} (${sources.aiPicksStatus}): ${sources.aiPicksMessage ?? "the AI picks are not available"} ${aiSet.join(", ")} left out every row.`,
    });
  } else if (unknown.ai > 0) {
    warnings.push({
      code: "AI_SCORE_UNKNOWN",
      field: `advanced.${aiSet[0]}`,
      message:
        `${plural(unknown.ai, "symbol has", "symbols have")} no AI score on ${sources.aiPicksDate ?? day} (the model scores S&P 500 members ` +
        `with at least ${AI_MIN_BARS} daily bars) and ${was(unknown.ai)} left out by ${aiSet.join(", ")}.`,
    });
  }
  const returnNotes: [number, string, string][] = [
    [unknown.return1m, "1-month return", "minReturn1m"],
    [unknown.return3m, "3-month return", "minReturn3m"],
    [unknown.return12m, "12-month return", "minReturn12m"],
    [unknown.volatility, "60-day volatility", "minVolatility"],
  ];
  for (const [missing, label, field] of returnNotes) {
    if (missing === 0) continue;
    warnings.push({
      code: field === "minVolatility" ? "VOLATILITY_UNKNOWN" : "RETURN_UNKNOWN",
      field: `advanced.${field}`,
      message: `${plural(missing, "AI-scored symbol has", "AI-scored symbols have")} no ${label} (too few bars) and ${was(missing)} left out by its range.`,
    });
  }
  if (unknown.notCovered > 0) {
    warnings.push({
      code: "EARNINGS_NOT_COVERED",
      field: `advanced.${earningsSet[0]}`,
      message:
        `${plural(unknown.notCovered, "symbol is", "symbols are")} not covered by the earnings predictions (${sources.earnings}: about 80 ` +
        `S&P 100 companies) and ${was(unknown.notCovered)} left out by ${earningsSet.join(", ")}.`,
    });
  }
  if (unknown.noNextReport > 0) {
    warnings.push({
      code: "EARNINGS_NEXT_REPORT_UNKNOWN",
      field: `advanced.${earningsSet[0]}`,
      message: `${plural(unknown.noNextReport, "covered company has", "covered companies have")} no stored report after ${day} and ${was(unknown.noNextReport)} left out by ${earningsSet.join(", ")}.`,
    });
  }
  if (unknown.noBeatProbability > 0) {
    warnings.push({
      code: "BEAT_PROBABILITY_UNKNOWN",
      field: "advanced.minBeatProbability",
      message: `${plural(unknown.noBeatProbability, "covered company's next report has", "covered companies' next reports have")} no beat probability from the model and ${was(unknown.noBeatProbability)} left out.`,
    });
  }
  if (unknown.sector > 0) {
    warnings.push({
      code: "SECTOR_PARTIAL",
      field: "advanced.sectors",
      message: `${plural(unknown.sector, "symbol has", "symbols have")} no GICS sector in the bundled lists (sectors come with the S&P 500 list only) and ${was(unknown.sector)} left out by sectors.`,
    });
  }
  if (unknown.noNews > 0) {
    warnings.push({
      code: "SENTIMENT_UNKNOWN",
      field: "advanced.maxSentiment",
      message: `${plural(unknown.noNews, "symbol has", "symbols have")} no news from the chosen sources in the window, so no sentiment, and ${was(unknown.noNews)} left out by maxSentiment.`,
    });
  }
  if (fundFilter !== null) {
    if (filters.fundCik !== null && !chosenFund) {
      warnings.push({ code: "FUND_NOT_TRACKED", field: "advanced.fundCik", message: `No tracked fund has CIK ${filters.fundCik}, so the fund filter left out every row.` });
    } else if (fundsWithQuarter.length === 0) {
      const first = sources.funds
        .filter((fund) => filters.fundCik === null || sameCik(fund.cik, filters.fundCik))
        .map((fund) => fund.firstQuarterKnownFrom)
        .filter((known): known is string => known !== null)
        .sort()[0];
      warnings.push({
        code: "FUND_QUARTER_UNAVAILABLE",
        field: "advanced.fundChange",
        message:
          `No 13F quarter of ${chosenFund ? chosenFund.name : "the tracked funds"} was filed by ${day}` +
          `${first ? ` (the first stored one is known from ${first})` : ""}, so the fund filter left out every row.`,
      });
    } else {
      const missing = sources.funds.filter((fund) => fund.quarterEnd === null && (filters.fundCik === null || sameCik(fund.cik, filters.fundCik)));
      if (missing.length > 0) {
        warnings.push({
          code: "FUND_QUARTER_PARTIAL",
          field: "advanced.fundChange",
          message: `${plural(missing.length, "tracked fund has", "tracked funds have")} no 13F quarter filed by ${day} (${missing.map((fund) => fund.name).join(", ")}): their holdings could not be checked.`,
        });
      }
    }
    if (unknown.fundChangeUnknown > 0) {
      warnings.push({
        code: "FUND_CHANGE_UNKNOWN",
        field: "advanced.fundChange",
        message:
          `${plural(unknown.fundChangeUnknown, "symbol is", "symbols are")} held in a fund's first stored quarter, which has no earlier quarter to ` +
          `compare with, so ${unknown.fundChangeUnknown === 1 ? "its" : "their"} change is unknown and ${was(unknown.fundChangeUnknown)} left out by fundChange.`,
      });
    }
  }
  if (filters.minUpgrades !== null || filters.maxDowngrades !== null || filters.minNetUpgrades !== null) {
    warnings.push({
      code: "ANALYST_ACTIONS_FROM_NEWS",
      field: "advanced.minUpgrades",
      message:
        "Upgrades and downgrades are the analyst actions recognised in the chosen sources' articles of the news window " +
        "(Yahoo's rating records count with the Yahoo source); a row without such an article counts 0 of each.",
    });
  }
  return kept;
}

/** What the data could not fill for the matched Pro rows, with counts (no filter needed). */
export function proCoverageWarnings(rows: ProCandidate[], factorDay: FactorDay, warnings: ScreenWarning[]): void {
  const total = rows.length;
  if (total === 0) return;
  const { sources } = factorDay;
  const withAi = rows.filter((row) => row.extras.aiScore !== null).length;
  if (withAi < total) {
    warnings.push({
      code: "AI_SCORE_PARTIAL",
      field: null,
      message:
        sources.aiPicksStatus === "READY"
          ? `AI score, rank, returns and volatility are known for ${count(withAi)} of ${plural(total, "row", "rows")}: the model scored ${sources.aiPicksDate} ` +
            `for S&P 500 members with at least ${AI_MIN_BARS} daily bars.`
          : `No AI scores for this day (${sources.aiPicksStatus}): ${sources.aiPicksMessage ?? "the AI picks are not available"}`,
    });
  }
  const withReport = rows.filter((row) => row.extras.daysToReport !== null).length;
  if (withReport < total) {
    warnings.push({
      code: "EARNINGS_PREDICTIONS_PARTIAL",
      field: null,
      message: `Beat probability and days to the next report are known for ${count(withReport)} of ${plural(total, "row", "rows")} (${sources.earnings}: about 80 S&P 100 companies).`,
    });
  }
  const noQuarter = sources.funds.filter((fund) => fund.quarterEnd === null);
  if (sources.funds.length === 0) {
    warnings.push({ code: "FUND_QUARTER_UNAVAILABLE", field: null, message: "No 13F holdings are loaded, so the fund column is empty." });
  } else if (noQuarter.length > 0) {
    warnings.push({
      code: "FUND_QUARTER_UNAVAILABLE",
      field: null,
      message: `No 13F quarter filed by ${factorDay.day ?? "the screen's day"} for ${noQuarter.map((fund) => fund.name).join(", ")}: the fund column cannot show ${noQuarter.length === 1 ? "its" : "their"} holdings.`,
    });
  }
}
