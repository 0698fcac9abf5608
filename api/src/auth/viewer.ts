import type { User } from "../generated/prisma/client";
import { hasProAccess } from "../billing/pro-access";
import { AppError } from "../errors/app-error";
import type { AuthScopes } from "../graphql/builder";

/** Who is asking: a signed-in user, through a session cookie or an API key. */
export type Viewer = {
  user: User;
  authMethod: "session" | "apiKey";
  /** Set when authMethod is "apiKey". */
  apiKeyId?: string;
};

/** The scopes scope-auth checks; computed once per request. */
export function authScopesFor(viewer: Viewer | null, now: Date = new Date()): AuthScopes {
  return {
    signedIn: viewer !== null,
    pro: viewer !== null && hasProAccess(viewer.user, now),
    apiKey: viewer?.authMethod === "apiKey",
  };
}

/**
 * The user behind a browser session. API keys are for reading data: account, billing and
 * API-key changes (and the key list) need the owner signed in, so a leaked key cannot cancel a
 * subscription, open the billing portal or revoke its siblings.
 */
export function requireSessionUser(viewer: Viewer | null): User {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in required.");
  if (viewer.authMethod !== "session") {
    throw new AppError("FORBIDDEN", "API keys read data only: account, billing and API-key changes need a signed-in browser session.");
  }
  return viewer.user;
}
