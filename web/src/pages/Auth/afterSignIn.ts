import { useEffect } from "react";
import { fetchQuery, useRelayEnvironment } from "react-relay";
import { navigation } from "../../api/rest";
import { HeaderViewerQuery } from "../../components/Header/Header";

/** Spec §9: after activation the app opens / after 2000 ms; a sign-in link does the same, so its welcome toast can be read. */
export const REDIRECT_AFTER_SIGN_IN_MS = 2000;

/** Has /account welcome a new Basic account (its plan card says so). */
export const WELCOME_PARAM = "welcome";
/** Where a new Basic account lands after its first sign-in: its plan, the welcome and the way to start the Pro trial. */
export const NEW_BASIC_ACCOUNT_PATH = `/account?${WELCOME_PARAM}=1`;

/**
 * Once `signedIn` turns true (a checkout activated or an emailed link redeemed on this page):
 * asks the server for the viewer again, so the header shows the account at once instead of
 * "Sign In", then opens `destination` after REDIRECT_AFTER_SIGN_IN_MS with a full navigation,
 * so the whole app starts again signed in.
 */
export function useAfterSignIn(signedIn: boolean, destination = "/"): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    if (!signedIn) return;
    // The header reads the store's viewer: the new answer replaces the signed-out one it shows.
    // A failed refetch leaves the header as it was; the navigation below starts over anyway.
    const refetch = fetchQuery(environment, HeaderViewerQuery, {}, { fetchPolicy: "network-only" }).subscribe({ error: () => {} });
    const timer = setTimeout(() => navigation.assign(destination), REDIRECT_AFTER_SIGN_IN_MS);
    return () => {
      refetch.unsubscribe();
      clearTimeout(timer);
    };
  }, [signedIn, destination, environment]);
}
