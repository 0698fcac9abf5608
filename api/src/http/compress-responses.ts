import compression from "compression";
import type { Request, RequestHandler, Response } from "express";

/**
 * br/gzip, on the fly, for responses not compressed already (JSON from /graphql and /api,
 * index.html). Precompressed files carry their Content-Encoding and pass through. Event
 * streams (GraphQL subscriptions over SSE) are left alone: a compressor would hold each
 * event in its buffer instead of sending it when it happens. A request that accepts no
 * encoding (many API scripts) skips the compressor's wrapping of the response altogether.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({
    filter: (req: Request, res: Response) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  });
  return (req, res, next) => {
    if (!req.headers["accept-encoding"]) {
      // The answer still depends on the header, for caches.
      res.vary("Accept-Encoding");
      return next();
    }
    compress(req, res, next);
  };
}
