import path from "node:path";
import { unpackRows } from "../workers/packed-rows";
import { closeWorkerPool, workerModule } from "../workers/worker-pool";
import { packBars, unpackBars } from "./packed-bars";
import { packedTechnicalsThrough, technicalsThrough, type BarHistory, type TickerBars } from "./technicals-store";
import { weekdays } from "../../test/synthetic-days";

afterAll(() => closeWorkerPool());

/** SPY and 20 seeded random walks: one starting late, one with gaps, one with bars without volume, two sources. */
function fixture(): BarHistory {
  const days = weekdays(300);
  let seed = 3;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const byTicker = new Map<string, TickerBars>();
  for (const ticker of ["SPY", ...Array.from({ length: 20 }, (_, index) => `S${index}`)]) {
    const kept = days.slice(ticker === "S4" ? 200 : 0).filter((_, index) => ticker !== "S5" || index % 11 !== 3);
    let close = 10 + random() * 100;
    byTicker.set(ticker, {
      dates: kept,
      closes: kept.map(() => Math.round((close *= 1 + (random() - 0.49) * 0.04) * 100) / 100),
      volumes: kept.map((_, index) => (ticker === "S6" && index % 7 === 0 ? null : Math.round(1e5 * (1 + random())))),
      sources: kept.map((_, index) => (index >= kept.length - 10 ? "yahoo" : "alphavantage-snapshot")),
    });
  }
  return { byTicker, tradingDays: days, sourceRanges: [{ source: "alphavantage-snapshot", first: days[0], last: days.at(-11)! }, { source: "yahoo", first: days.at(-10)!, last: days.at(-1)! }] };
}

const history = fixture();
const technicalsWorker = workerModule<{ packedTechnicalsThrough: typeof packedTechnicalsThrough }>(path.join(__dirname, "technicals-store.ts"));

describe("bars packed for a worker thread", () => {
  it("unpack to the same bars, value for value, once per BarHistory, from shared memory", async () => {
    const packed = await packBars(history);
    expect(await packBars(history)).toBe(packed);
    // Shared, not copied, with every message to a worker.
    for (const array of [packed.offsets, packed.dayIndex, packed.closes, packed.volumes, packed.sourceIndex]) expect(array.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(unpackBars(packed)).toStrictEqual(history);
  });

  it("give a past day's indicators in a worker exactly as in-process", async () => {
    const packed = await packBars(history);
    for (const day of [history.tradingDays[250], history.tradingDays.at(-5)!, history.tradingDays.at(-1)!]) {
      const inProcess = await technicalsThrough(history, day);
      expect(inProcess.find((row) => row.ticker === "S1")!.beta60).not.toBeNull();
      expect(unpackRows(await technicalsWorker.run("packedTechnicalsThrough", [packed, day]))).toStrictEqual(inProcess);
    }
  });
});
