import { useEffect, useRef, useState } from "react";
import { ApiError, postJson } from "../../api/rest";
import { messageOf } from "../../components/FormControls/apiErrors";
import { useToast } from "../../components/Toaster/useToast";
import { NEW_BASIC_ACCOUNT_PATH, useAfterSignIn } from "./afterSignIn";

export type SignInLinkState =
  | { kind: "idle" }
  | { kind: "verifying" }
  /** `newAccount`: the link was sent to an email with no account, and created its free Basic account. */
  | { kind: "signedIn"; email: string; newAccount: boolean }
  | { kind: "failed"; message: string };

export const SIGN_IN_FAILED_MESSAGE = "Account not found or trial expired.";
export const SIGN_IN_ERROR_MESSAGE = "Unable to sign in. Please try again.";

/**
 * The emailed link (/auth?signin_token=…): redeems the single-use token once on
 * load, welcomes the user and opens / with a full navigation (a new Basic account
 * opens its account page instead).
 */
export function useSignInLink(token: string | null): SignInLinkState {
  const { toast } = useToast();
  const [state, setState] = useState<SignInLinkState>(token ? { kind: "verifying" } : { kind: "idle" });
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || startedFor.current === token) return;
    startedFor.current = token;
    postJson<{ success: boolean; email: string; newAccount?: boolean }>("/api/auth/verify-link", { token }).then(
      ({ email, newAccount = false }) => {
        setState({ kind: "signedIn", email, newAccount });
        toast(
          newAccount
            ? { title: "Account Created", description: `Welcome to Tickerscope, ${email}! Your free Basic account is ready.` }
            : { title: "Sign In Successful", description: `Welcome back, ${email}!` },
        );
      },
      (error: unknown) => {
        if (error instanceof ApiError) {
          const message = messageOf(error, SIGN_IN_FAILED_MESSAGE);
          setState({ kind: "failed", message });
          toast({ title: "Sign In Failed", description: message, variant: "destructive" });
        } else {
          setState({ kind: "failed", message: SIGN_IN_ERROR_MESSAGE });
          toast({ title: "Sign In Error", description: SIGN_IN_ERROR_MESSAGE, variant: "destructive" });
        }
      },
    );
  }, [token, toast]);

  const signedIn = state.kind === "signedIn";
  useAfterSignIn(signedIn, signedIn && state.newAccount ? NEW_BASIC_ACCOUNT_PATH : "/");

  return state;
}
