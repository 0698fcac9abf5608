/**
 * One application error type with stable codes, mapped once to HTTP statuses
 * (REST shims) and to GraphQL `extensions.code` (see graphql/errors.ts).
 */
export const errorStatus = {
  BAD_USER_INPUT: 400,
  /** A GraphQL operation over the per-query cost or depth limit (rejected before it runs). */
  QUERY_TOO_COMPLEX: 400,
  UNAUTHENTICATED: 401,
  PRO_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A request body over the endpoint's size limit. */
  PAYLOAD_TOO_LARGE: 413,
  /** A request body in a charset or Content-Encoding the server does not read. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** A live subscription over the requester's limit of open ones (SUBSCRIPTIONS_PER_REQUESTER). */
  TOO_MANY_SUBSCRIPTIONS: 429,
  INTERNAL_SERVER_ERROR: 500,
  /** The bundled data is still loading after a first start: the answer comes once it is in. */
  DATA_LOADING: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type FieldError = { field: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: FieldError[];
  readonly retryAfterSeconds?: number;
  /** DATA_LOADING: how much of the bundled data is in (0…100). */
  readonly loadedPercent?: number;

  constructor(
    code: ErrorCode,
    message: string,
    details: { fieldErrors?: FieldError[]; retryAfterSeconds?: number; loadedPercent?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = details.fieldErrors;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.loadedPercent = details.loadedPercent;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  /** The JSON body REST shims answer with. */
  toResponseBody(): { message: string; code: ErrorCode; errors?: FieldError[]; retryAfterSeconds?: number; loadedPercent?: number } {
    return {
      message: this.message,
      code: this.code,
      ...(this.fieldErrors ? { errors: this.fieldErrors } : {}),
      ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      ...(this.loadedPercent !== undefined ? { loadedPercent: this.loadedPercent } : {}),
    };
  }

  /** The GraphQL `extensions` for this error. */
  toExtensions(): Record<string, unknown> {
    return {
      code: this.code,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
      ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      ...(this.loadedPercent !== undefined ? { loadedPercent: this.loadedPercent } : {}),
    };
  }
}
