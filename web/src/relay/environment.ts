import { Environment, Network, RecordSource, Store, type FetchFunction, type GraphQLResponse } from "relay-runtime";

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
  extensions?: { code?: unknown; fieldErrors?: unknown; retryAfterSeconds?: unknown };
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

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function createFetchFunction(fetchImpl: FetchLike = (input, init) => fetch(input, init)): FetchFunction {
  return async (params, variables) => {
    let response: Response;
    try {
      response = await fetchImpl("/graphql", {
        method: "POST",
        credentials: "include",
        headers: {
          "content-type": "application/json",
          accept: "application/graphql-response+json, application/json",
          // GraphQL Yoga's CSRF prevention: any value in this header marks a non-simple request.
          "x-graphql-yoga-csrf": "1",
        },
        body: JSON.stringify({ query: params.text, operationName: params.name, variables }),
      });
    } catch {
      throw new GraphQLRequestError(NETWORK_ERROR_MESSAGE, "NETWORK_ERROR");
    }

    type Body = { data?: unknown; errors?: GraphQLErrorLike[] } | null;
    let body: Body;
    try {
      body = (await response.json()) as Body;
    } catch {
      body = null;
    }
    if (body && Array.isArray(body.errors) && body.errors.length > 0) {
      throw errorFromGraphQLErrors(body.errors);
    }
    if (!response.ok || !body || body.data == null) {
      throw new GraphQLRequestError(GENERIC_ERROR_MESSAGE, `HTTP_${response.status}`);
    }
    return body as GraphQLResponse;
  };
}

export function createRelayEnvironment(fetchImpl?: FetchLike): Environment {
  return new Environment({
    network: Network.create(createFetchFunction(fetchImpl)),
    store: new Store(new RecordSource()),
  });
}

let browserEnvironment: Environment | null = null;

/** The app's one Relay environment in the browser (created on first use). */
export function getRelayEnvironment(): Environment {
  browserEnvironment ??= createRelayEnvironment();
  return browserEnvironment;
}
