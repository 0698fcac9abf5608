import { packBars, unpackBars } from "../market-data/packed-bars";
import type { BarHistory, TickerBars } from "../market-data/technicals-store";
import { closeWorkerPool } from "../workers/worker-pool";
import { unwrapTransferring } from "../workers/worker-protocol";
import { aiPicksWorker, computePass, featuresOf, featureValues, priceInputs, type PassInputs } from "./ai-picks-compute";
import { packNews, unpackNews, type NewsRow } from "./news-inputs";
import { weekdays } from "../../test/synthetic-days";

afterAll(() => closeWorkerPool());

/**
 * 30 seeded random walks and SPY (the market proxy), with what real data has: tickers that start
 * late, missing bars, bars without volume, and a second source for the last month.
 */
function fixture(days: string[]): BarHistory {
  let seed = 11;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const byTicker = new Map<string, TickerBars>();
  for (const ticker of ["SPY", ...Array.from({ length: 30 }, (_, index) => `T${String(index).padStart(2, "0")}`)]) {
    const drift = (random() - 0.5) / 1_000;
    const start = ticker === "T07" ? 150 : 0;
    const kept = days.slice(start).filter((_, index) => ticker !== "T11" || index % 17 !== 5);
    let close = 20 + random() * 200;
    byTicker.set(ticker, {
      dates: kept,
      closes: kept.map(() => (close *= 1 + drift + (random() - 0.5) * 0.05)),
      volumes: kept.map((_, index) => (ticker === "T03" && index % 13 === 0 ? null : Math.round(1e6 * (0.5 + random())))),
      sources: kept.map((_, index) => (index >= kept.length - 21 ? "yahoo" : "alphavantage-snapshot")),
    });
  }
  const last = days.at(-1)!;
  return {
    byTicker,
    tradingDays: days,
    sourceRanges: [
      { source: "alphavantage-snapshot", first: days[0], last: days.at(-22)! },
      { source: "yahoo", first: days.at(-21)!, last },
    ],
  };
}

const days = weekdays(460);
const history = fixture(days);
const news: NewsRow[] = Array.from({ length: 30 }, (_, index) => `T${String(index).padStart(2, "0")}`).flatMap((ticker, row) =>
  days
    .filter((_, index) => index % (5 + (row % 7)) === 0)
    .map((day, index) => ({ ticker, publishedAt: new Date(`${day}T${index % 2 ? "00:00" : "14:30"}:00Z`), timeKnown: index % 2 === 0, score: ((index * 7 + row) % 9) / 4 - 1, rating: index % 11 === 0 ? 1 : index % 13 === 0 ? -1 : 0 })),
);
const passInputs = async (): Promise<PassInputs> => ({ bars: await packBars(history), news: packNews(news), earnings: [], shownDays: [days.at(-1)!, days.at(-30)!, days.at(-1)!], pointInTimeMembers: false, minTrainingDays: 4 });

describe("the AI picks computation in a worker thread", () => {
  it("packs bars and news for a worker and back, value for value", async () => {
    const unpacked = unpackBars(await packBars(history));
    expect([...unpacked.byTicker.keys()]).toEqual([...history.byTicker.keys()]);
    expect(unpacked).toStrictEqual(history);
    expect(unpackNews(packNews(news))).toStrictEqual(news);
  });

  it("computes the same features in a worker as in-process", async () => {
    const inProcess = await priceInputs(history);
    expect(inProcess.marketProxy).toMatch(/^SPY/);
    const inWorker = await aiPicksWorker.run("featureValues", [await packBars(history)]);
    expect(inWorker.marketProxy).toBe(inProcess.marketProxy);
    expect(featuresOf(history, inWorker)).toStrictEqual(inProcess.features);
    expect(featuresOf(history, unwrapTransferring(await featureValues(await packBars(history))))).toStrictEqual(inProcess.features);
  });

  it("gives the same pass in a worker as in-process, bit for bit", async () => {
    const inProcess = await computePass(await passInputs());
    expect(inProcess.rebalances).toBeGreaterThan(3);
    expect(inProcess.days).toEqual([days.at(-1), days.at(-30)]);
    expect(inProcess.runs).toHaveLength(inProcess.rebalances + 2);
    expect(inProcess.runs.filter((run) => run.outcome !== null)).toHaveLength(inProcess.rebalances - 1);
    const inputs = await passInputs();
    const inWorker = await aiPicksWorker.run("computePass", [inputs], { transfer: [inputs.news.times.buffer as ArrayBuffer] });
    expect(inWorker).toStrictEqual(inProcess);
  });
});
