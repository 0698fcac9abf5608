// What a screen costs in API points: its work grows with the symbols it scans (indicators,
// news aggregate and stored rows per symbol), so the price does too. Read from the raw request
// before it is validated: a request that fails validation costs what it asked for.
import { SCREEN_NUMBER_RULES, TICKER_LIST_UNIVERSES } from "@shared/screen-rules";
import { universeTickers } from "../market-data/universes";

/** One point per this many symbols scanned, on top of the field's own point. */
export const SYMBOLS_PER_POINT = 200;

const NAMED_UNIVERSES = ["sp500", "sp500_current", "broad", "all_market"] as const;
type NamedUniverse = (typeof NAMED_UNIVERSES)[number];

const sizeCache = new Map<string, number>();

function namedUniverseSize(universe: NamedUniverse, includeEtf: boolean): number {
  const key = `${universe}:${includeEtf}`;
  let size = sizeCache.get(key);
  if (size === undefined) {
    size = universeTickers(universe, { includeEtf }).length;
    sizeCache.set(key, size);
  }
  return size;
}

/**
 * The symbols a screen request will scan: the length of its ticker list, or its universe's
 * size capped by maxSymbols. Unreadable fields count as the largest choice they could mean.
 */
export function symbolsScanned(input: unknown): number {
  const request = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const universe = typeof request.universe === "string" ? request.universe.toLowerCase() : "";
  if ((TICKER_LIST_UNIVERSES as readonly string[]).includes(universe)) {
    return Array.isArray(request.tickers) ? request.tickers.length : 0;
  }
  const named: NamedUniverse = (NAMED_UNIVERSES as readonly string[]).includes(universe) ? (universe as NamedUniverse) : "all_market";
  const size = namedUniverseSize(named, request.includeEtf === true);
  const maxSymbols =
    typeof request.maxSymbols === "number" && Number.isFinite(request.maxSymbols)
      ? request.maxSymbols
      : SCREEN_NUMBER_RULES.maxSymbols.default;
  return maxSymbols > 0 ? Math.min(size, Math.floor(maxSymbols)) : size;
}

/** Points a screen costs: 1, plus 1 per SYMBOLS_PER_POINT symbols it scans. */
export function screenCost(input: unknown): number {
  return 1 + Math.ceil(symbolsScanned(input) / SYMBOLS_PER_POINT);
}
