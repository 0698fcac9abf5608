import { useEffect } from "react";
import { navigation } from "../../api/rest";

/** Spec §9: after activation the app opens / after 2000 ms; a sign-in link does the same, so its welcome toast can be read. */
export const REDIRECT_AFTER_SIGN_IN_MS = 2000;

/** Once `signedIn` turns true, opens / after REDIRECT_AFTER_SIGN_IN_MS with a full navigation, so the whole app starts again signed in. */
export function useRedirectHomeAfterSignIn(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigation.assign("/"), REDIRECT_AFTER_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [signedIn]);
}
