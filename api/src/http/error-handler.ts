import type { ErrorRequestHandler } from "express";
import { AppError, type ErrorCode } from "../errors/app-error";

const genericMessage = "Something went wrong. Please try again.";

/** Other 4xx errors keep their status where an error code has it. */
const statusCodes: Record<number, ErrorCode> = {
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

const bodyError = (code: "BAD_USER_INPUT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE", message: string) =>
  new AppError(code, message, { fieldErrors: [{ field: "body", message }] });

/**
 * A request Express could not read (body-parser and the router mark their failures with an HTTP
 * status and a `type`): the client's mistake, named, rather than a 500. Undefined for anything else.
 */
function unreadableRequestError(error: unknown): AppError | undefined {
  if (typeof error !== "object" || error === null || error instanceof AppError) return undefined;
  const { status, type, charset, encoding, limit, code, message } = error as Record<string, unknown>;
  if (typeof status !== "number" || status < 400 || status >= 500) return undefined;
  switch (type) {
    case "entity.parse.failed":
      return bodyError("BAD_USER_INPUT", "Request body must be valid JSON.");
    case "entity.too.large":
      return bodyError("PAYLOAD_TOO_LARGE", `Request body is too large (at most ${limit} bytes).`);
    case "charset.unsupported":
      return bodyError("UNSUPPORTED_MEDIA_TYPE", `Request body charset "${charset}" is not supported: send UTF-8.`);
    case "encoding.unsupported":
      return bodyError(
        "UNSUPPORTED_MEDIA_TYPE",
        `Content-Encoding "${encoding}" is not supported: send identity, gzip, deflate, br or zstd.`,
      );
    case "request.size.invalid":
      return bodyError("BAD_USER_INPUT", "Request body length does not match its Content-Length header.");
    case "parameters.too.many":
    case "querystring.parse.rangeError":
      return bodyError("BAD_USER_INPUT", "Request body has too many or too deeply nested form fields.");
  }
  // zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR...): a body that does not match its Content-Encoding.
  if (typeof code === "string" && code.startsWith("Z_")) {
    return bodyError("BAD_USER_INPUT", `Request body could not be decompressed as its Content-Encoding says (${message}).`);
  }
  // The router's URIError for a path parameter that is not percent-encoded UTF-8.
  if (error instanceof URIError) {
    const problem = "The URL path is not valid percent-encoded UTF-8.";
    return new AppError("BAD_USER_INPUT", problem, { fieldErrors: [{ field: "path", message: problem }] });
  }
  const fallbackCode = statusCodes[status] ?? "BAD_USER_INPUT";
  return new AppError(fallbackCode, typeof message === "string" && message ? message : "The request could not be read.");
}

/** Maps errors from REST routes to JSON answers; unexpected ones are logged, never shown. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const unreadable = unreadableRequestError(error);
  // The client's mistake, not ours: a warning with what was wrong, no stack.
  if (unreadable) req.log?.warn({ reason: unreadable.message, method: req.method, url: req.originalUrl }, "unreadable request refused");
  const appError = error instanceof AppError ? error : unreadable;
  if (appError) {
    if (appError.retryAfterSeconds !== undefined) res.set("Retry-After", String(appError.retryAfterSeconds));
    if (appError.code === "UNAUTHENTICATED" && req.headers.authorization) res.set("WWW-Authenticate", 'Bearer realm="tickerscope"');
    // GraphQL clients get a GraphQL-shaped body (e.g. an invalid API key before Yoga runs).
    const body = req.originalUrl.startsWith("/graphql")
      ? { errors: [{ message: appError.message, extensions: appError.toExtensions() }] }
      : appError.toResponseBody();
    res.status(appError.status).json(body);
    return;
  }
  req.log.error({ err: error, method: req.method, url: req.originalUrl }, "unhandled request error");
  res.status(500).json({ message: genericMessage, code: "INTERNAL_SERVER_ERROR" });
};
