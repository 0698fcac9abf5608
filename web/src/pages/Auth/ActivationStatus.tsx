import { useState } from "react";
import styled from "styled-components";
import { postJson } from "../../api/rest";
import { messageOf } from "../../components/FormControls/apiErrors";
import { CheckIcon } from "../../components/Icons/Icons";
import { Notice } from "../../components/Notice/Notice";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { PlanSummary, statusLabel } from "../../components/PlanSummary/PlanSummary";
import { useToast } from "../../components/Toaster/useToast";
import { Button, ButtonAnchor } from "../../components/ui/Button";
import { Actions } from "../../components/ui/Layout";
import type { ActivationResult, ActivationState } from "./useActivation";

interface ActivationStatusProps {
  activation: ActivationState;
  /** "Stripe", or "demo billing" when the built-in demo provider takes the payments. */
  providerName: string;
  onCreateAccount: () => void;
  onSignIn: () => void;
}

/** The Status tab: activation in progress, the Account Activated card, or what to do. */
export function ActivationStatus({ activation, providerName, onCreateAccount, onSignIn }: ActivationStatusProps) {
  switch (activation.kind) {
    case "activating":
      return <InlineSpinner label="Activating your account…" />;
    case "activated":
      return <ActivatedCard result={activation.result} providerName={providerName} onSignIn={onSignIn} />;
    case "failed":
      return (
        <Stack>
          <Notice tone="danger" title="Unable to activate account.">
            <p>{activation.message}</p>
          </Notice>
          <Actions>
            <Button type="button" onClick={onSignIn}>Sign In</Button>
            <Button type="button" $variant="secondary" onClick={onCreateAccount}>Create Account</Button>
          </Actions>
        </Stack>
      );
    case "idle":
      return (
        <Stack>
          <p>
            Your account status appears here when you come back from checkout: the account is activated automatically and
            your 7-day free trial starts.
          </p>
          <Actions>
            <Button type="button" onClick={onCreateAccount}>Create Account</Button>
            <Button type="button" $variant="secondary" onClick={onSignIn}>Sign In</Button>
          </Actions>
        </Stack>
      );
  }
}

function ActivatedCard({ result, providerName, onSignIn }: { result: ActivationResult; providerName: string; onSignIn: () => void }) {
  const { toast } = useToast();
  const [plan, setPlan] = useState({ status: result.status, trialEndsAt: result.trialEnd });
  const [isRefreshing, setRefreshing] = useState(false);
  const signedIn = result.signedIn !== false;

  const refresh = async () => {
    setRefreshing(true);
    try {
      const latest = await postJson<{ status: string; trialEndsAt: string | null }>("/api/billing/refresh");
      setPlan({ status: latest.status, trialEndsAt: latest.trialEndsAt });
      toast({ title: "Subscription Refreshed", description: `Status: ${statusLabel(latest.status)}.` });
    } catch (error) {
      toast({ title: "Refresh Failed", description: messageOf(error, "Unable to refresh your subscription. Please try again."), variant: "destructive" });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Stack aria-labelledby="account-activated-title">
      <Title id="account-activated-title">
        <CheckIcon size={22} /> Account Activated
      </Title>
      <PlanSummary email={result.email} status={plan.status} trialEndsAt={plan.trialEndsAt} />
      {signedIn ? (
        <Notice tone="success">
          <p>You're signed in. Taking you to Tickerscope…</p>
        </Notice>
      ) : (
        <Notice tone="info" title="Sign in to use your plan">
          <p>{result.message ?? "Your subscription is recorded. Sign in with the emailed link to use it."}</p>
          <p>
            <Button type="button" $size="sm" onClick={onSignIn}>Sign in by email</Button>
          </p>
        </Notice>
      )}
      <Actions>
        <ButtonAnchor href="/screener">Access Screener</ButtonAnchor>
        {signedIn ? (
          <Button type="button" $variant="secondary" onClick={refresh} disabled={isRefreshing}>
            {isRefreshing ? "Refreshing..." : `Refresh from ${providerName}`}
          </Button>
        ) : null}
      </Actions>
    </Stack>
  );
}

const Stack = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  > p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  svg { color: ${({ theme }) => theme.colors.success}; }
`;
