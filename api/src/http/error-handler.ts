import type { ErrorRequestHandler } from "express";
import { AppError } from "../errors/app-error";

const genericMessage = "Something went wrong. Please try again.";

/** Maps errors from REST routes to JSON answers; unexpected ones are logged, never shown. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) res.set("Retry-After", String(error.retryAfterSeconds));
    if (error.code === "UNAUTHENTICATED" && req.headers.authorization) res.set("WWW-Authenticate", 'Bearer realm="tickerscope"');
    // GraphQL clients get a GraphQL-shaped body (e.g. an invalid API key before Yoga runs).
    const body = req.originalUrl.startsWith("/graphql")
      ? { errors: [{ message: error.message, extensions: error.toExtensions() }] }
      : error.toResponseBody();
    res.status(error.status).json(body);
    return;
  }
  // body-parser marks its own failures with a `type` and an HTTP status.
  if (error?.type === "entity.parse.failed") {
    res.status(400).json({
      message: "Request body must be valid JSON.",
      code: "BAD_USER_INPUT",
      errors: [{ field: "body", message: "Request body must be valid JSON." }],
    });
    return;
  }
  if (error?.type === "entity.too.large") {
    res.status(413).json({ message: "Request body is too large.", code: "BAD_USER_INPUT" });
    return;
  }
  req.log.error({ err: error, method: req.method, url: req.originalUrl }, "unhandled request error");
  res.status(500).json({ message: genericMessage, code: "INTERNAL_SERVER_ERROR" });
};
