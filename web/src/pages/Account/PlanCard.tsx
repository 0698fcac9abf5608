import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { navigation, postJson } from "../../api/rest";
import { messageOf } from "../../components/FormControls/apiErrors";
import { Notice } from "../../components/Notice/Notice";
import { formatDate, planLabel, StatusPill, statusLabel } from "../../components/PlanSummary/PlanSummary";
import { refreshSubscriptionCallbacks } from "../../components/PlanSummary/refreshSubscription";
import { useToast } from "../../components/Toaster/useToast";
import { Button, ButtonLink } from "../../components/ui/Button";
import { Actions, Card, DetailList } from "../../components/ui/Layout";
import { GENERIC_ERROR_MESSAGE } from "../../relay/environment";
import { WELCOME_PARAM } from "../Auth/afterSignIn";
import { ProSince } from "./ProSince";
import type { PlanCard_billing$key } from "./__generated__/PlanCard_billing.graphql";
import type { PlanCard_viewer$key } from "./__generated__/PlanCard_viewer.graphql";
import type { PlanCardRefreshMutation } from "./__generated__/PlanCardRefreshMutation.graphql";

export const BILLING_PORTAL_PATH = "/api/billing/portal";
/** Subscriptions that are over: renewing means a new checkout, not the billing portal. */
const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

interface PlanCardProps {
  viewer: PlanCard_viewer$key;
  billing: PlanCard_billing$key;
}

/** Plan, status, trial end and Pro since, with Manage billing and Refresh from Stripe (or the demo provider). */
export function PlanCard({ viewer, billing }: PlanCardProps) {
  const { plan } = useFragment(
    graphql`
      fragment PlanCard_viewer on Viewer {
        plan {
          planId
          status
          hasProAccess
          trialEndsAt
        }
      }
    `,
    viewer,
  );
  const { provider } = useFragment(
    graphql`
      fragment PlanCard_billing on BillingInfo {
        provider
      }
    `,
    billing,
  );
  const { toast } = useToast();
  const [params] = useSearchParams();
  const [openingPortal, setOpeningPortal] = useState(false);
  const [commitRefresh, isRefreshing] = useMutation<PlanCardRefreshMutation>(graphql`
    mutation PlanCardRefreshMutation {
      # Every PlanStatus field: the viewer's plan is replaced by this record, and other views read all of them.
      refreshSubscription {
        planId
        planType
        status
        hasProAccess
        trialEndsAt
      }
    }
  `);

  const isDemo = provider === "DEMO";
  const providerName = isDemo ? "demo billing" : "Stripe";
  const hasSubscription = plan.status !== "free";
  const ended = ENDED_STATUSES.has(plan.status);
  const lockedNote = hasSubscription && !plan.hasProAccess ? whyProIsLocked(plan.status) : null;
  const welcome = params.has(WELCOME_PARAM) && !hasSubscription;

  const openBillingPortal = async () => {
    setOpeningPortal(true);
    try {
      const { url } = await postJson<{ url: string }>(BILLING_PORTAL_PATH);
      navigation.assign(url);
    } catch (error) {
      setOpeningPortal(false);
      toast({ title: "Billing Unavailable", description: messageOf(error, "Unable to open billing. Please try again."), variant: "destructive" });
    }
  };

  const refresh = () =>
    commitRefresh({
      variables: {},
      ...refreshSubscriptionCallbacks<PlanCardRefreshMutation["response"]>(toast, GENERIC_ERROR_MESSAGE),
    });

  const refreshButton = (
    <Button type="button" $variant="secondary" onClick={refresh} disabled={isRefreshing}>
      {isRefreshing ? "Refreshing..." : `Refresh from ${providerName}`}
    </Button>
  );

  return (
    <Card aria-labelledby="plan-card-title">
      <Title id="plan-card-title">Plan &amp; billing</Title>
      {welcome ? (
        <Welcome tone="success" title="Welcome to Tickerscope!">
          <p>Your free Basic account is ready. Try Pro whenever you like: the 7-day free trial starts below.</p>
        </Welcome>
      ) : null}
      <Details>
        <div>
          <dt>Plan</dt>
          <dd>{planLabel(plan.planId)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusPill $positive={plan.hasProAccess}>{statusLabel(plan.status)}</StatusPill>
          </dd>
        </div>
        <div>
          <dt>Trial ends</dt>
          <dd>{plan.status === "trialing" ? formatDate(plan.trialEndsAt) : "N/A"}</dd>
        </div>
        <div>
          <dt>Pro since</dt>
          <dd>{plan.hasProAccess ? <ProSince /> : "N/A"}</dd>
        </div>
      </Details>
      {lockedNote ? <Note>{lockedNote}</Note> : null}
      {!hasSubscription || ended ? (
        <>
          {hasSubscription ? null : (
            <Note>
              You're on the free Basic plan. Pro adds the combined and Pro screeners, AI picks, 13F holdings, earnings
              predictions, stock comparison, news videos and API access.
            </Note>
          )}
          <Actions>
            <ButtonLink to="/subscribe">{hasSubscription ? "Subscribe to Pro again" : "Start 7-Day Free Trial"}</ButtonLink>
            {hasSubscription ? refreshButton : <ButtonLink to="/pricing" $variant="secondary">Compare plans</ButtonLink>}
          </Actions>
        </>
      ) : (
        <Actions>
          <Button type="button" onClick={openBillingPortal} disabled={openingPortal}>
            {openingPortal ? "Opening billing..." : isDemo ? "Manage billing (demo)" : "Manage billing"}
          </Button>
          {refreshButton}
        </Actions>
      )}
    </Card>
  );
}

/** Why a user who has had a subscription has no Pro access now. */
function whyProIsLocked(status: string): string {
  if (ENDED_STATUSES.has(status)) return "Your subscription has ended, so Pro features are locked.";
  if (status === "trialing") return "Your trial has ended, so Pro features are locked.";
  return "Your last payment did not go through, so Pro features are locked. Update your payment method in Manage billing.";
}

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Welcome = styled(Notice)`
  margin-top: ${({ theme }) => theme.space.sm};
`;

const Details = styled(DetailList)`
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
`;

const Note = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
