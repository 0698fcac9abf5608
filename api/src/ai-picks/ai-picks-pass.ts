// The AI picks pass: reads the stored prices and news, runs the walk-forward model, and replaces
// the stored picks, rebalance outcomes and track record (written beside the previous pass, which
// readers keep seeing until the new one is complete: a pass killed halfway leaves it whole). It runs off the request path: at start, and whenever the price
// data's version changes (a snapshot load or a refresh), once across instances. Its computation
// runs in a worker thread (ai-picks-compute.ts); this thread only reads the inputs and writes.
import type { AppDeps } from "../context";
import { currentDataCoverage } from "../data-coverage/data-coverage";
import type { Database } from "../db/database";
import { isSkipped, runExclusively, type SkippedPass } from "../db/run-exclusively";
import { packBars } from "../market-data/packed-bars";
import { lastIndexOnOrBefore, sourceLabel, type BarHistory } from "../market-data/technicals-store";
import { betweenRequests } from "../shared/between-requests";
import { buffersOf } from "../workers/worker-pool";
import { aiPicksWorker, featuresOf, walkForwardInput } from "./ai-picks-compute";
import { readEarningsRows } from "./earnings-inputs";
import { packNews, readNewsIndex, readNewsRows } from "./news-inputs";
import { MODEL_VERSION, type FittedModel, type WalkForwardInput } from "./walk-forward";
import { untilAborted } from "../shared/until-aborted";

export const AI_PICKS_LOCK_ID = 0x61697063;

type PassDeps = Pick<AppDeps, "db" | "technicals" | "logger">;

export type AiPicksPassResult = { dataVersion: string; rebalances: number; days: string[]; picks: number; ms: number };

/** The model's inputs for one version of the prices: kept so a day no pass stored can be scored on request. */
export type ModelInputs = WalkForwardInput & { bars: BarHistory; marketProxy: string | null };

let inputsCache: { version: string; inputs: Promise<ModelInputs> } | undefined;

/** The prices, their inputs and the news, in memory, once per version of the price data. */
export async function modelInputs(deps: Pick<AppDeps, "db" | "technicals">): Promise<ModelInputs> {
  const version = await deps.technicals.version();
  if (inputsCache?.version !== version) {
    const entry = { version, inputs: readModelInputs(deps) };
    inputsCache = entry;
    entry.inputs.catch(() => {
      if (inputsCache === entry) inputsCache = undefined;
    });
  }
  return inputsCache.inputs;
}

/** The features are computed in a worker thread (a few seconds over the bundled prices); the news and earnings indexes here. */
async function readModelInputs(deps: Pick<AppDeps, "db" | "technicals">): Promise<ModelInputs> {
  const bars = await deps.technicals.bars();
  const computed = await aiPicksWorker.run("featureValues", [await packBars(bars)]);
  const news = await readNewsIndex(deps.db);
  const earnings = await readEarningsRows(deps.db);
  return { ...walkForwardInput(featuresOf(bars, computed), bars.tradingDays, news, earnings), bars, marketProxy: computed.marketProxy };
}

/** The last trading day on or before `day` (null before the first). */
export function tradingDayOnOrBefore(tradingDays: string[], day: string): string | null {
  const index = lastIndexOnOrBefore(tradingDays, day);
  return index < 0 ? null : tradingDays[index];
}

async function newsSources(db: Database) {
  return db.prisma.$queryRaw<{ source: string; articles: number; first: string; last: string; snapshot: boolean }[]>`
    SELECT source, count(*)::int AS articles,
      to_char(min(published_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS first,
      to_char(max(published_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS last,
      bool_and(is_snapshot) AS snapshot
    FROM news_articles WHERE NOT is_social AND cardinality(tickers) > 0
    GROUP BY source ORDER BY count(*) DESC`;
}

/**
 * A run's picks in one statement: the rows travel as one jsonb array expanded by jsonb_to_recordset
 * (as price-bars.ts stores bars; Prisma's createMany took about 20 s for a pass's 13,000 rows on PGlite).
 */
async function storePicks(db: Database, runId: number, date: string, payload: string): Promise<number> {
  // market_cap stays empty: no shares-outstanding data is stored, so none is guessed.
  return db.prisma.$executeRaw`
    INSERT INTO ai_picks (run_id, date, ticker, rank, price, ai_score, returns_1m, returns_3m, returns_12m, rsi, score, factors, news_articles, baseline_rank, forward_return)
    SELECT ${runId}, ${date}, t, r, p, a, r1, r3, r12, rsi, s, f, n, b, fr
    FROM jsonb_to_recordset(${payload}::jsonb)
      AS x(t text, r int, p numeric, a numeric, r1 numeric, r3 numeric, r12 numeric, rsi numeric, s float8, f jsonb, n int, b int, fr float8)`;
}

/** A run's model as stored: everything but the fittedOn and training columns, which have their own. */
const storedModel = ({ candidate, label, fit, weights, calibration, selection }: FittedModel) => ({ candidate, label, fit, weights, calibration, selection });

/** One pass: compute everything, store it beside the previous pass, then switch readers to it. */
export async function computeAiPicks(deps: PassDeps, options: { signal?: AbortSignal } = {}): Promise<AiPicksPassResult> {
  const started = performance.now();
  const dataVersion = await deps.technicals.version();
  // A stop does not wait for these reads (seconds over 2013–2021): the pass gives up at once.
  const bars = await untilAborted(deps.technicals.bars(), options.signal);
  await betweenRequests(deps.db);
  const coverage = await untilAborted(currentDataCoverage(deps.db), options.signal);
  await betweenRequests(deps.db);
  const shownDays = [bars.tradingDays.at(-1), coverage.defaultAsOf && tradingDayOnOrBefore(bars.tradingDays, coverage.defaultAsOf)].filter((day): day is string =>
    Boolean(day),
  );
  const news = packNews(await untilAborted(readNewsRows(deps.db, () => betweenRequests(deps.db)), options.signal));
  await betweenRequests(deps.db);
  const earnings = await untilAborted(readEarningsRows(deps.db), options.signal);
  await betweenRequests(deps.db);
  // The computation (features, walk-forward, track record, shown days) in a worker thread: the
  // typed arrays are copied there, the news arrays moved.
  const computed = await aiPicksWorker.run("computePass", [{ bars: await packBars(bars), news, earnings, shownDays, pointInTimeMembers: true }], {
    signal: options.signal,
    transfer: buffersOf([news.counts, news.times, news.timeKnown, news.scores, news.ratings]),
  });
  const sources = {
    prices: bars.sourceRanges.map((range) => sourceLabel(range.source, range.first, range.last)),
    marketProxy: computed.marketProxy,
    news: await newsSources(deps.db),
  };
  options.signal?.throwIfAborted();
  const ms = Math.round(performance.now() - started);
  // Leftovers of a pass killed halfway: never complete, so never read.
  await deps.db.prisma.aiTrackRecord.deleteMany({ where: { complete: false } });
  const { summary, curve } = computed;
  const pass = await deps.db.prisma.aiTrackRecord.create({ data: { dataVersion, modelVersion: MODEL_VERSION, summary, curve, sources, passMs: ms } });
  let picks = 0;
  // Short statements between requests, no long transaction: the embedded database's one connection keeps serving requests.
  for (const { date, kind, model, universeSize, periodEnd, outcome, picksJson } of computed.runs) {
    options.signal?.throwIfAborted();
    await betweenRequests(deps.db);
    const run = await deps.db.prisma.aiPickRun.create({
      data: {
        recordId: pass.id,
        date,
        kind,
        dataVersion,
        modelVersion: MODEL_VERSION,
        fittedOn: model.fittedOn,
        trainingSamples: model.trainingSamples,
        trainingFrom: model.trainingFrom,
        trainingThrough: model.trainingThrough,
        model: storedModel(model),
        universeSize,
        periodEnd,
        outcome: outcome ?? undefined,
      },
    });
    for (const group of picksJson) {
      await betweenRequests(deps.db);
      picks += await storePicks(deps.db, run.id, date, group);
    }
  }
  // Readers switch to this pass in one statement; then the older passes go.
  await deps.db.prisma.aiTrackRecord.update({ where: { id: pass.id }, data: { complete: true } });
  await deps.db.prisma.aiTrackRecord.deleteMany({ where: { id: { not: pass.id } } });
  return { dataVersion, rebalances: computed.rebalances, days: computed.days, picks, ms };
}

/** Whether the stored picks are of the current prices and model (a pass is needed when not). */
export async function storedPicksAreCurrent(deps: Pick<AppDeps, "db" | "technicals">): Promise<boolean> {
  const record = await deps.db.prisma.aiTrackRecord.findFirst({ where: { complete: true }, orderBy: { id: "desc" }, select: { dataVersion: true, modelVersion: true } });
  return record?.dataVersion === (await deps.technicals.version()) && record.modelVersion === MODEL_VERSION;
}

let passRunning = false;
/** True while this instance computes picks (the API then says they are being computed). */
export const aiPicksPassRunning = () => passRunning;

/** A pass unless the stored picks are current or another pass runs (here or on another instance). */
export async function refreshAiPicks(deps: PassDeps, options: { signal?: AbortSignal } = {}): Promise<AiPicksPassResult | SkippedPass | null> {
  return runExclusively(deps.db, AI_PICKS_LOCK_ID, async () => {
    if (await storedPicksAreCurrent(deps)) return null;
    passRunning = true;
    try {
      const result = await computeAiPicks(deps, options);
      deps.logger.info({ rebalances: result.rebalances, days: result.days, picks: result.picks, ms: result.ms }, "AI picks pass");
      return result;
    } finally {
      passRunning = false;
    }
  }, { timeoutMs: 15 * 60_000 });
}

/** How often the price data's version is checked for a new pass. */
const CHECK_EVERY_MS = 60_000;

/**
 * A pass now (off the request path: the server is already listening) and after every change of
 * the price data; returns a stop function that waits for a running pass to end.
 */
export function scheduleAiPicks(deps: PassDeps): () => Promise<void> {
  const stop = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = refreshAiPicks(deps, { signal: stop.signal }).then(
      (result) => {
        if (isSkipped(result)) deps.logger.debug({ skipped: result.skipped }, "AI picks pass skipped");
      },
      (error) => {
        if (!stop.signal.aborted) deps.logger.error({ err: error }, "AI picks pass failed; the previous picks stay");
      },
    );
  };
  pass();
  const timer = setInterval(pass, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  };
}
