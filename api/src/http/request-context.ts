import type { Request } from "express";
import { viewerOf } from "../auth/sessions";
import type { AppDeps, RequestContext } from "../context";

export function requestContext(deps: AppDeps, req: Request): RequestContext {
  return {
    ...deps,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    requestLogger: req.log ?? deps.logger,
    viewer: viewerOf(req),
  };
}
