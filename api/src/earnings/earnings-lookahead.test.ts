// Look-ahead proof of the beat model: rewriting everything after a day D (prices, outcomes, new
// reports) must leave every prediction for a report dated on or before D bit-identical. The
// perturbation differs by ticker and by report, so no shift that cancels out (a uniform scale of
// prices, the same change to every outcome) could hide a leak.
import { seededRandom } from "../shared/statistics";
import { walkForward, type DailyClose, type Prediction, type PriceLookup } from "./beat-model";
import { bundledCloses } from "./bundled-closes";
import { sectorOf } from "./earnings-compute";
import { readEarningsDirectory, type EarningsReport } from "./earnings-files";

/** Mid-season (reports on the day itself, earlier and later in its month) and inside the bundled prices (to 2021-04-21). */
const D = "2020-10-22";
const LAST_EXTRA_DAY = Date.parse("2025-12-31");

const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every close after D drifts by the ticker's own daily rate, plus noise. */
function perturbedCloses(original: PriceLookup, tickers: string[], random: () => number): PriceLookup {
  const closes = new Map<string, DailyClose[]>();
  for (const ticker of tickers) {
    const series = original(ticker);
    if (!series) continue;
    const drift = (random() - 0.5) * 0.02;
    let step = 0;
    closes.set(
      ticker,
      series.map((bar) => (bar.date <= D ? bar : { date: bar.date, close: bar.close * Math.exp(drift * ++step + (random() - 0.5) * 0.05) })),
    );
  }
  return (ticker) => closes.get(ticker);
}

/** Every report after D gets another actual EPS and surprise (reported or not before), and some tickers gain reports after D. */
function perturbedReports(original: Map<string, EarningsReport[]>, random: () => number): Map<string, EarningsReport[]> {
  const perturbed = new Map<string, EarningsReport[]>();
  const randomOutcome = (consensusEps: number) => {
    const actualEps = Number((consensusEps * (0.6 + random() * 0.8) + (random() - 0.5) * 0.2).toFixed(2));
    return { actualEps, surprisePercent: random() < 0.3 ? null : Number(((random() - 0.4) * 80).toFixed(2)) };
  };
  for (const [ticker, reports] of original) {
    const changed = reports.map((report) => (report.date <= D ? { ...report } : { ...report, ...randomOutcome(report.consensusEps ?? 1) }));
    const extras = random() < 0.6 ? 1 + Math.floor(random() * 3) : 0;
    for (let extra = 0; extra < extras; extra++) {
      const date = dayAfter(D, 1 + Math.floor(random() * ((LAST_EXTRA_DAY - Date.parse(D)) / 86_400_000)));
      const consensusEps = Number((0.2 + random() * 4).toFixed(2));
      changed.push({ ticker, announcedAt: `${date}T07:00:00-05:00`, date, reportTime: "before_open", consensusEps, ...randomOutcome(consensusEps) });
    }
    perturbed.set(ticker, changed);
  }
  // A company that only starts reporting after D joins the pool too.
  perturbed.set(
    "NEWCO",
    Array.from({ length: 8 }, (_, quarter) => {
      const date = dayAfter(D, 30 + quarter * 91);
      return { ticker: "NEWCO", announcedAt: `${date}T16:05:00-05:00`, date, reportTime: "after_close" as const, consensusEps: 1, ...randomOutcome(1) };
    }),
  );
  return perturbed;
}

/** What a prediction says, keyed by its report. */
const byReport = (predictions: Prediction[]) =>
  new Map(predictions.map(({ report, features, probability, fitted }) => [`${report.ticker} ${report.date}`, { features, probability, fitted }]));

describe("the beat model's walk-forward", () => {
  it("gives every report dated on or before D the same prediction, to the bit, whatever happens after D", async () => {
    const reports = readEarningsDirectory();
    const prices = await bundledCloses(reports.keys());
    const original = walkForward(reports, reports, { sectorOf, prices });

    const random = seededRandom(20260101);
    const changedReports = perturbedReports(reports, random);
    const changedPrices = perturbedCloses(prices, [...reports.keys()], random);
    const changed = walkForward(changedReports, changedReports, { sectorOf, prices: changedPrices });

    const onOrBefore = (predictions: Prediction[]) => byReport(predictions.filter((prediction) => prediction.report.date <= D));
    const [originalEarly, changedEarly] = [onOrBefore(original), onOrBefore(changed)];
    // The test bites: reports on D itself, fitted predictions with price momentum among them.
    expect(original.filter((prediction) => prediction.report.date === D).length).toBeGreaterThan(0);
    expect([...originalEarly.values()].filter((prediction) => prediction.fitted && prediction.features.priceMomentum !== null).length).toBeGreaterThan(100);
    expect(changedEarly.size).toBe(originalEarly.size);
    for (const [report, prediction] of originalEarly) {
      const after = changedEarly.get(report);
      expect({ report, ...after }).toStrictEqual({ report, ...prediction });
      expect(Object.is(after?.probability, prediction.probability)).toBe(true);
    }

    // And the perturbation reached the model: later predictions moved.
    const originalLate = byReport(original.filter((prediction) => prediction.report.date > D));
    const moved = [...byReport(changed.filter((prediction) => prediction.report.date > D))].filter(
      ([report, prediction]) => originalLate.has(report) && originalLate.get(report)!.probability !== prediction.probability,
    );
    expect(moved.length).toBeGreaterThan(0.9 * originalLate.size);
  }, 60_000);
});
