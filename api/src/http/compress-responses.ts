import compression from "compression";
import type { Request, Response } from "express";

/**
 * br/gzip, on the fly, for responses not compressed already (JSON from /graphql and /api,
 * index.html). Precompressed files carry their Content-Encoding and pass through. Event
 * streams (GraphQL subscriptions over SSE) are left alone: a compressor would hold each
 * event in its buffer instead of sending it when it happens.
 */
export function compressResponses() {
  return compression({
    filter: (req: Request, res: Response) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  });
}
