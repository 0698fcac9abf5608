import type { User } from "../generated/prisma/client";
import { hasProAccess } from "../billing/pro-access";
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
