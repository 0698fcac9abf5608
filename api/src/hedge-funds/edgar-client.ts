// SEC EDGAR, as a 13F reader needs it: a filer's submissions JSON (data.sec.gov), a filing's index
// and documents (www.sec.gov/Archives). SEC's fair-access rules: a User-Agent naming the client and
// a contact (SEC_USER_AGENT), at most 10 requests per second. Retries 429, 5xx and network errors
// with exponential backoff (Retry-After honoured).
import { setTimeout as sleep } from "node:timers/promises";
import Bottleneck from "bottleneck";
import { XMLParser } from "fast-xml-parser";
import type { AppConfig } from "../config/config";
import { ProviderError } from "../market-data/providers/http";
import { THIRTEEN_F_LIMITS } from "./thirteen-f";

export type EdgarFiling = {
  accessionNumber: string;
  form: "13F-HR" | "13F-HR/A";
  /** YYYY-MM-DD */
  filingDate: string;
  /** Period of report, YYYY-MM-DD. */
  reportDate: string;
};

export type EdgarFilingDocuments = {
  /** The information table (the filing's XML document other than primary_doc.xml). */
  informationTableUrl: string;
  primaryDocUrl: string | null;
};

export type EdgarClient = {
  /** The filer's name and its 13F filings among the recent ones, oldest filed first. */
  thirteenFFilings(cik: string, signal?: AbortSignal): Promise<{ name: string; filings: EdgarFiling[] }>;
  documents(cik: string, accessionNumber: string, signal?: AbortSignal): Promise<EdgarFilingDocuments>;
  /** NEW HOLDINGS (adds to the quarter) or RESTATEMENT (replaces it), from an amendment's primary_doc.xml. */
  amendmentType(url: string, signal?: AbortSignal): Promise<"NEW HOLDINGS" | "RESTATEMENT">;
  text(url: string, signal?: AbortSignal): Promise<string>;
};

const RETRIES = 3;
const BACKOFF_MS = 1000;
const TIMEOUT_MS = 20_000;
const MAX_RETRY_AFTER_MS = 60_000;

type SubmissionsJson = {
  name?: string;
  filings?: { recent?: { accessionNumber?: string[]; form?: string[]; filingDate?: string[]; reportDate?: string[] } };
};
type IndexJson = { directory?: { item?: { name: string }[] } };

// No entity is expanded (a DOCTYPE's declarations included): the cover page needs none.
const primaryDocParser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, processEntities: false });

/** A response's text, refused past maxBytes (read in chunks, never all at once). */
async function boundedText(response: Response, url: string, maxBytes: number): Promise<string> {
  const tooLarge = () => new ProviderError(`EDGAR: ${url} is larger than ${maxBytes / 1024 / 1024} MB`, false);
  if (Number(response.headers.get("content-length")) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** What every request to SEC's hosts needs; one limiter per budget of requests per second. */
export type SecRequestSettings = { userAgent: string; limiter: Bottleneck; backoffMs: number; maxBytes: number };

/**
 * GETs `url` from an SEC host through the limiter, retrying 429, 5xx and network errors with
 * exponential backoff (Retry-After honoured). Returns the first answer not worth retrying (2xx and
 * other 4xx alike: the caller names its own errors); throws a retryable ProviderError when every
 * attempt failed.
 */
export async function getFromSec(url: string, settings: SecRequestSettings, signal?: AbortSignal): Promise<{ ok: boolean; status: number; body: string }> {
  let problem = "";
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    let delayMs = settings.backoffMs * 2 ** attempt;
    try {
      const deadline = AbortSignal.timeout(TIMEOUT_MS);
      const response = await settings.limiter.schedule(() =>
        fetch(url, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline, headers: { "user-agent": settings.userAgent, accept: "application/json, application/xml, text/xml, */*" } }),
      );
      const body = await boundedText(response, url, settings.maxBytes);
      if (response.status !== 429 && response.status < 500) return { ok: response.ok, status: response.status, body };
      problem = `HTTP ${response.status}`;
      const retryAfter = Number(response.headers.get("retry-after"));
      if (Number.isFinite(retryAfter) && retryAfter > 0) delayMs = Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof ProviderError) throw error;
      const { name, message, cause } = error as Error & { cause?: { message?: string } };
      problem = name === "TimeoutError" ? `no response within ${TIMEOUT_MS} ms` : `network error: ${cause?.message ?? message}`;
    }
    if (attempt < RETRIES) await sleep(delayMs, undefined, { signal });
  }
  throw new ProviderError(`EDGAR: ${problem} for ${url} (after ${RETRIES + 1} attempts)`, true);
}

/** A client, or null when SEC_USER_AGENT is not set (SEC refuses anonymous automated clients). */
export function createEdgarClient(config: AppConfig["hedgeFunds"], options: { backoffMs?: number } = {}): EdgarClient | null {
  const userAgent = config.secUserAgent;
  if (!userAgent) return null;
  const settings: SecRequestSettings = {
    userAgent,
    limiter: new Bottleneck({ minTime: Math.ceil(1000 / config.requestsPerSecond), maxConcurrent: 1 }),
    backoffMs: options.backoffMs ?? BACKOFF_MS,
    maxBytes: THIRTEEN_F_LIMITS.fileBytes,
  };

  async function text(url: string, signal?: AbortSignal): Promise<string> {
    const { ok, status, body } = await getFromSec(url, settings, signal);
    if (!ok) throw new ProviderError(`EDGAR: HTTP ${status} for ${url}`, false);
    return body;
  }

  const json = async <T>(url: string, signal?: AbortSignal): Promise<T> => {
    const body = await text(url, signal);
    try {
      return JSON.parse(body) as T;
    } catch {
      throw new ProviderError(`EDGAR: ${url} is not JSON`, false);
    }
  };
  const archiveFolder = (cik: string, accessionNumber: string) =>
    `${config.edgarArchivesUrl}/Archives/edgar/data/${Number(cik)}/${accessionNumber.replace(/-/g, "")}`;

  return {
    text,
    async thirteenFFilings(cik, signal) {
      const submissions = await json<SubmissionsJson>(`${config.edgarDataUrl}/submissions/CIK${cik}.json`, signal);
      const recent = submissions.filings?.recent;
      if (!submissions.name || !recent?.accessionNumber) throw new ProviderError(`EDGAR: submissions of CIK ${cik} have no recent filings list`, false);
      const filings = recent.accessionNumber
        .map((accessionNumber, index) => ({
          accessionNumber,
          form: recent.form?.[index] as EdgarFiling["form"],
          filingDate: recent.filingDate?.[index] ?? "",
          reportDate: recent.reportDate?.[index] ?? "",
        }))
        .filter((filing) => (filing.form === "13F-HR" || filing.form === "13F-HR/A") && /^\d{4}-\d{2}-\d{2}$/.test(filing.reportDate))
        .sort((a, b) => a.filingDate.localeCompare(b.filingDate) || a.accessionNumber.localeCompare(b.accessionNumber));
      return { name: submissions.name, filings };
    },
    async documents(cik, accessionNumber, signal) {
      const folder = archiveFolder(cik, accessionNumber);
      const index = await json<IndexJson>(`${folder}/index.json`, signal);
      const xmlNames = (index.directory?.item ?? []).map((item) => item.name).filter((name) => name.toLowerCase().endsWith(".xml"));
      const primary = xmlNames.find((name) => name.toLowerCase() === "primary_doc.xml");
      const tables = xmlNames.filter((name) => name !== primary);
      const table = tables.find((name) => /infotable/i.test(name)) ?? tables[0];
      if (!table) throw new ProviderError(`EDGAR: filing ${accessionNumber} has no information table XML`, false);
      return { informationTableUrl: `${folder}/${table}`, primaryDocUrl: primary ? `${folder}/${primary}` : null };
    },
    async amendmentType(url, signal) {
      const document = primaryDocParser.parse(await text(url, signal)) as {
        edgarSubmission?: { formData?: { coverPage?: { amendmentInfo?: { amendmentType?: string } } } };
      };
      const type = document.edgarSubmission?.formData?.coverPage?.amendmentInfo?.amendmentType?.trim().toUpperCase();
      return type === "NEW HOLDINGS" ? "NEW HOLDINGS" : "RESTATEMENT";
    },
  };
}
