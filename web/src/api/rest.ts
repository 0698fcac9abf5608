import { retryWhileDataLoads } from "../relay/data-loading";

/**
 * The spec §7 REST calls: JSON, credentials included. Any non-successful
 * response becomes an ApiError whose message is "<status>: <body text>" (spec §8);
 * `serverMessage` is the `message` field of a JSON error body, for toasts.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage?: string;
  readonly retryAfterSeconds?: number;
  readonly fieldErrors: { field: string; message: string }[];

  constructor(status: number, bodyText: string, statusText: string, retryAfter: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    const parsed = parseErrorBody(bodyText);
    this.serverMessage = typeof parsed?.message === "string" ? parsed.message : undefined;
    this.fieldErrors = Array.isArray(parsed?.errors) ? (parsed.errors as ApiError["fieldErrors"]) : [];
    const seconds = Number(retryAfter);
    this.retryAfterSeconds = retryAfter !== null && Number.isFinite(seconds) ? seconds : undefined;
  }
}

function parseErrorBody(text: string): { message?: unknown; errors?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as { message?: unknown; errors?: unknown }) : null;
  } catch {
    return null;
  }
}

async function request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const send = async () => {
    const response = await fetch(path, {
      method,
      credentials: "include",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { response, text: await response.text() };
  };
  // Data routes wait while the server loads the bundled data after a first start.
  const { response, text } = await retryWhileDataLoads(send, ({ response, text }) => {
    if (response.status !== 503) return null;
    const parsed = parseErrorBody(text) as { code?: unknown; loadedPercent?: unknown } | null;
    return parsed?.code === "DATA_LOADING" && typeof parsed.loadedPercent === "number" ? { percent: parsed.loadedPercent, retryAfterSeconds: Number(response.headers.get("retry-after")) || undefined } : null;
  });
  if (!response.ok) throw new ApiError(response.status, text, response.statusText, response.headers.get("retry-after"));
  return (text ? JSON.parse(text) : null) as T;
}

export const getJson = <T>(path: string) => request<T>("GET", path);
export const postJson = <T>(path: string, body: unknown = {}) => request<T>("POST", path, body);

/** Full-page navigation (the API owns login/logout redirects and checkout). Tests stub it. */
export const navigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
