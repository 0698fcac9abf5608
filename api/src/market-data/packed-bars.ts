// The bars in memory (BarHistory) in a form a worker thread receives cheaply: a few typed arrays
// and short string tables instead of ~375,000 small values per field, and back again exactly
// (closes and volumes are float8 in the database, so a Float64Array holds them bit for bit).
// The typed arrays live in SharedArrayBuffers, which a message shares rather than copies: each past
// day sent to a worker used to copy ~8.5 MB on the request loop (a 100-day request queued 850 MB).
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { BarHistory, TickerBars } from "./technicals-store";

export type PackedBars = {
  /** Unique in this process for each packed BarHistory: a worker keeps the bars it unpacked under it. */
  id: number;
  /** Every date with a bar (BarHistory.tradingDays); bars name their date by index into it. */
  tradingDays: string[];
  /** Tickers in the order of BarHistory.byTicker; ticker i's bars are [offsets[i], offsets[i + 1]). */
  tickers: string[];
  offsets: Int32Array;
  dayIndex: Int32Array;
  closes: Float64Array;
  /** NaN for a bar without volume (null). */
  volumes: Float64Array;
  /** Distinct sources; bars name theirs by index. */
  sources: string[];
  sourceIndex: Uint16Array;
  sourceRanges: BarHistory["sourceRanges"];
};

const packed = new WeakMap<BarHistory, Promise<PackedBars>>();
let lastId = 0;

/** Tickers packed between two pauses (a few milliseconds of work). */
const TICKERS_PER_PAUSE = 100;

/** The history packed, once per BarHistory (the technicals store keeps one per version of the prices). */
export function packBars(history: BarHistory): Promise<PackedBars> {
  let entry = packed.get(history);
  if (!entry) {
    entry = pack(history);
    packed.set(history, entry);
  }
  return entry;
}

type TypedArrayOf<T> = { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };

/** A zeroed typed array of `length` in shared memory (never written once packed: the workers only read it). */
function shared<T>(type: TypedArrayOf<T>, length: number): T {
  return new type(new SharedArrayBuffer(length * type.BYTES_PER_ELEMENT));
}

async function pack(history: BarHistory): Promise<PackedBars> {
  const dayOf = new Map(history.tradingDays.map((day, index) => [day, index]));
  const tickers = [...history.byTicker.keys()];
  const offsets = shared(Int32Array, tickers.length + 1);
  tickers.forEach((ticker, index) => (offsets[index + 1] = offsets[index] + history.byTicker.get(ticker)!.closes.length));
  const total = offsets[tickers.length];
  const dayIndex = shared(Int32Array, total);
  const closes = shared(Float64Array, total);
  const volumes = shared(Float64Array, total);
  const sourceIndex = shared(Uint16Array, total);
  const sourceOf = new Map<string, number>();
  for (let row = 0; row < tickers.length; row++) {
    if (row % TICKERS_PER_PAUSE === TICKERS_PER_PAUSE - 1) await yieldToEventLoop();
    const bars = history.byTicker.get(tickers[row])!;
    const start = offsets[row];
    for (let bar = 0; bar < bars.closes.length; bar++) {
      dayIndex[start + bar] = dayOf.get(bars.dates[bar])!;
      closes[start + bar] = bars.closes[bar];
      volumes[start + bar] = bars.volumes[bar] ?? NaN;
      let source = sourceOf.get(bars.sources[bar]);
      if (source === undefined) sourceOf.set(bars.sources[bar], (source = sourceOf.size));
      sourceIndex[start + bar] = source;
    }
  }
  return { id: ++lastId, tradingDays: history.tradingDays, tickers, offsets, dayIndex, closes, volumes, sources: [...sourceOf.keys()], sourceIndex, sourceRanges: history.sourceRanges };
}

/** The BarHistory back (same tickers in the same order, same values; date and source strings shared). */
export function unpackBars(packedBars: PackedBars): BarHistory {
  const { tradingDays, tickers, offsets, dayIndex, closes, volumes, sources, sourceIndex } = packedBars;
  const byTicker = new Map<string, TickerBars>();
  tickers.forEach((ticker, row) => {
    const [start, end] = [offsets[row], offsets[row + 1]];
    const bars: TickerBars = { dates: new Array(end - start), closes: new Array(end - start), volumes: new Array(end - start), sources: new Array(end - start) };
    for (let index = start; index < end; index++) {
      const bar = index - start;
      bars.dates[bar] = tradingDays[dayIndex[index]];
      bars.closes[bar] = closes[index];
      bars.volumes[bar] = Number.isNaN(volumes[index]) ? null : volumes[index];
      bars.sources[bar] = sources[sourceIndex[index]];
    }
    byTicker.set(ticker, bars);
  });
  return { byTicker, tradingDays, sourceRanges: packedBars.sourceRanges };
}
