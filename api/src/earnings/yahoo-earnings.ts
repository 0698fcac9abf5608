// Yahoo Finance's quoteSummary endpoint, modules earningsHistory (the last four reported quarters:
// estimate, actual, surprise, keyed by the quarter's end, not the announcement day) and
// calendarEvents (the next announcement's date and consensus EPS). Requests go through the
// market-data HTTP helper: the same deadline, rate limit and retries as the chart provider.
import { z } from "zod";
import { getText, ProviderError, YAHOO_USER_AGENT, type HttpSettings } from "../market-data/providers/http";
import { reportTimeOf, type ReportTime } from "./earnings-files";

const yahooBaseUrl = "https://query2.finance.yahoo.com";
/** Where Yahoo hands out the session cookie its quoteSummary crumb is tied to. */
const yahooSessionUrl = "https://fc.yahoo.com";

/** A reported quarter as earningsHistory gives it. */
export type YahooReportedQuarter = {
  /** The fiscal quarter's end (YYYY-MM-DD) as Yahoo states it: calendar quarter ends, a few days after AAPL's own. */
  quarterEnd: string;
  consensusEps: number | null;
  actualEps: number;
  /** Percent (2.05 = 2.05 %); Yahoo sends a fraction. */
  surprisePercent: number | null;
};

export type YahooNextReport = {
  /** The announcement instant, ISO 8601 UTC. */
  announcedAt: string;
  /** Its date in New York (US exchanges). */
  date: string;
  reportTime: ReportTime;
  /** Yahoo marks a date it projected rather than one the company announced: its time of day means nothing. */
  dateIsEstimate: boolean;
  consensusEps: number | null;
};

export type YahooEarnings = { reported: YahooReportedQuarter[]; next: YahooNextReport | null };

// Yahoo wraps numbers as { raw, fmt } (and a missing one as {}) unless asked for formatted=false,
// which it honours for some modules only: the recorded earningsHistory is wrapped, calendarEvents is not.
const yahooNumber = z
  .union([z.number(), z.object({ raw: z.number().optional() }).transform((value) => value.raw)])
  .nullish()
  .transform((value) => value ?? null);

const earningsHistorySchema = z.object({
  history: z.array(
    z.object({ quarter: yahooNumber, epsEstimate: yahooNumber, epsActual: yahooNumber, surprisePercent: yahooNumber }),
  ),
});
const calendarEventsSchema = z.object({
  earnings: z
    .object({
      earningsDate: z.array(yahooNumber).default([]),
      earningsAverage: yahooNumber,
      isEarningsDateEstimate: z.boolean().optional(),
    })
    .optional(),
});
const yahooError = z.object({ code: z.string(), description: z.string() }).nullish();
const quoteSummarySchema = z.object({
  quoteSummary: z.object({
    result: z.array(z.object({ earningsHistory: earningsHistorySchema.optional(), calendarEvents: calendarEventsSchema.optional() })).nullable(),
    error: yahooError,
  }),
});
/** How Yahoo answers a request it refuses before reaching the module (401 "Invalid Crumb", for one). */
const financeErrorSchema = z.object({ finance: z.object({ error: yahooError }) });

const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
/** EPS are stored to 4 decimals (Decimal(10,4)): rounded alike, an unchanged consensus compares equal. */
const round = (value: number, digits: number) => Number(value.toFixed(digits));

const newYorkFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function newYorkDateAndTime(seconds: number): { date: string; time: string } {
  const parts = Object.fromEntries(newYorkFormat.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The reported quarters (oldest first) and the next report of a quoteSummary response body. Throws a ProviderError on Yahoo's error answers. */
export function parseQuoteSummaryEarnings(body: unknown): YahooEarnings {
  const parsed = quoteSummarySchema.safeParse(body);
  if (!parsed.success) {
    const refusal = financeErrorSchema.safeParse(body);
    const error = refusal.success ? refusal.data.finance.error : null;
    throw new ProviderError(error ? `Yahoo: ${error.code}: ${error.description}` : "Yahoo: not a quoteSummary response", false);
  }
  const result = parsed.data.quoteSummary.result?.[0];
  if (!result) {
    const error = parsed.data.quoteSummary.error;
    throw new ProviderError(error ? `Yahoo: ${error.code}: ${error.description}` : "Yahoo: empty quoteSummary response", false);
  }
  const reported: YahooReportedQuarter[] = [];
  for (const entry of result.earningsHistory?.history ?? []) {
    if (entry.quarter === null || entry.epsActual === null) continue;
    reported.push({
      quarterEnd: isoDate(entry.quarter),
      consensusEps: entry.epsEstimate === null ? null : round(entry.epsEstimate, 4),
      actualEps: round(entry.epsActual, 4),
      surprisePercent: entry.surprisePercent === null ? null : round(entry.surprisePercent * 100, 4),
    });
  }
  reported.sort((a, b) => a.quarterEnd.localeCompare(b.quarterEnd));

  const earnings = result.calendarEvents?.earnings;
  // A projected date comes as a range of two; its first day is the earliest the report may come.
  const firstDate = earnings?.earningsDate.find((seconds): seconds is number => seconds !== null);
  let next: YahooNextReport | null = null;
  if (earnings && firstDate !== undefined) {
    const { date, time } = newYorkDateAndTime(firstDate);
    next = {
      announcedAt: new Date(firstDate * 1000).toISOString(),
      date,
      reportTime: reportTimeOf(time),
      dateIsEstimate: earnings.isEarningsDateEstimate ?? false,
      consensusEps: earnings.earningsAverage === null ? null : round(earnings.earningsAverage, 4),
    };
  }
  return { reported, next };
}

export type YahooEarningsClient = { fetchEarnings(ticker: string, signal?: AbortSignal): Promise<YahooEarnings> };

/**
 * Yahoo answers quoteSummary only inside a session: a cookie from its session host, and the crumb
 * /v1/test/getcrumb gives for that cookie, sent with every request (without them: 401 "Invalid Crumb").
 */
type YahooSession = { cookie: string; crumb: string };

async function openSession(baseUrl: string, sessionUrl: string, http: HttpSettings, signal?: AbortSignal): Promise<YahooSession> {
  const deadline = AbortSignal.timeout(http.timeoutMs);
  const home = await http.limiter.schedule(() =>
    fetch(sessionUrl, { redirect: "manual", headers: { "user-agent": YAHOO_USER_AGENT }, signal: signal ? AbortSignal.any([signal, deadline]) : deadline }),
  );
  await home.arrayBuffer();
  const cookie = home.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const { status, body } = await getText(`${baseUrl}/v1/test/getcrumb`, http, signal, { cookie });
  const crumb = body.trim();
  if (status !== 200 || crumb === "" || /[{<\s]/.test(crumb)) throw new ProviderError(`Yahoo: no session crumb (HTTP ${status})`, true);
  return { cookie, crumb };
}

export function createYahooEarningsClient(options: { baseUrl?: string; sessionUrl?: string; http: HttpSettings }): YahooEarningsClient {
  const baseUrl = options.baseUrl ?? yahooBaseUrl;
  const sessionUrl = options.sessionUrl ?? yahooSessionUrl;
  // One session for the client's requests; a failed one, or one Yahoo stops accepting, is opened again.
  let session: Promise<YahooSession> | undefined;
  const currentSession = (signal?: AbortSignal) => {
    const opening = (session ??= openSession(baseUrl, sessionUrl, options.http, signal));
    opening.catch(() => {
      if (session === opening) session = undefined;
    });
    return opening;
  };
  return {
    async fetchEarnings(ticker, signal) {
      // Yahoo writes share classes with a dash: BRK.B → BRK-B.
      const symbol = encodeURIComponent(ticker.replace(".", "-"));
      let answer: { status: number; body: string } | undefined;
      for (let attempt = 0; attempt < 2; attempt++) {
        const { cookie, crumb } = await currentSession(signal);
        const url = `${baseUrl}/v10/finance/quoteSummary/${symbol}?formatted=false&modules=earningsHistory,calendarEvents&crumb=${encodeURIComponent(crumb)}`;
        answer = await getText(url, options.http, signal, { cookie });
        if (answer.status !== 401) break;
        session = undefined;
      }
      let json: unknown;
      try {
        json = JSON.parse(answer!.body);
      } catch {
        throw new ProviderError(`Yahoo: HTTP ${answer!.status}, not a quoteSummary response`, false);
      }
      return parseQuoteSummaryEarnings(json);
    },
  };
}
