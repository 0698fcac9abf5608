// What every fuzz file shares: the app on a loopback port (one listener, not one per request),
// a logger whose error lines are counted, signed-in callers, the malformed values, and the check
// each answer must pass: never a 5xx, and a 4xx body that says what was wrong.
import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import pino from "pino";
import { loadConfig } from "../src/config/config";
import { buildDeps } from "../src/deps";
import { buildApp } from "../src/http/app";
import { createUser, issueSignInToken } from "../test/sign-in";
import { TEST_SESSION_SECRET } from "../test/test-app";
import { createTestDatabase } from "../test/test-database";

/** Fixed seeds: a failure reproduces with the same inputs. FUZZ_SEED overrides for exploring. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/** Loopback ports for the fuzz servers (FUZZ_PORT_BASE + a file's offset); 0 lets the system choose. */
export function fuzzPort(offset: number): number {
  const base = Number(process.env.FUZZ_PORT_BASE ?? 3480);
  return base === 0 ? 0 : base + offset;
}

// Budgets far above what a fuzz run spends, so answers exercise validation rather than rate limits.
const generousLimits = {
  CONTACT_RATE_LIMIT_PER_MINUTE: "1000",
  SIGN_IN_RATE_LIMIT_PER_IP: "10000",
  SIGN_IN_RATE_LIMIT_PER_EMAIL: "1000",
  API_POINTS_PER_HOUR: "100000000",
  WEB_REQUESTS_PER_10_MINUTES: "100000000",
  WEB_SCREEN_RUNS_PER_10_MINUTES: "100000000",
};

export type LogLine = { level: number; msg: string; [key: string]: unknown };

export type FuzzServer = Awaited<ReturnType<typeof startFuzzServer>>;

/** The whole app over a fresh test database, listening on 127.0.0.1:`port`. */
export async function startFuzzServer(port: number, environment: NodeJS.ProcessEnv = {}) {
  const db = await createTestDatabase();
  const lines: LogLine[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const config = loadConfig({ NODE_ENV: "test", AUTH_CACHE_MS: "0", TRUST_PROXY: "loopback", ...generousLimits, ...environment });
  const deps = buildDeps({ config, db, logger, sessionSecret: TEST_SESSION_SECRET });
  const app = buildApp(deps, { webDistDir: "/nonexistent" });
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    db,
    deps,
    url,
    /** Log lines at error level or above: unexpected failures only (finding 12). */
    errorLines: () => lines.filter((line) => line.level >= 50),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/** A session cookie for a new Pro user, signed in through the real sign-in link endpoint. */
export async function proSessionCookie(server: FuzzServer): Promise<string> {
  const user = await createUser(server.db, { pro: true });
  const token = await issueSignInToken(server.db, user);
  const response = await fetch(`${server.url}/api/auth/verify-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("tickerscope.sid="));
  if (!response.ok || !cookie) throw new Error(`signing the fuzz user in failed: ${response.status}`);
  return cookie.split(";")[0];
}

export type FuzzRequest = {
  method: string;
  /** Sent as is: may hold malformed percent-encoding. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The request holds a count outside its documented range: the answer must refuse it, naming this field. */
  refuses?: string;
};

export type FuzzAnswer = { status: number; text: string; body: unknown };

let clientCounter = 0;
const ANSWER_TIMEOUT_MS = 20_000;

/**
 * Sends one request with node:http (fetch would normalize a malformed path). Each comes from
 * its own client address, so per-IP limits do not answer in place of validation.
 */
export function send(baseUrl: string, fuzzRequest: FuzzRequest): Promise<FuzzAnswer> {
  clientCounter += 1;
  const clientIp = `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        hostname,
        port,
        method: fuzzRequest.method,
        path: fuzzRequest.path,
        // Node's client sends a DELETE or OPTIONS body unframed unless told its length.
        headers: { "x-forwarded-for": clientIp, ...(fuzzRequest.body === undefined ? {} : { "content-length": String(Buffer.byteLength(fuzzRequest.body)) }), ...fuzzRequest.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: judged by the status and text alone.
          }
          resolve({ status: response.statusCode ?? 0, text, body });
        });
      },
    );
    // A request left hanging is a finding too, and must not stall the run.
    outgoing.setTimeout(ANSWER_TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)));
    outgoing.on("error", reject);
    outgoing.end(fuzzRequest.body);
  });
}

type GraphQLErrorBody = { message?: unknown; extensions?: { code?: unknown; fieldErrors?: { field?: unknown }[] } };

/**
 * Why an answer fails the bar, or null when it passes: no 5xx; no masked "unexpected" GraphQL
 * error; a 4xx JSON body names the problem (REST: a message, and a field for each listed error;
 * GraphQL: each error's message, and a field for each field error).
 */
export function answerProblem(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  const body = answer.body as { message?: unknown; errors?: unknown } | null;
  const graphQLErrors = Array.isArray(body?.errors) && body.errors.some((error) => typeof error === "object" && error && !("field" in error));
  if (graphQLErrors) {
    for (const error of body!.errors as GraphQLErrorBody[]) {
      if (typeof error.message !== "string" || !error.message.trim()) return `GraphQL error without a message: ${answer.text.slice(0, 300)}`;
      if (error.extensions?.code === "INTERNAL_SERVER_ERROR" || error.message === "Unexpected error.") return `unexpected GraphQL error: ${answer.text.slice(0, 300)}`;
      if (error.extensions?.fieldErrors?.some((fieldError) => typeof fieldError.field !== "string" || !fieldError.field)) {
        return `GraphQL field error without a field: ${answer.text.slice(0, 300)}`;
      }
    }
    return null;
  }
  // 431: Node's HTTP parser refuses an oversized request line or header block before the app runs.
  // 406: the client accepts no type the endpoint can answer in, so no body could be read either.
  if (answer.status < 400 || answer.status === 431 || answer.status === 406) return null;
  // Redirect-free 4xx answers outside /api and /graphql (e.g. the web app's 404 page) are text.
  if (body === null) return answer.text.trim() ? null : `empty ${answer.status} body`;
  if (typeof body.message !== "string" || !body.message.trim()) return `${answer.status} without a message: ${answer.text.slice(0, 300)}`;
  if (Array.isArray(body.errors) && body.errors.some((error: { field?: unknown }) => typeof error.field !== "string" || !error.field)) {
    return `${answer.status} error without a field: ${answer.text.slice(0, 300)}`;
  }
  return null;
}

/**
 * Why an answer to a request holding an out-of-range count fails, or null: it must be a 4xx
 * BAD_USER_INPUT naming the field (REST: in `errors`; GraphQL: in an error's `fieldErrors`).
 */
export function refusalProblem(answer: FuzzAnswer, field: string): string | null {
  const body = answer.body as { code?: unknown; errors?: { field?: unknown; extensions?: { code?: unknown; fieldErrors?: { field?: unknown }[] } }[] } | null;
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  const named =
    (body?.code === "BAD_USER_INPUT" && errors.some((error) => error.field === field)) ||
    errors.some((error) => error.extensions?.code === "BAD_USER_INPUT" && error.extensions.fieldErrors?.some((fieldError) => fieldError.field === field));
  if (answer.status >= 400 && answer.status < 500 && named) return null;
  return `an out-of-range ${field} was not refused by name (status ${answer.status}): ${answer.text.slice(0, 300)}`;
}

/** Sends each generated request and fails on the first answer below the bar, then on any error log line. */
export async function fuzzRequests(server: FuzzServer, requests: fc.Arbitrary<FuzzRequest>, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requests, async (fuzzRequest) => {
      const problem = await send(server.url, fuzzRequest).then(
        (answer) => answerProblem(answer) ?? (fuzzRequest.refuses === undefined ? null : refusalProblem(answer, fuzzRequest.refuses)),
        (error: Error) => error.message,
      );
      if (!problem) return;
      const { method, path, headers, body } = fuzzRequest;
      throw new Error(`${method} ${path.slice(0, 200)} ${JSON.stringify(headers).slice(0, 300)} body ${String(body).slice(0, 500)}: ${problem}`);
    }),
    { seed: FUZZ_SEED, numRuns: runs, endOnFailure: true, reporter: reportShortly },
  );
  expect(server.errorLines()).toEqual([]);
}

/** A failure report that fits a CI log: the request's gist, its answer, and how to replay it (values can be megabytes). */
function reportShortly(details: fc.RunDetails<[FuzzRequest]>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`after ${details.numRuns} inputs (replay: seed ${details.seed}, path "${details.counterexamplePath}"): ${cause.slice(0, 2_000)}`);
}

// ---- malformed values -------------------------------------------------------------------

const loneSurrogates = ["\uD800", "\uDBFF", "\uDC00", "x\uDFFFy", "\uDC00\uD800"];
const awkwardCharacters = ["\u0000", "\u0001", "\u001F", "\u007F", "\u2028", "\uFEFF", "\uFFFF", "\u{1F4A9}", "'", '"', "\\", "%", "<script>", "${x}", "../"];

/** Short strings a form would never send: control characters, lone surrogates, empty, whitespace, JSON-looking. */
export const shortNastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\t\n", "null", "undefined", "NaN", "-1", "1e309", "true", "{}", "[]", "__proto__", "constructor"),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...loneSurrogates, ...awkwardCharacters), fc.string({ maxLength: 10 }))
    .map(([before, middle, after]) => before + middle + after),
);

/** The short ones, and now and then a long one (up to 20,000 characters, over most field limits). */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: shortNastyString },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "\u0000", "é", "\uD800"), fc.integer({ min: 1_000, max: 20_000 })).map(([unit, count]) => unit.repeat(count)) },
);

/** Any JSON value a client might send in place of the right one. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(nastyString, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/**
 * Values a count must refuse, for a range: zero and minus one where out of it, one past each end,
 * the largest Int, and what is no whole number at all (hex and exponent text, padded digits, a
 * fraction, 1e3 read as a number past the range). Each is outside the range by construction.
 */
export function outOfRangeCounts(range: { min: number; max: number }): unknown[] {
  const candidates: unknown[] = [0, -1, range.min - 1, range.max + 1, 2_147_483_647, -2_147_483_648, 1e3, "0x10", "1e3", " 5", "5 ", "5", 5.5, range.min + 0.5];
  const inRange = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= range.min && value <= range.max;
  return [...new Set(candidates)].filter((value) => !inRange(value));
}

/** Query-string spellings a decimal count parameter must refuse (percent-encoded as sent): hex, exponent, spaces, signs, fractions, empty. */
export const malformedDecimalTexts = ["0x10", "1e3", "%205", "5%20", "%095", "+5", "5.5", "5.", "", "-", "Infinity", "NaN", "%EF%BC%95", "1_000", "1%2C000"];

/** JSON text nesting far deeper than any input (as text: JSON.stringify itself would overflow), for recursive checks. */
export const deeplyNestedJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('"\\u0000"', '"x"', "1", "{}"))
  .map(([depth, leaf]) => `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}`);

/** Percent-encodes every byte of the UTF-8 text (encodeURIComponent throws on a lone surrogate; UTF-8 turns it into U+FFFD). */
export const percentEncode = (text: string) => Buffer.from(text, "utf8").toString("hex").replace(/../g, "%$&");

/** Path segments: malformed percent-encoding, encoded NUL and slashes, huge, unicode. */
export const nastyPathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("%FF", "%E0%A4", "%", "%zz", "%00", "%2F", "%2e%2e", "..", "%C0%AE", "%ED%A0%80", "AAPL%00", "a%20b", "%u0041"),
  shortNastyString.map(percentEncode),
  fc.string({ unit: "binary", maxLength: 20 }).map(percentEncode),
  fc.integer({ min: 300, max: 8_000 }).map((length) => "A".repeat(length)),
);
