/** Spec §9: after activation the app opens / after 2000 ms; a sign-in link does the same, so its welcome toast can be read. */
export const REDIRECT_AFTER_SIGN_IN_MS = 2000;
