import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The claims an account at the test provider releases (scopes openid, email, profile). */
export type TestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
};

/** A listening HTTP server on 127.0.0.1 with a random port; its handler is set later. */
export async function listenOnRandomPort(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * A real OpenID Provider (the certified `oidc-provider` package) on a random
 * local port, with one confidential client and in-memory accounts. Its login
 * and consent interactions are answered without a form: the login signs in
 * as `nextSignIn` (or denies), the consent grants what was asked, as a user
 * clicking through would.
 */
export async function startLocalOpenIdProvider(client: { clientId: string; clientSecret: string; redirectUri: string }) {
  // oidc-provider is ESM-only: a real import() (jest keeps dynamic imports).
  const { default: Provider } = await import("oidc-provider");
  const server = http.createServer();
  const issuer = await listenOnRandomPort(server);
  const accounts = new Map<string, TestAccount>();
  let nextSignIn: { accountId: string } | "deny" = "deny";
  let available = true;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        // An http redirect URI is allowed for web clients using the code flow (only implicit flows require https).
        redirect_uris: [client.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    // Sign the provider's cookies as a real deployment would: signing needs keys. Secure is not set
    // here; the provider adds it only on https requests, so its cookies work on this plain-http server.
    cookies: {
      keys: ["local-openid-provider-test-cookie-key"],
      long: { httpOnly: true, sameSite: "lax", signed: true },
      short: { httpOnly: true, sameSite: "lax", signed: true },
    },
    // Our own signing key, so the provider does not fall back to its development-only keys (and warn).
    jwks: { keys: [crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" })] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name", "picture"],
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => account };
    },
    // Explicit lifetimes (the defaults print a notice each).
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    // Our own interaction handling below instead of the built-in HTML forms.
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const providerCallback = provider.callback();

  async function interact(req: http.IncomingMessage, res: http.ServerResponse) {
    const { prompt, params, session, grantId } = await provider.interactionDetails(req, res);
    if (prompt.name === "login") {
      const result =
        nextSignIn === "deny"
          ? { error: "access_denied", error_description: "The user cancelled the sign-in." }
          : { login: nextSignIn };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      return;
    }
    // Consent: grant the requested scopes and claims.
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
    const details = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (details.missingOIDCScope) grant!.addOIDCScope(details.missingOIDCScope.join(" "));
    if (details.missingOIDCClaims) grant!.addOIDCClaims(details.missingOIDCClaims);
    await provider.interactionFinished(req, res, { consent: { grantId: await grant!.save() } }, { mergeWithLastSubmission: true });
  }

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!available) {
      res.writeHead(503).end("down for maintenance");
    } else if (req.url?.startsWith("/interaction/")) {
      interact(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    } else {
      void providerCallback(req, res);
    }
  });

  return {
    issuer,
    /** The account the next login interaction signs in as (registered with its claims), or "deny". */
    signInAs(account: TestAccount | "deny") {
      if (account === "deny") {
        nextSignIn = "deny";
        return;
      }
      accounts.set(account.sub, account);
      nextSignIn = { accountId: account.sub };
    },
    /** While false, every request (discovery included) answers 503. */
    setAvailable(value: boolean) {
      available = value;
    },
    close: () => closeServer(server),
  };
}

export type LocalOpenIdProvider = Awaited<ReturnType<typeof startLocalOpenIdProvider>>;
