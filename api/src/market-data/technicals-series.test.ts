import { technicalsSeries } from "./technicals-series";
import { technicalsThrough, type BarHistory, type TickerBars } from "./technicals-store";

/** Weekdays from `first`, `count` of them. */
function weekdays(first: string, count: number): string[] {
  const days: string[] = [];
  for (let day = new Date(`${first}T00:00:00Z`); days.length < count; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() % 6 !== 0) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** A seeded random walk of closes and volumes over `dates` (some volumes unknown). */
function walk(dates: string[], seed: number): TickerBars {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  let close = 50 + seed;
  return {
    dates,
    closes: dates.map(() => (close *= 1 + (random() - 0.49) * 0.04)),
    volumes: dates.map(() => (random() < 0.02 ? null : Math.round(1e6 * (0.5 + random())))),
    sources: dates.map(() => "test"),
  };
}

describe("a ticker's indicators at every bar", () => {
  const days = weekdays("2015-01-05", 900);
  // One ticker starts late, one stops for over a year (its windows restart after the gap).
  const gapped = [...days.slice(0, 300), ...days.slice(700)];
  const history: BarHistory = {
    byTicker: new Map([
      ["SPY", walk(days, 1)],
      ["EARLY", walk(days, 2)],
      ["LATE", walk(days.slice(450), 3)],
      ["GAPPED", walk(gapped, 4)],
    ]),
    tradingDays: days,
    sourceRanges: [{ source: "test", first: days[0], last: days.at(-1)! }],
  };

  it("equals each day's 420-day window's figures, RSI to within its smoothing's start", async () => {
    const series = await technicalsSeries(history);
    for (const day of [days[10], days[60], days[300], days[451], days[480], days[699], days[720], days[760], days.at(-1)!]) {
      const snapshot = series.snapshotAt(day);
      const fromWindows = await technicalsThrough(history, day);
      expect(snapshot.asOf).toBe(day);
      for (const expected of fromWindows) {
        const { rsi14, beta60, betaProxy, ...row } = snapshot.byTicker.get(expected.ticker)!;
        const { rsi14: expectedRsi, beta60: expectedBeta, betaProxy: expectedProxy, ...expectedRow } = expected;
        expect(row).toEqual(expectedRow);
        // A ticker whose latest bar is over a week old (left out of every screen) is measured against
        // the whole series' market returns, a window only against the 100 days before its day.
        if (expected.asOf >= days[days.indexOf(day) - 5]) expect([beta60, betaProxy]).toEqual([expectedBeta, expectedProxy]);
        if (expectedRsi === null) expect(rsi14).toBeNull();
        else expect(rsi14).toBeCloseTo(expectedRsi, 5);
      }
      expect(fromWindows.every((row) => snapshot.byTicker.has(row.ticker))).toBe(true);
      // A ticker without a bar yet has no row.
      expect(snapshot.byTicker.has("LATE")).toBe(day >= days[450]);
    }
  });
});
