import type { ErrorRequestHandler } from "express";
import { AppError } from "../errors/app-error";

const genericMessage = "Something went wrong. Please try again.";

/** Maps errors from REST routes to JSON answers; unexpected ones are logged, never shown. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) res.set("Retry-After", String(error.retryAfterSeconds));
    res.status(error.status).json(error.toResponseBody());
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
