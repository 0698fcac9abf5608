// Live import of new 13F quarters from SEC EDGAR for every HEDGE_FUND_CIKS fund: the filings not
// stored yet (new quarters, and amendments filed after the stored filing), each through the same
// storeQuarter as the snapshot. One pass at a time across instances; status per fund in hedge_funds.
import type { AppDeps } from "../context";
import { isSkipped, runExclusively, type SkippedPass } from "../db/run-exclusively";
import { createEdgarClient, type EdgarClient, type EdgarFiling } from "./edgar-client";
import { forgetFundHistory } from "./hedge-funds";
import { storeQuarter } from "./holdings-store";
import { parseInformationTableXml, valuesInThousands } from "./thirteen-f";

type ImportDeps = Pick<AppDeps, "config" | "db" | "logger"> & Partial<Pick<AppDeps, "dataEvents">>;

/** pg advisory lock id of the live import ("e13f" in ASCII). */
export const HEDGE_FUND_IMPORT_LOCK_ID = 0x65313366;
/** Quarters fetched for a fund with none stored yet. */
const FIRST_IMPORT_QUARTERS = 8;

export type ImportedFiling = { accessionNumber: string; form: string; quarterEnd: string; rows: number; mode: "replace" | "merge" };
export type FundImportResult = { cik: string; imported: ImportedFiling[]; error?: string };

type StoredFiling = { quarterEnd: string; accessionNumber: string | null; filedAt: Date | null };

/** The 13F filings to fetch, in filing order: see the file comment. */
export function filingsToImport(filings: EdgarFiling[], stored: StoredFiling[]): EdgarFiling[] {
  const byQuarter = new Map(stored.map((filing) => [filing.quarterEnd, filing]));
  const newest = stored.map((filing) => filing.quarterEnd).sort().at(-1);
  const reportDates = [...new Set(filings.map((filing) => filing.reportDate))].sort();
  const oldestWanted = newest ?? reportDates.at(-FIRST_IMPORT_QUARTERS) ?? "";
  const known = new Set(stored.map((filing) => filing.accessionNumber).filter(Boolean));
  const wanted: EdgarFiling[] = [];
  const storedNow = new Map(byQuarter);
  for (const filing of filings) {
    if (known.has(filing.accessionNumber)) continue;
    const current = storedNow.get(filing.reportDate);
    const take =
      filing.form === "13F-HR"
        ? !current && filing.reportDate >= oldestWanted
        : Boolean(current) && (!current!.filedAt || filing.filingDate >= current!.filedAt.toISOString().slice(0, 10));
    if (!take) continue;
    wanted.push(filing);
    storedNow.set(filing.reportDate, { quarterEnd: filing.reportDate, accessionNumber: filing.accessionNumber, filedAt: new Date(`${filing.filingDate}T00:00:00Z`) });
  }
  return wanted;
}

/** Imports one fund's new filings and records the attempt on its hedge_funds row. */
export async function importFundFromEdgar(deps: ImportDeps, client: EdgarClient, cik: string, signal?: AbortSignal): Promise<FundImportResult> {
  const { db } = deps;
  const attemptAt = new Date();
  const result: FundImportResult = { cik, imported: [] };
  try {
    const { name, filings } = await client.thirteenFFilings(cik, signal);
    const stored = await db.prisma.hedgeFundFiling.findMany({ where: { cik }, select: { quarterEnd: true, accessionNumber: true, filedAt: true } });
    for (const filing of filingsToImport(filings, stored)) {
      signal?.throwIfAborted();
      const documents = await client.documents(cik, filing.accessionNumber, signal);
      const amendment = filing.form === "13F-HR/A";
      const mode = amendment && documents.primaryDocUrl && (await client.amendmentType(documents.primaryDocUrl, signal)) === "NEW HOLDINGS" ? "merge" : "replace";
      const lines = parseInformationTableXml(await client.text(documents.informationTableUrl, signal), {
        thousands: valuesInThousands(filing.reportDate, filing.filingDate),
      });
      const { rows } = await storeQuarter(
        db,
        { cik, fundName: name, quarterEnd: filing.reportDate, accessionNumber: filing.accessionNumber, formType: filing.form, filedAt: filing.filingDate, amendment, source: "edgar" },
        lines,
        mode,
      );
      result.imported.push({ accessionNumber: filing.accessionNumber, form: filing.form, quarterEnd: filing.reportDate, rows, mode });
    }
    await db.prisma.hedgeFund.upsert({
      where: { cik },
      create: { cik, name, lastAttemptAt: attemptAt, lastSuccessAt: new Date(), lastError: null },
      update: { name, lastAttemptAt: attemptAt, lastSuccessAt: new Date(), lastError: null },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    result.error = (error as Error).message;
    // A fund never reached yet is listed by its CIK until EDGAR gives its name.
    await db.prisma.hedgeFund.upsert({
      where: { cik },
      create: { cik, name: `CIK ${cik}`, lastAttemptAt: attemptAt, lastError: result.error },
      update: { lastAttemptAt: attemptAt, lastError: result.error },
    });
  }
  forgetFundHistory(cik);
  return result;
}

/** One pass over HEDGE_FUND_CIKS, exclusive across instances; a failing fund does not stop the others. */
export async function importNewFilings(deps: ImportDeps, options: { client: EdgarClient; signal?: AbortSignal }): Promise<FundImportResult[] | SkippedPass> {
  return runExclusively(deps.db, HEDGE_FUND_IMPORT_LOCK_ID, async () => {
    const results: FundImportResult[] = [];
    for (const cik of deps.config.hedgeFunds.ciks) results.push(await importFundFromEdgar(deps, options.client, cik, options.signal));
    if (results.some((result) => result.imported.length > 0)) deps.dataEvents?.publish("data:changed", { kind: "13f", tickers: null });
    return results;
  });
}

/**
 * Runs the live import every HEDGE_FUND_REFRESH_HOURS, the first a minute after start. Off (and
 * logged as such) when SEC_USER_AGENT is not set or the interval is 0. Returns stop(): cancels the
 * timer, aborts in-flight requests and resolves when a running pass has finished.
 */
export function scheduleHedgeFundImport(deps: ImportDeps, options: { initialDelayMs?: number } = {}): () => Promise<void> {
  const { refreshHours, ciks } = deps.config.hedgeFunds;
  const client = createEdgarClient(deps.config.hedgeFunds);
  if (!client || refreshHours <= 0) {
    deps.logger.info(
      { refreshHours, secUserAgent: Boolean(client) },
      client ? "live 13F import is off (HEDGE_FUND_REFRESH_HOURS=0)" : "live 13F import is off: set SEC_USER_AGENT (SEC requires it) to import new filings from EDGAR",
    );
    return async () => {};
  }
  const controller = new AbortController();
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    current = importNewFilings(deps, { client, signal: controller.signal })
      .then((results) => {
        if (isSkipped(results)) return deps.logger.info({ skipped: results.skipped }, "13F import pass skipped");
        for (const result of results) {
          if (result.error) deps.logger.warn({ cik: result.cik, error: result.error }, "13F import failed for a fund");
          else if (result.imported.length > 0) deps.logger.info({ cik: result.cik, imported: result.imported }, "13F filings imported");
        }
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, "13F import pass failed"))
      .finally(() => {
        current = undefined;
        if (!stopped) {
          timer = setTimeout(tick, refreshHours * 3_600_000);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, options.initialDelayMs ?? 60_000);
  timer.unref();
  deps.logger.info({ ciks, refreshHours }, "scheduled live 13F import from SEC EDGAR");
  return async () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort(new Error("13F import stopped"));
    await current;
  };
}
