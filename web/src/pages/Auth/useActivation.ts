import { useEffect, useRef, useState } from "react";
import { postJson } from "../../api/rest";
import { messageOf } from "../../components/FormControls/apiErrors";
import { useToast } from "../../components/Toaster/useToast";
import { useAfterSignIn } from "./afterSignIn";

/** POST /api/auth/activate's answer (spec §3, plus whether this browser was signed in). */
export interface ActivationResult {
  success: boolean;
  email: string;
  status: string;
  trialEnd: string | null;
  /** False when the email already had an account: the owner signs in by email link. */
  signedIn?: boolean;
  message?: string;
}

export type ActivationState =
  | { kind: "idle" }
  | { kind: "activating" }
  | { kind: "activated"; result: ActivationResult }
  | { kind: "failed"; message: string };

const ACTIVATION_FAILED = "Unable to activate account.";

/**
 * Back from checkout with ?session_id=: activates the account once on load
 * (spec §4), then opens / after 2 s with a full navigation so the whole app
 * starts again signed in.
 */
export function useActivation(sessionId: string | null): ActivationState {
  const { toast } = useToast();
  const [state, setState] = useState<ActivationState>(sessionId ? { kind: "activating" } : { kind: "idle" });
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!sessionId || startedFor.current === sessionId) return;
    startedFor.current = sessionId;
    postJson<ActivationResult>("/api/auth/activate", { sessionId }).then(
      (result) => {
        setState({ kind: "activated", result });
        toast({
          title: "Account Activated!",
          description: result.status === "trialing" ? "Your 7-day free trial has started." : "Your subscription is recorded.",
        });
      },
      (error: unknown) => {
        setState({ kind: "failed", message: messageOf(error, ACTIVATION_FAILED) });
        toast({ title: "Activation Error", description: ACTIVATION_FAILED, variant: "destructive" });
      },
    );
  }, [sessionId, toast]);

  const signedIn = state.kind === "activated" && state.result.signedIn !== false;
  useAfterSignIn(signedIn);

  return state;
}
