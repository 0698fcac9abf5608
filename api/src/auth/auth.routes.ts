import { Router, type Request } from "express";
import { AppError } from "../errors/app-error";
import { subscriptionStatusOf } from "../billing/pro-access";
import { cachePolicy, NO_STORE } from "../http/cache-headers";
import { requestContext } from "../http/request-context";
import type { AppDeps } from "../context";
import { oidcRoutes } from "./oidc";
import { SESSION_COOKIE, signInSession, signOutSession, viewerOf, type Authentication } from "./sessions";
import { consumeSignInLink, requestSignInLink } from "./sign-in-links";
import { publicUserFields } from "./users";

function requireViewer(req: Request) {
  const viewer = viewerOf(req);
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in required.");
  return viewer;
}

/** REST shims of spec §7 for the current user, email sign-in, single sign-on and sign-out. */
export function authRoutes(deps: AppDeps, passport: Authentication["passport"]): Router {
  const router = Router();

  router.get("/api/auth/user", cachePolicy(NO_STORE), (req, res) => {
    res.json(publicUserFields(requireViewer(req).user));
  });

  router.get("/api/subscription-status", cachePolicy(NO_STORE), (req, res) => {
    res.json(subscriptionStatusOf(requireViewer(req).user));
  });

  router.post("/api/auth/signin", async (req, res) => {
    const result = await requestSignInLink(requestContext(deps, req), req.body);
    res.json({ ok: true, message: result.message });
  });

  router.post("/api/auth/verify-link", async (req, res) => {
    const { user, newAccount } = await consumeSignInLink(requestContext(deps, req), req.body);
    await signInSession(req, user);
    res.json({ success: true, email: user.email, newAccount });
  });

  if (deps.config.oidc) router.use(oidcRoutes(deps, deps.config.oidc, passport));
  else {
    // No OpenID provider configured: sign in by email link on /auth.
    router.get("/api/login", (_req, res) => res.redirect(302, "/auth?tab=signin"));
  }

  router.get("/api/logout", async (req, res) => {
    await signOutSession(req);
    res.clearCookie(SESSION_COOKIE, { path: "/" }).redirect(302, "/");
  });

  return router;
}
