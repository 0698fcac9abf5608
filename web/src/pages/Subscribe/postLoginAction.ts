/**
 * Spec §2/§4: /subscribe's 'Login to Continue' remembers, in sessionStorage, what to
 * do after signing in; the app shell reads it after login, waits
 * POST_LOGIN_REDIRECT_DELAY_MS and opens /subscribe.
 */
export const POST_LOGIN_ACTION_KEY = "postLoginAction";
export const SUBSCRIBE_ACTION = "subscribe";
export const POST_LOGIN_REDIRECT_DELAY_MS = 500;

export type PostLoginAction = typeof SUBSCRIBE_ACTION;

export function rememberPostLoginAction(action: PostLoginAction) {
  try {
    window.sessionStorage.setItem(POST_LOGIN_ACTION_KEY, action);
  } catch {
    // Storage can be unavailable (privacy mode): the visitor then lands on / after login.
  }
}

/** Reads and clears the remembered action, so it runs once. */
export function takePostLoginAction(): PostLoginAction | null {
  try {
    const action = window.sessionStorage.getItem(POST_LOGIN_ACTION_KEY);
    window.sessionStorage.removeItem(POST_LOGIN_ACTION_KEY);
    return action === SUBSCRIBE_ACTION ? action : null;
  } catch {
    return null;
  }
}
