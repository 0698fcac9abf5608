import type { RequestHandler } from "express";
import { lineOfTurns } from "../shared/turn-for-requests";

/**
 * Data requests start one per turn of the event loop, in arrival order. Node reads every socket
 * that is ready in one go and ran each request's synchronous part (parsing, validating and
 * executing a GraphQL operation, building an answer) back to back: at 100 connections that was
 * ~250 ms in which nothing else was read, /healthz included. Between two starts Node now reads
 * and answers what else has arrived; a request costs one setImmediate more.
 */
export function startRequestsInTurns(): RequestHandler {
  const inTurn = lineOfTurns();
  return (_req, _res, next) => void inTurn(() => next()).catch((error: unknown) => next(error));
}
