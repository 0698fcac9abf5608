import { loadIndicatorLibrary } from "../market-data/technicals";
import type { BarHistory, TickerBars } from "../market-data/technicals-store";
import { seededRandom } from "../shared/statistics";
import { earningsIndexOf, type EarningsRow } from "./earnings-inputs";
import { historyFeatures } from "./features";
import { closeInstant, newsIndexOf, type NewsRow } from "./news-inputs";
import { trackRecord } from "./track-record";
import {
  CALIBRATION_PRIOR_MONTHS,
  CANDIDATES,
  crossSection,
  DEFAULT_CANDIDATE,
  MIN_SELECTION_MONTHS,
  monthStarts,
  scoreDay,
  walkForward,
  type ScoredDay,
  type WalkForwardInput,
} from "./walk-forward";
import { weekdays } from "../../test/synthetic-days";

/** 40 tickers of seeded random walks with their own drift, so some trends persist for the model to find. */
function syntheticHistory(days: string[]): BarHistory {
  const random = seededRandom(7);
  const byTicker = new Map<string, TickerBars>();
  for (let index = 0; index < 40; index++) {
    const drift = (index - 20) / 20_000;
    let close = 50 + index;
    const closes = days.map(() => (close *= 1 + drift + (random() - 0.5) * 0.04));
    byTicker.set(`T${String(index).padStart(2, "0")}`, {
      dates: days,
      closes,
      volumes: days.map(() => Math.round(1e6 * (0.5 + random()))),
      sources: days.map(() => "synthetic"),
    });
  }
  return { byTicker, tradingDays: days, sourceRanges: [{ source: "synthetic", first: days[0], last: days.at(-1)! }] };
}

const MIN_DAYS = 6;
const ticker = (index: number) => `T${String(index % 40).padStart(2, "0")}`;

async function inputsOf(history: BarHistory, articles: NewsRow[], reports: EarningsRow[]): Promise<WalkForwardInput> {
  return {
    features: await historyFeatures(history, null, await loadIndicatorLibrary()),
    tradingDays: history.tradingDays,
    news: newsIndexOf([...articles].sort((a, b) => a.ticker.localeCompare(b.ticker) || a.publishedAt.getTime() - b.publishedAt.getTime())),
    earnings: earningsIndexOf(reports),
    sectorOf: (name) => (Number(name.slice(1)) % 2 ? "Odd" : "Even"),
  };
}

const days = weekdays(620);
const history = syntheticHistory(days);
const articles: NewsRow[] = days
  .filter((_, index) => index % 3 === 0)
  .map((day, index) => ({ ticker: ticker(index), publishedAt: new Date(`${day}T15:00:00Z`), timeKnown: true, score: ((index % 7) - 3) / 4, rating: index % 5 === 0 ? 1 : index % 7 === 0 ? -1 : 0 }));
const reports: EarningsRow[] = days
  .filter((_, index) => index % 4 === 0)
  .map((day, index) => ({ ticker: ticker(index), date: day, reportTime: index % 2 ? "after_close" : "before_open", surprise: ((index % 11) - 4) * 1.5 }));

/**
 * The same history with everything after `day` changed non-uniformly: each ticker's later bars
 * follow a random walk of their own (so ranks of windows straddling the day change too), volumes
 * are redrawn, and articles, ratings and earnings reports are added after the day's close (timed
 * ones after 16:00 New York, date-only ones and after-close reports on the day itself).
 */
function changedAfter(day: string): { history: BarHistory; articles: NewsRow[]; reports: EarningsRow[] } {
  const random = seededRandom(99);
  const byTicker = new Map<string, TickerBars>();
  for (const [name, bars] of history.byTicker) {
    const drift = (random() - 0.5) * 0.02;
    let factor = 1;
    byTicker.set(name, {
      ...bars,
      closes: bars.closes.map((close, index) => (bars.dates[index] > day ? close * (factor *= 1 + drift + (random() - 0.5) * 0.03) : close)),
      volumes: bars.volumes.map((volume, index) => (bars.dates[index] > day ? Math.round(1e6 * (0.2 + 3 * random())) : volume)),
    });
  }
  const afterClose = new Date(closeInstant(day) + 60_000);
  const later = [
    ...Array.from({ length: 40 }, (_, index) => ({ ticker: ticker(index), publishedAt: afterClose, timeKnown: true, score: index % 2 ? 1 : -1, rating: index % 3 ? 1 : -1 })),
    ...Array.from({ length: 40 }, (_, index) => ({ ticker: ticker(index), publishedAt: new Date(`${day}T12:00:00Z`), timeKnown: false, score: index % 2 ? -1 : 1, rating: -1 })),
    ...days.filter((date) => date > day).map((date, index) => ({ ticker: ticker(index), publishedAt: new Date(`${date}T10:00:00Z`), timeKnown: true, score: 1, rating: 1 })),
  ];
  const laterReports = [
    ...Array.from({ length: 40 }, (_, index) => ({ ticker: ticker(index), date: day, reportTime: "after_close", surprise: 40 - index })),
    ...days.filter((date) => date > day).map((date, index) => ({ ticker: ticker(index), date, reportTime: "before_open", surprise: 30 })),
  ];
  return { history: { ...history, byTicker }, articles: [...articles, ...later], reports: [...reports, ...laterReports] };
}

const picksOf = (scored: ScoredDay | null | undefined) =>
  scored?.picks.map(({ ticker, rank, score, aiScore, factors, newsArticles, signals }) => ({ ticker, rank, score, aiScore, factors, newsArticles, signals }));

describe("the AI picks walk-forward model", () => {
  let input: WalkForwardInput;
  let rebalances: ScoredDay[];
  beforeAll(async () => {
    input = await inputsOf(history, articles, reports);
    rebalances = await walkForward(input, { minTrainingDays: MIN_DAYS });
  });

  it("scores only the index's members of each day when given them (point in time)", () => {
    const day = days.at(-1)!;
    expect(crossSection(input, day).tickers).toHaveLength(40);
    const members = new Set(["T01", "T02", "T39"]);
    const asked: string[] = [];
    const section = crossSection({ ...input, membersOn: (on) => (asked.push(on), members) }, day);
    expect(section.tickers.sort()).toEqual(["T01", "T02", "T39"]);
    expect(asked).toEqual([day]);
  });

  it("starts at the first month with enough training samples and scores every ticker with a year of history", () => {
    expect(rebalances.length).toBeGreaterThanOrEqual(MIN_SELECTION_MONTHS + 3);
    expect(monthStarts(days)).toEqual(expect.arrayContaining(rebalances.map((rebalance) => rebalance.date)));
    for (const rebalance of rebalances) {
      expect(rebalance.picks).toHaveLength(40);
      expect(rebalance.picks.map((pick) => pick.rank)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      expect(rebalance.model.trainingSamples).toBeGreaterThanOrEqual(MIN_DAYS * 40);
      // The model trains only on days whose 21-day outcome is known by the rebalance.
      expect(rebalance.model.trainingThrough! < rebalance.date).toBe(true);
    }
  });

  it("chooses each month's model from the candidates' records of earlier months only, the composite until there are enough", () => {
    rebalances.forEach((rebalance, index) => {
      const { selection, candidate } = rebalance.model;
      expect(selection.map((record) => record.candidate)).toEqual(CANDIDATES.map((entry) => entry.id));
      // Each earlier rebalance adds a month to every record (its outcome known at this close); a
      // candidate that scored every ticker alike (trees too small to split) has no IC that month.
      for (const record of selection) expect(record.months).toBeLessThanOrEqual(index);
      expect(selection.find((record) => record.candidate === "composite")!.months).toBe(index);
      if (index < MIN_SELECTION_MONTHS) expect(candidate).toBe(DEFAULT_CANDIDATE);
      else {
        const eligible = selection.filter((record) => record.months >= MIN_SELECTION_MONTHS);
        expect(selection.find((record) => record.candidate === candidate)!.meanIc).toBe(Math.max(...eligible.map((record) => record.meanIc!)));
      }
    });
  });

  it("explains every score: the contributions beside a pick add up to it", () => {
    for (const rebalance of rebalances) {
      const { fit } = rebalance.model;
      const base = fit.kind === "ridge" ? fit.intercept : fit.kind === "gbt" ? fit.base : 0;
      for (const pick of rebalance.picks.slice(0, 3)) {
        expect(pick.score).toBeCloseTo(pick.factors.reduce((sum, factor) => sum + factor.contribution, base), 9);
      }
    }
  });

  it("calibrates the AI score on the out-of-sample record only, at 50 % until there is one and pulled toward 50 % after", () => {
    rebalances.forEach((rebalance, index) => {
      const { calibration } = rebalance.model;
      if (index < MIN_SELECTION_MONTHS) {
        expect(calibration.shrink).toBe(0);
        expect(rebalance.picks.every((pick) => pick.aiScore === 0.5)).toBe(true);
      } else {
        expect(calibration.shrink).toBeCloseTo(calibration.months / (calibration.months + CALIBRATION_PRIOR_MONTHS), 12);
        expect(rebalance.picks.every((pick) => pick.aiScore > 0 && pick.aiScore < 1)).toBe(true);
      }
    });
  });

  it.each([
    ["a rebalance day", 2],
    ["a rebalance day after the choice starts", MIN_SELECTION_MONTHS + 1],
    ["a day between rebalances", 2.5],
  ])("gives the same picks on or before %s whatever happens after its close (no look-ahead)", async (_label, position) => {
    const rebalanceIndex = Math.floor(position);
    const day = position === rebalanceIndex ? rebalances[rebalanceIndex].date : days[days.indexOf(rebalances[rebalanceIndex].date) + 7];
    const changed = changedAfter(day);
    const changedInput = await inputsOf(changed.history, changed.articles, changed.reports);
    const changedRebalances = await walkForward(changedInput, { minTrainingDays: MIN_DAYS });
    const before = rebalances.filter((rebalance) => rebalance.date <= day);
    expect(changedRebalances.filter((rebalance) => rebalance.date <= day).map(picksOf)).toEqual(before.map(picksOf));
    expect(changedRebalances.filter((rebalance) => rebalance.date <= day).map((rebalance) => rebalance.model)).toEqual(before.map((rebalance) => rebalance.model));
    expect(picksOf(scoreDay(changedInput, changedRebalances, day))).toEqual(picksOf(scoreDay(input, rebalances, day)));
    // The change is real: later rebalances differ.
    expect(changedRebalances.filter((rebalance) => rebalance.date > day).map(picksOf)).not.toEqual(rebalances.filter((rebalance) => rebalance.date > day).map(picksOf));
  });

  it("reads the news known at the day's close: timed articles up to 16:00 New York, date-only ones from the next day", () => {
    const day = "2020-03-10"; // EDT: the close is 20:00 UTC
    const row = (publishedAt: string, timeKnown: boolean, score: number): NewsRow => ({ ticker: "X", publishedAt: new Date(publishedAt), timeKnown, score, rating: 0 });
    const news = newsIndexOf([
      row("2020-03-09T12:00:00Z", false, 1),
      row("2020-03-10T12:00:00Z", false, -1),
      row("2020-03-10T19:59:00Z", true, 0.5),
      row("2020-03-10T20:01:00Z", true, -1),
    ]);
    expect(news.at("X", day)).toMatchObject({ articles: 2, meanScore: 0.75 });
    expect(news.at("X", "2020-03-11")).toMatchObject({ articles: 4 });
  });

  it("reads an earnings report at the day's close only when it came before the close", () => {
    const earnings = earningsIndexOf([
      { ticker: "X", date: "2020-01-28", reportTime: "before_open", surprise: 10 },
      { ticker: "X", date: "2020-04-28", reportTime: "after_close", surprise: -4 },
    ]);
    expect(earnings.at("X", "2020-01-27").surprise).toBeNull();
    expect(earnings.at("X", "2020-01-28").surprise).toBe(10);
    expect(earnings.at("X", "2020-04-28").surprise).toBe(10);
    expect(earnings.at("X", "2020-04-29").surprise).toBe(-4);
  });

  it("measures a track record of every completed rebalance against the baselines, each mean with an interval", () => {
    const record = trackRecord(rebalances, input.features, days);
    expect(record.months).toBe(rebalances.length - 1);
    expect([...record.outcomes.keys()]).toEqual(rebalances.slice(0, -1).map((rebalance) => rebalance.date));
    const universe = record.strategies.find((strategy) => strategy.strategy === "universe")!;
    expect(universe.annualisedExcessReturn).toBe(0);
    // The universe's first period: the mean of every ticker's close-to-close return, at no cost.
    const [first, second] = rebalances;
    const returns = first.picks.map((pick) => {
      const series = input.features.get(pick.ticker)!;
      return series.closes[series.dates.indexOf(second.date)] / pick.price - 1;
    });
    expect(record.outcomes.get(first.date)!.returns.universe).toBeCloseTo(returns.reduce((sum, value) => sum + value, 0) / returns.length, 12);
    for (const key of ["model_top5", "momentum_top5", "reversal_top5", "lowVolatility_top5", "composite_top5"]) {
      const strategy = record.strategies.find((entry) => entry.strategy === key)!;
      expect(strategy.icInterval!.low).toBeLessThanOrEqual(strategy.meanIc!);
      expect(strategy.icInterval!.high).toBeGreaterThanOrEqual(strategy.meanIc!);
      expect(strategy.monthlyExcessInterval).not.toBeNull();
    }
    expect(record.sensitivity.map((row) => `${row.picks}@${row.costBps}`)).toEqual(["5@10", "5@25", "10@10", "10@25", "decile@10", "decile@25"]);
    expect(record.choices.reduce((sum, choice) => sum + choice.months, 0)).toBe(record.months);
  });
});
