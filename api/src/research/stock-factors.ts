// The Pro research figures of every stock on one day, read from what the AI picks, earnings and 13F
// domains stored: one service for Research & Compare and the Pro Screener. Everything is point in
// time: the AI pick scored on the day, the next earnings report after it (with the probability the
// model gave before that report), and the 13F quarters already filed by then.
import type { AppDeps } from "../context";
import type { Database } from "../db/database";
import { aiPicksDay, type AiPicksStatus } from "../ai-picks/ai-picks";
import { dayWithoutAsOf } from "../market-data/as-of";
import { earningsSnapshotSource } from "../earnings/earnings-files";
import { fundHistory, fundHistoryAsOf, knownFromOf, SOURCE_LABELS } from "../hedge-funds/hedge-funds";
import type { ChangeKind } from "../hedge-funds/quarter-changes";

type Deps = Pick<AppDeps, "db" | "technicals">;

export type FundPosition = {
  cik: string;
  fundName: string;
  quarterEnd: string;
  /** The filing date, or the 45-day deadline when the filing date is not stored. */
  knownFrom: string;
  shares: number;
  value: number;
  percentPortfolio: number;
  changeKind: ChangeKind | null;
  sharesChange: number | null;
  source: string;
  filingUrl: string;
};

export type NextReport = {
  date: string;
  /** Calendar days from the day to the report. */
  daysTo: number;
  /** 0–1, as the model gave it before the report; null when it gave none. */
  beatProbability: number | null;
  baseRate: number | null;
  consensusEps: number | null;
};

export type AiPickFactors = {
  rank: number;
  /** How many tickers were ranked that day. */
  rankedOf: number;
  aiScore: number;
  returns1m: number | null;
  returns3m: number | null;
  returns12m: number | null;
  /** Annualised 60-day volatility of daily log returns. */
  volatility60: number | null;
};

export type StockFactors = {
  ticker: string;
  ai: AiPickFactors | null;
  /** Null when the earnings data does not cover the ticker, or has no report after the day. */
  nextReport: NextReport | null;
  /** True when the earnings data covers the ticker at all. */
  earningsCovered: boolean;
  /** The first report the earnings data holds for the ticker (before it, the next report is unknown). */
  earningsFrom: string | null;
  /** Positions of the tracked funds in their latest quarter filed by the day (sold out included). */
  fundPositions: FundPosition[];
};

export type FactorSources = {
  /** The trading day the AI picks were scored on; null when there are none. */
  aiPicksDate: string | null;
  aiPicksStatus: AiPicksStatus;
  aiPicksMessage: string | null;
  earnings: string;
  /** Each tracked fund's quarter used (null when none was filed by the day). */
  funds: { cik: string; name: string; quarterEnd: string | null; knownFrom: string | null; firstQuarterKnownFrom: string | null }[];
};

export type FactorDay = { day: string | null; byTicker: Map<string, StockFactors>; sources: FactorSources };

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type StoredReport = { date: string; beatProbability: number | null; baseRate: number | null; consensusEps: number | null };

/** Every ticker's reports, oldest first; kept a minute per database (they change only at a load or refresh). */
const reportCache = new WeakMap<Database, { expires: number; reports: Promise<Map<string, StoredReport[]>> }>();

function reportsByTicker(db: Database): Promise<Map<string, StoredReport[]>> {
  const cached = reportCache.get(db);
  if (cached && cached.expires > Date.now()) return cached.reports;
  const reports = db.prisma.earningsPrediction
    .findMany({
      where: { earningsDate: { not: null } },
      select: { ticker: true, earningsDate: true, beatProbability: true, baseRate: true, consensusEps: true },
      orderBy: [{ ticker: "asc" }, { earningsDate: "asc" }],
    })
    .then((rows) => {
      const byTicker = new Map<string, StoredReport[]>();
      for (const row of rows) {
        const list = byTicker.get(row.ticker) ?? [];
        byTicker.set(row.ticker, list);
        list.push({
          date: row.earningsDate!.toISOString().slice(0, 10),
          beatProbability: row.beatProbability === null ? null : Number((row.beatProbability.toNumber() / 100).toFixed(4)),
          baseRate: row.baseRate === null ? null : Number((row.baseRate.toNumber() / 100).toFixed(4)),
          consensusEps: row.consensusEps?.toNumber() ?? null,
        });
      }
      return byTicker;
    });
  reports.catch(() => reportCache.delete(db));
  reportCache.set(db, { expires: Date.now() + 60_000, reports });
  return reports;
}

/** The first report strictly after the day (a report on the day itself is already out, or about to be). */
/** Longest gap between two quarterly reports of one company (a fiscal year's 10-K comes later than a 10-Q). */
const MAX_DAYS_BETWEEN_REPORTS = 120;

/**
 * The first report after `day`, or null: none stored after it, or the day falls more than a quarter
 * before the company's first stored report (the data starts later, so the report after the day is unknown).
 */
export function nextReportAfter(reports: StoredReport[] | undefined, day: string): NextReport | null {
  const index = reports?.findIndex((report) => report.date > day) ?? -1;
  if (index < 0) return null;
  const next = reports![index];
  const daysTo = daysBetween(day, next.date);
  if (index === 0 && daysTo > MAX_DAYS_BETWEEN_REPORTS) return null;
  return { ...next, daysTo };
}

async function trackedFundQuarters(db: Database, day: string) {
  const funds = await db.prisma.hedgeFund.findMany({ select: { cik: true }, orderBy: { cik: "asc" } });
  const histories = await Promise.all(funds.map(({ cik }) => fundHistory(db, cik)));
  return histories.flatMap((history) => {
    if (!history) return [];
    const quarter = fundHistoryAsOf(history, day).quarters[0] ?? null;
    const oldest = history.quarters.at(-1);
    return [{ fund: history.fund, quarter, firstQuarterKnownFrom: oldest ? knownFromOf(oldest) : null }];
  });
}

/**
 * Every ticker's Pro research figures as of `asOf` (YYYY-MM-DD within the stored prices, or null for
 * the app's as-of; BAD_USER_INPUT naming asOf otherwise). Tickers with none of them are absent.
 */
export async function factorsOn(deps: Deps, asOf: string | null): Promise<FactorDay> {
  const picks = await aiPicksDay(deps, asOf, "default");
  // Before the first AI picks pass there is no scored day: the earnings and 13F figures still answer for the app's as-of.
  const day = picks.date ?? asOf ?? (await dayWithoutAsOf(deps.db, "default"));
  const byTicker = new Map<string, StockFactors>();
  const entry = (ticker: string) => {
    let factors = byTicker.get(ticker);
    if (!factors) {
      factors = { ticker, ai: null, nextReport: null, earningsCovered: false, earningsFrom: null, fundPositions: [] };
      byTicker.set(ticker, factors);
    }
    return factors;
  };
  for (const pick of picks.picks) {
    entry(pick.ticker).ai = {
      rank: pick.rank,
      rankedOf: picks.picks.length,
      aiScore: pick.aiScore,
      returns1m: pick.returns1m,
      returns3m: pick.returns3m,
      returns12m: pick.returns12m,
      volatility60: pick.factors.find((factor) => factor.factor === "volatility60")?.input ?? null,
    };
  }
  const funds: FactorSources["funds"] = [];
  if (day !== null) {
    for (const [ticker, reports] of await reportsByTicker(deps.db)) {
      const factors = entry(ticker);
      factors.earningsCovered = true;
      factors.earningsFrom = reports[0]?.date ?? null;
      factors.nextReport = nextReportAfter(reports, day);
    }
    for (const { fund, quarter, firstQuarterKnownFrom } of await trackedFundQuarters(deps.db, day)) {
      funds.push({ cik: fund.cik, name: fund.name, quarterEnd: quarter?.quarterEnd ?? null, knownFrom: quarter ? knownFromOf(quarter) : null, firstQuarterKnownFrom });
      if (!quarter) continue;
      for (const change of quarter.comparison.changes) {
        if (!change.position.tickerMapped) continue;
        entry(change.position.ticker).fundPositions.push({
          cik: fund.cik,
          fundName: fund.name,
          quarterEnd: quarter.quarterEnd,
          knownFrom: knownFromOf(quarter),
          shares: change.shares,
          value: change.value,
          percentPortfolio: change.percentPortfolio,
          changeKind: change.kind,
          sharesChange: change.sharesChange,
          source: SOURCE_LABELS[quarter.source] ?? quarter.source,
          filingUrl: quarter.filingUrl,
        });
      }
    }
  }
  return {
    day,
    byTicker,
    sources: { aiPicksDate: picks.date, aiPicksStatus: picks.status, aiPicksMessage: picks.message, earnings: earningsSnapshotSource, funds },
  };
}
