import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type SubscribeFunction,
} from "relay-runtime";
import { retryWhileDataLoads } from "./data-loading";

export interface FieldError {
  field: string;
  message: string;
}

/** What the UI gets when a GraphQL operation fails: a short, user-facing message, never a stack trace. */
export class GraphQLRequestError extends Error {
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds?: number;

  constructor(message: string, code: string, options: { fieldErrors?: FieldError[]; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "GraphQLRequestError";
    this.code = code;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";
export const NETWORK_ERROR_MESSAGE = "Unable to reach Tickerscope. Check your connection and try again.";

interface GraphQLErrorLike {
  message?: string;
  extensions?: { code?: unknown; fieldErrors?: unknown; retryAfterSeconds?: unknown; loadedPercent?: unknown };
}

function toFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== "object") return [];
    const { field, message } = item as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") return [];
    // Accept "email" as well as a path such as "input.email".
    return [{ field: field.split(".").pop() ?? field, message }];
  });
}

/** Map the `errors` of a GraphQL response to one GraphQLRequestError (uses `extensions.code`). */
export function errorFromGraphQLErrors(errors: readonly GraphQLErrorLike[]): GraphQLRequestError {
  const first = errors[0] ?? {};
  const code = typeof first.extensions?.code === "string" ? first.extensions.code : "INTERNAL_SERVER_ERROR";
  switch (code) {
    case "BAD_USER_INPUT": {
      const fieldErrors = errors.flatMap((e) => toFieldErrors(e.extensions?.fieldErrors));
      const message =
        fieldErrors.length > 0 ? "Please check the highlighted fields and try again." : "Some of the information you entered is not valid.";
      return new GraphQLRequestError(message, code, { fieldErrors });
    }
    case "RATE_LIMITED": {
      const raw = first.extensions?.retryAfterSeconds;
      const seconds = typeof raw === "number" && Number.isFinite(raw) && raw > 0 ? Math.ceil(raw) : undefined;
      const message = seconds
        ? `Too many requests. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`
        : "Too many requests. Please wait a moment and try again.";
      return new GraphQLRequestError(message, code, { retryAfterSeconds: seconds });
    }
    default:
      return new GraphQLRequestError(GENERIC_ERROR_MESSAGE, code);
  }
}

/** The headers every GraphQL request carries (Yoga's CSRF prevention: any value marks a non-simple request). */
const CSRF_HEADERS = { "x-graphql-yoga-csrf": "1" };

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

type Body = { data?: unknown; errors?: GraphQLErrorLike[] } | null;

/** The share loaded when the server answered DATA_LOADING (it is loading the bundled data), else null. */
function dataLoadingOf(body: Body): { percent: number; retryAfterSeconds?: number } | null {
  const extensions = body?.errors?.[0]?.extensions;
  if (extensions?.code !== "DATA_LOADING" || typeof extensions.loadedPercent !== "number") return null;
  return { percent: extensions.loadedPercent, retryAfterSeconds: typeof extensions.retryAfterSeconds === "number" ? extensions.retryAfterSeconds : undefined };
}

export function createFetchFunction(fetchImpl: FetchLike = (input, init) => fetch(input, init)): FetchFunction {
  return async (params, variables) => {
    const send = async () => {
      let response: Response;
      try {
        response = await fetchImpl("/graphql", {
          method: "POST",
          credentials: "include",
          headers: {
            "content-type": "application/json",
            accept: "application/graphql-response+json, application/json",
            ...CSRF_HEADERS,
          },
          body: JSON.stringify({ query: params.text, operationName: params.name, variables }),
        });
      } catch {
        throw new GraphQLRequestError(NETWORK_ERROR_MESSAGE, "NETWORK_ERROR");
      }
      let body: Body;
      try {
        body = (await response.json()) as Body;
      } catch {
        body = null;
      }
      return { response, body };
    };
    // A query asked while the server loads the bundled data waits for it (the page says how far it is).
    const { response, body } = await retryWhileDataLoads(send, ({ body }) => dataLoadingOf(body));
    if (body && Array.isArray(body.errors) && body.errors.length > 0) {
      throw errorFromGraphQLErrors(body.errors);
    }
    if (!response.ok || !body || body.data == null) {
      throw new GraphQLRequestError(GENERIC_ERROR_MESSAGE, `HTTP_${response.status}`);
    }
    return body as GraphQLResponse;
  };
}

/**
 * GraphQL subscriptions over Server-Sent Events: Yoga answers a POST to /graphql that accepts
 * `text/event-stream` with one event stream per operation (graphql-sse's "distinct connections
 * mode"). The client is loaded on the first subscription, so pages without live data do not
 * download it. A dropped connection is retried a few times before the subscription errors.
 */
export function createSubscribeFunction(fetchImpl?: FetchLike): SubscribeFunction {
  let client: import("graphql-sse").Client | undefined;
  return (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      let cancelled = false;
      let dispose: (() => void) | undefined;
      import("graphql-sse").then(
        ({ createClient }) => {
          if (cancelled) return;
          client ??= createClient({
            url: "/graphql",
            credentials: "include",
            headers: CSRF_HEADERS,
            retryAttempts: 3,
            ...(fetchImpl ? { fetchFn: fetchImpl } : {}),
          });
          if (!params.text) {
            sink.error(new GraphQLRequestError(GENERIC_ERROR_MESSAGE, "NO_OPERATION_TEXT"));
            return;
          }
          dispose = client.subscribe<Record<string, unknown>>(
            { query: params.text, operationName: params.name, variables },
            {
              next: (result) => {
                const errors = (result as { errors?: GraphQLErrorLike[] }).errors;
                if (Array.isArray(errors) && errors.length > 0) sink.error(errorFromGraphQLErrors(errors));
                else sink.next(result as GraphQLResponse);
              },
              error: () => sink.error(new GraphQLRequestError(NETWORK_ERROR_MESSAGE, "NETWORK_ERROR")),
              complete: () => sink.complete(),
            },
          );
        },
        () => sink.error(new GraphQLRequestError(NETWORK_ERROR_MESSAGE, "NETWORK_ERROR")),
      );
      return () => {
        cancelled = true;
        dispose?.();
      };
    });
}

export function createRelayEnvironment(fetchImpl?: FetchLike): Environment {
  return new Environment({
    network: Network.create(createFetchFunction(fetchImpl), createSubscribeFunction(fetchImpl)),
    store: new Store(new RecordSource()),
  });
}

let browserEnvironment: Environment | null = null;

/** The app's one Relay environment in the browser (created on first use). */
export function getRelayEnvironment(): Environment {
  browserEnvironment ??= createRelayEnvironment();
  return browserEnvironment;
}
