import type { Request, RequestHandler } from "express";
import session from "express-session";
import { Passport } from "passport";
import type { User } from "../generated/prisma/client";
import { authenticateApiKey } from "../api-keys/api-keys";
import { AppError } from "../errors/app-error";
import type { AppDeps } from "../context";
import type { Viewer } from "./viewer";
import { PrismaSessionStore } from "./session-store";

export const SESSION_COOKIE = "tickerscope.sid";
const PURGE_INTERVAL_MS = 15 * 60 * 1000;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Passport's req.user is our Prisma user.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends Omit<import("../generated/prisma/client").User, never> {}
    interface Request {
      /** Set when the request carried a valid API key. */
      apiKeyId?: string;
    }
  }
}

/**
 * Sessions in the database (express-session + the `sessions` table) with
 * Passport on top; or, when the request carries `Authorization: Bearer <key>`,
 * the API key's user and no session at all. An invalid key is a 401, never a
 * silent anonymous request.
 */
export function createAuthentication(deps: AppDeps) {
  const store = new PrismaSessionStore(deps.db, deps.logger, deps.authCache);
  const passport = new Passport();
  passport.serializeUser<string>((user, done) => done(null, (user as User).id));
  passport.deserializeUser<string>((id, done) => {
    deps.authCache
      .user(id, () => deps.db.prisma.user.findUnique({ where: { id } }))
      .then((user) => done(null, user ?? false), done);
  });

  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: deps.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: undefined,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: deps.config.isProduction && deps.config.publicUrl.startsWith("https://"),
      maxAge: deps.config.session.maxAgeDays * 24 * 60 * 60 * 1000,
      path: "/",
    },
  });
  const passportInitialize = passport.initialize();
  const passportSession = passport.session();

  const authenticate: RequestHandler = (req, res, next) => {
    const authorization = req.headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (!match) {
        next(new AppError("UNAUTHENTICATED", "Authorization must be 'Bearer <API key>'."));
        return;
      }
      authenticateApiKey(deps, match[1]).then((found) => {
        if (!found) {
          next(new AppError("UNAUTHENTICATED", "This API key is not valid or has been revoked."));
          return;
        }
        req.user = found.user;
        req.apiKeyId = found.apiKeyId;
        next();
      }, next);
      return;
    }
    // GraphQL never signs anyone in, so a request without our cookie has no session to load or start.
    if (req.baseUrl === "/graphql" && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return next();
    sessionMiddleware(req, res, (sessionError) => {
      if (sessionError) return next(sessionError);
      passportInitialize(req, res, (initError) => {
        if (initError) return next(initError);
        passportSession(req, res, next);
      });
    });
  };

  return { passport, authenticate };
}

/** Purges expired sessions now and every 15 minutes; returns a stop function. */
export function scheduleSessionPurge(deps: Pick<AppDeps, "db" | "logger">): () => void {
  const store = new PrismaSessionStore(deps.db, deps.logger);
  const purge = () =>
    store.purgeExpired().then(
      (count) => count > 0 && deps.logger.info({ count }, "expired sessions purged"),
      (error) => deps.logger.warn({ err: error }, "session purge failed"),
    );
  void purge();
  const timer = setInterval(purge, PURGE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export type Authentication = ReturnType<typeof createAuthentication>;

/** The viewer of a request that went through `authenticate`. */
export function viewerOf(req: Request): Viewer | null {
  if (!req.user) return null;
  return req.apiKeyId
    ? { user: req.user as User, authMethod: "apiKey", apiKeyId: req.apiKeyId }
    : { user: req.user as User, authMethod: "session" };
}

/** Signs the user in on this request's session (Passport regenerates the session id). */
export function signInSession(req: Request, user: User): Promise<void> {
  return new Promise((resolve, reject) => req.login(user, (error) => (error ? reject(error) : resolve())));
}

/** Ends the session: Passport logs out (regenerating the id), then the session row is destroyed. */
export function signOutSession(req: Request): Promise<void> {
  return new Promise((resolve) => {
    if (!req.session) return resolve();
    req.logout({ keepSessionInfo: false }, () => {
      req.session.destroy(() => resolve());
    });
  });
}
