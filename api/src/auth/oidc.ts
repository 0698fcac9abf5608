import { Router, type Request, type Response } from "express";
import type { AuthenticateCallback } from "passport";
import type { Configuration, IDToken, TokenEndpointResponse, TokenEndpointResponseHelpers, UserInfoResponse } from "openid-client";
import type { AuthenticateOptions } from "openid-client/passport";
import type { AppDeps } from "../context";
import type { Database } from "../db/database";
import type { User } from "../generated/prisma/client";
import type { Logger } from "../logging/logger";
import { signInSession, type Authentication } from "./sessions";
import { emailField, findOrCreateUserByEmail, splitFullName } from "./users";

declare module "express-session" {
  interface SessionData {
    /** Where to go after single sign-on (a same-site path), set by `/api/login?returnTo=`. */
    oidcReturnTo?: string;
  }
}

export const OIDC_CALLBACK_PATH = "/api/auth/oidc/callback";
const SSO_FAILED_REDIRECT = "/auth?tab=signin&error=sso_failed";
const SSO_UNAVAILABLE_REDIRECT = "/auth?tab=signin&error=sso_unavailable";

const STRATEGY_NAME = "oidc";
const DISCOVERY_TIMEOUT_SECONDS = 10;

type OidcConfig = NonNullable<AppDeps["config"]["oidc"]>;
type Tokens = TokenEndpointResponse & TokenEndpointResponseHelpers;

/** Why a sign-in was refused; the user only sees "sso_failed", the log says which. */
class SignInRefused extends Error {}

/**
 * OpenID Connect sign-in through Passport (openid-client's Strategy):
 * `GET /api/login` redirects to the provider (authorization code + PKCE,
 * state and nonce kept in the session); the provider returns to
 * `GET /api/auth/oidc/callback`, which finds or creates the user and signs
 * them in. The provider is discovered on the first sign-in, not at boot, so a
 * provider that is down never stops the app; a failed discovery is retried on
 * the next sign-in.
 */
export function oidcRoutes(deps: AppDeps, oidc: OidcConfig, passport: Authentication["passport"]): Router {
  const router = Router();
  const callbackUrl = new URL(OIDC_CALLBACK_PATH, deps.config.publicUrl).href;

  let strategyReady: Promise<void> | undefined;
  const registerStrategy = () => {
    strategyReady ??= createStrategy(deps, oidc, callbackUrl).then(
      (strategy) => void passport.use(STRATEGY_NAME, strategy),
      (error: unknown) => {
        strategyReady = undefined;
        throw error;
      },
    );
    return strategyReady;
  };

  /** Resolves once the strategy is registered; otherwise logs why and sends the visitor back to sign-in. */
  async function providerAvailable(req: Request, res: Response): Promise<boolean> {
    try {
      await registerStrategy();
      return true;
    } catch (error) {
      logger(req, deps).error({ issuer: oidc.issuer, reason: reasonOf(error) }, "OpenID provider discovery failed");
      res.redirect(302, SSO_UNAVAILABLE_REDIRECT);
      return false;
    }
  }

  router.get("/api/login", async (req, res, next) => {
    if (!(await providerAvailable(req, res))) return;
    const returnTo = sameSitePath(req.query.returnTo);
    if (req.session) {
      if (returnTo) req.session.oidcReturnTo = returnTo;
      else delete req.session.oidcReturnTo;
    }
    // On success the strategy itself redirects to the provider; the callback only sees errors.
    const startFailed: AuthenticateCallback = (error) => {
      logger(req, deps).error({ reason: reasonOf(error) }, "OpenID sign-in could not start");
      res.redirect(302, SSO_UNAVAILABLE_REDIRECT);
    };
    passport.authenticate(STRATEGY_NAME, startFailed)(req, res, next);
  });

  router.get(OIDC_CALLBACK_PATH, async (req, res, next) => {
    if (!(await providerAvailable(req, res))) return;
    const finish: AuthenticateCallback = (error, user, info) => {
      if (error || !user) {
        // Denied at the provider, a forged or replayed state, no usable email, ...
        const reason = error ? reasonOf(error) : (info as { message?: string } | undefined)?.message;
        logger(req, deps).warn({ reason }, "OpenID sign-in refused");
        res.redirect(302, SSO_FAILED_REDIRECT);
        return;
      }
      // Read before signing in: Passport regenerates the session, dropping its data.
      const returnTo = req.session.oidcReturnTo ?? "/";
      signInSession(req, user as User).then(() => res.redirect(302, returnTo), next);
    };
    passport.authenticate(STRATEGY_NAME, finish)(req, res, next);
  });

  return router;
}

async function createStrategy(deps: AppDeps, oidc: OidcConfig, callbackUrl: string) {
  // openid-client is ESM-only: loaded with a real import() (kept as such by the build and jest).
  const client = await import("openid-client");
  const { Strategy } = await import("openid-client/passport");

  const issuer = new URL(oidc.issuer);
  // openid-client refuses plain-http providers; allowed outside production for a local provider
  // (development, tests), never in production.
  const plainHttp = issuer.protocol === "http:";
  if (plainHttp && deps.config.isProduction) throw new Error("OIDC_ISSUER must be an https URL in production");
  const configuration = await client.discovery(
    issuer,
    oidc.clientId,
    undefined,
    // client_secret_basic is the registration default (RFC 7591); no secret means a public client (PKCE alone).
    oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None(),
    {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      execute: plainHttp ? [client.allowInsecureRequests] : [],
    },
  );

  /** The stock strategy sends state only to providers without PKCE; we want state and nonce always. */
  class StateAndNonceStrategy extends Strategy {
    override authorizationRequestParams<TOptions extends AuthenticateOptions>(req: Request, options: TOptions) {
      const params = new URLSearchParams(super.authorizationRequestParams(req, options));
      params.set("state", client.randomState());
      params.set("nonce", client.randomNonce());
      return params;
    }
  }

  return new StateAndNonceStrategy(
    { config: configuration, scope: oidc.scope, callbackURL: callbackUrl, sessionKey: "oidcAuthorization" },
    (tokens, verified) => {
      claimsOf(client, configuration, tokens)
        .then((claims) => signInIdentityOf(claims))
        .then((identity) => findOrCreateOidcUser(deps.db, identity))
        .then(
          (user) => verified(null, user),
          (error: unknown) =>
            error instanceof SignInRefused ? verified(null, false, { message: error.message }) : verified(error),
        );
    },
  );
}

type Claims = IDToken & Partial<UserInfoResponse>;

/** ID token claims, completed by the UserInfo endpoint (many providers put email and names only there). */
async function claimsOf(
  client: typeof import("openid-client"),
  configuration: Configuration,
  tokens: Tokens,
): Promise<Claims> {
  const idToken = tokens.claims();
  if (!idToken) throw new SignInRefused("the provider returned no ID token");
  if (!configuration.serverMetadata().userinfo_endpoint) return idToken;
  // fetchUserInfo checks that the UserInfo subject is the ID token's.
  const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  return { ...userInfo, ...idToken };
}

type OidcIdentity = {
  issuer: string;
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

function signInIdentityOf(claims: Claims): OidcIdentity {
  const email = emailField.safeParse(claims.email);
  if (!email.success) throw new SignInRefused("the provider sent no valid email address");
  // Absent is accepted (not every provider sends it); false is not. Some providers send the boolean as a string.
  if (String(claims.email_verified) === "false") {
    throw new SignInRefused("the provider has not verified this email address");
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
  const fromFullName = text(claims.name) ? splitFullName(text(claims.name)!) : null;
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: email.data,
    firstName: text(claims.given_name) ?? fromFullName?.firstName ?? null,
    lastName: text(claims.family_name) ?? fromFullName?.lastName ?? null,
    profileImageUrl: text(claims.picture),
  };
}

/**
 * The user this provider account signs in as: the one already linked to it;
 * else the account with the same (verified) email, which gets linked; else a
 * new account. An email account already linked to another subject of the
 * same provider is not taken over.
 */
async function findOrCreateOidcUser(db: Database, identity: OidcIdentity): Promise<User> {
  const { issuer, subject, email, ...profile } = identity;
  const linked = await db.prisma.user.findUnique({
    where: { oidcIssuer_oidcSubject: { oidcIssuer: issuer, oidcSubject: subject } },
  });
  if (linked) return linked;
  const user = await findOrCreateUserByEmail(db, email, profile);
  if (user.oidcIssuer === issuer && user.oidcSubject && user.oidcSubject !== subject) {
    throw new SignInRefused("this email belongs to an account linked to another identity at this provider");
  }
  return db.prisma.user.update({ where: { id: user.id }, data: { oidcIssuer: issuer, oidcSubject: subject } });
}

/** A path on this site (`/account?tab=keys`), never another origin (`//evil.example`, `https://…`). */
export function sameSitePath(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2048) return undefined;
  const base = "http://tickerscope.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

const logger = (req: Request, deps: AppDeps): Logger => req.log ?? deps.logger;

/** A one-line reason for the log (openid-client puts the specific problem in `cause`), no stack. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message;
}
