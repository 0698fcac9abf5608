import { loadIndicatorLibrary } from "../market-data/technicals";
import type { BarHistory, TickerBars } from "../market-data/technicals-store";
import { historyFeatures } from "./features";
import { newsIndexOf } from "./news-inputs";
import { trackRecord } from "./track-record";
import { crossSection, monthStarts, scoreDay, walkForward, type ScoredDay, type WalkForwardInput } from "./walk-forward";
import { weekdays } from "../../test/synthetic-days";

/** 40 tickers of seeded random walks with their own drift, so some trends persist for the model to find. */
function syntheticHistory(days: string[]): BarHistory {
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
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

async function inputsOf(history: BarHistory, articles: { ticker: string; publishedAt: Date; timeKnown: boolean; score: number }[]): Promise<WalkForwardInput> {
  return { features: await historyFeatures(history, null, await loadIndicatorLibrary()), tradingDays: history.tradingDays, news: newsIndexOf(articles) };
}

const days = weekdays(420);
const history = syntheticHistory(days);
const articles = days.filter((_, index) => index % 9 === 0).map((day, index) => ({
  ticker: `T${String(index % 40).padStart(2, "0")}`,
  publishedAt: new Date(`${day}T15:00:00Z`),
  timeKnown: true,
  score: ((index % 7) - 3) / 4,
}));

/** The same history with every bar after `day` changed (closes tripled, volumes ×5) and news after it added. */
function changedAfter(day: string): { history: BarHistory; articles: typeof articles } {
  const byTicker = new Map<string, TickerBars>();
  for (const [ticker, bars] of history.byTicker) {
    byTicker.set(ticker, {
      ...bars,
      closes: bars.closes.map((close, index) => (bars.dates[index] > day ? close * 3 : close)),
      volumes: bars.volumes.map((volume, index) => (bars.dates[index] > day ? volume! * 5 : volume)),
    });
  }
  const later = days.filter((date) => date > day).map((date) => ({ ticker: "T03", publishedAt: new Date(`${date}T10:00:00Z`), timeKnown: true, score: 1 }));
  return { history: { ...history, byTicker }, articles: [...articles, ...later] };
}

const picksOf = (scored: ScoredDay | null | undefined) => scored?.picks.map(({ ticker, rank, score, aiScore, factors, newsArticles }) => ({ ticker, rank, score, aiScore, factors, newsArticles }));

describe("the AI picks walk-forward model", () => {
  let input: WalkForwardInput;
  let rebalances: ScoredDay[];
  beforeAll(async () => {
    input = await inputsOf(history, articles);
    rebalances = await walkForward(input);
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
    expect(rebalances.length).toBeGreaterThanOrEqual(3);
    expect(monthStarts(days)).toEqual(expect.arrayContaining(rebalances.map((rebalance) => rebalance.date)));
    for (const rebalance of rebalances) {
      expect(rebalance.picks).toHaveLength(40);
      expect(rebalance.picks.map((pick) => pick.rank)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      expect(rebalance.picks.every((pick) => pick.aiScore > 0 && pick.aiScore < 1)).toBe(true);
      // The model trains only on days whose 21-day outcome is known by the rebalance.
      expect(rebalance.model.trainingThrough! < rebalance.date).toBe(true);
    }
    // A pick's score is its intercept plus the contributions shown beside it.
    const [first] = rebalances[0].picks;
    const total = first.factors.reduce((sum, factor) => sum + factor.contribution, rebalances[0].model.intercept);
    expect(first.score).toBeCloseTo(total, 12);
  });

  it.each([["a rebalance day", 1], ["a day between rebalances", 1.5]])("gives the same picks on %s whatever happens after it (no look-ahead)", async (_label, position) => {
    const rebalanceIndex = Math.floor(position);
    const day =
      position === rebalanceIndex ? rebalances[rebalanceIndex].date : days[days.indexOf(rebalances[rebalanceIndex].date) + 7];
    const changed = changedAfter(day);
    const changedInput = await inputsOf(changed.history, changed.articles);
    const changedRebalances = await walkForward(changedInput);
    const before = rebalances.filter((rebalance) => rebalance.date <= day);
    expect(changedRebalances.filter((rebalance) => rebalance.date <= day).map(picksOf)).toEqual(before.map(picksOf));
    expect(picksOf(scoreDay(changedInput, changedRebalances, day))).toEqual(picksOf(scoreDay(input, rebalances, day)));
    // The change is real: later rebalances differ.
    expect(changedRebalances.filter((rebalance) => rebalance.date > day).map(picksOf)).not.toEqual(rebalances.filter((rebalance) => rebalance.date > day).map(picksOf));
  });

  it("counts only the news of the 7 days to the day, and calls a ticker without any neutral", () => {
    const day = rebalances[0].date;
    for (const pick of rebalances[0].picks) {
      const news = pick.factors.find((factor) => factor.factor === "newsSentiment")!;
      const expected = input.news.at(pick.ticker, day);
      expect(pick.newsArticles).toBe(expected.articles);
      expect(news.input).toBe(expected.meanScore);
      if (expected.articles === 0) expect(Math.abs(news.contribution)).toBe(0);
    }
  });

  it("measures a track record of every completed rebalance, leaving the open one out", () => {
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
  });
});
