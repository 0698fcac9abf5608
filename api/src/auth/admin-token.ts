// The admin routes' bearer token (/api/admin/...): ADMIN_TOKEN, or, on an embedded database
// without it, the one this server made at start and keeps in DATA_DIR/pglite.lock (readable by its
// owner only), so a CLI on this machine run by the same user can send its work to the server.
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { AppDeps } from "../context";
import { AppError } from "../errors/app-error";

const digest = (token: string) => createHash("sha256").update(token).digest();

/** The tokens the admin routes accept: ADMIN_TOKEN and this start's own (embedded database). */
function adminTokens(deps: AppDeps): Buffer[] {
  return [deps.config.adminToken, deps.db.dataDirLock?.holder.adminToken].filter((token): token is string => Boolean(token)).map(digest);
}

export function requireAdmin(deps: AppDeps): RequestHandler {
  return (req, _res, next) => {
    const accepted = adminTokens(deps);
    if (accepted.length === 0) throw new AppError("FORBIDDEN", "The admin routes are off: set ADMIN_TOKEN (at least 32 characters) on the server to use them.");
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    const given = match ? digest(match[1]) : null;
    if (!given || !accepted.some((token) => timingSafeEqual(token, given))) {
      throw new AppError("UNAUTHENTICATED", "The admin routes need Authorization: Bearer <ADMIN_TOKEN>.");
    }
    next();
  };
}
