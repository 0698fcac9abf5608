import { graphql, useMutation, usePreloadedQuery } from "react-relay";
import { Navigate, useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { CheckIcon, ClockIcon } from "../../components/Icons/Icons";
import { PlanSummary } from "../../components/PlanSummary/PlanSummary";
import { refreshSubscriptionCallbacks } from "../../components/PlanSummary/refreshSubscription";
import { useToast } from "../../components/Toaster/useToast";
import { Button, ButtonLink } from "../../components/ui/Button";
import { Actions, Container, IconBubble, PageHeading, PageMessagePanel } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { SubscriptionSuccessPageMutation } from "./__generated__/SubscriptionSuccessPageMutation.graphql";
import type { SubscriptionSuccessPageQuery as SubscriptionSuccessPageQueryType } from "./__generated__/SubscriptionSuccessPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const SubscriptionSuccessPageQuery = graphql`
  query SubscriptionSuccessPageQuery {
    viewer {
      id
      email
      plan {
        planId
        status
        trialEndsAt
        hasProAccess
      }
    }
  }
`;

/** /subscription-success: back from checkout. Activation lives on /auth; otherwise the viewer's plan. */
export default function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  if (sessionId) return <Navigate to={`/auth?session_id=${encodeURIComponent(sessionId)}`} replace />;
  return <PlanConfirmation />;
}

function PlanConfirmation() {
  useDocumentTitle("Subscription");
  const { toast } = useToast();
  const queryRef = useRouteQuery<SubscriptionSuccessPageQueryType>();
  const { viewer } = usePreloadedQuery<SubscriptionSuccessPageQueryType>(SubscriptionSuccessPageQuery, queryRef);
  const [refresh, isRefreshing] = useMutation<SubscriptionSuccessPageMutation>(graphql`
    mutation SubscriptionSuccessPageMutation {
      refreshSubscription {
        planId
        status
        trialEndsAt
        hasProAccess
      }
    }
  `);

  const onRefresh = () =>
    refresh({
      variables: {},
      ...refreshSubscriptionCallbacks<SubscriptionSuccessPageMutation["response"]>(toast, "Unable to refresh your subscription. Please try again."),
    });

  if (!viewer) {
    return (
      <Container>
        <PageMessagePanel aria-labelledby="success-title">
          <PageHeading id="success-title">Thanks for subscribing!</PageHeading>
          <p>Sign in with the email you used at checkout to see your plan and start using Pro.</p>
          <Actions>
            <ButtonLink to="/auth?tab=signin" $size="lg">Sign In</ButtonLink>
            <ButtonLink to="/pricing" $size="lg" $variant="secondary">View Plans</ButtonLink>
          </Actions>
        </PageMessagePanel>
      </Container>
    );
  }

  const { plan } = viewer;
  return (
    <Container>
      <PageMessagePanel aria-labelledby="success-title">
        <IconBubble $tone={plan.hasProAccess ? "success" : "premium"} aria-hidden="true">
          {plan.hasProAccess ? <CheckIcon size={26} /> : <ClockIcon size={26} />}
        </IconBubble>
        <PageHeading id="success-title">{plan.hasProAccess ? "Subscription confirmed" : "Subscription not active yet"}</PageHeading>
        <p>
          {plan.hasProAccess
            ? "Thank you! Every Pro feature is unlocked for your account."
            : "We haven't seen an active subscription on your account yet. If you just finished checkout, refresh in a moment."}
        </p>
        <Summary>
          <PlanSummary email={viewer.email} planId={plan.planId} status={plan.status} trialEndsAt={plan.trialEndsAt} />
        </Summary>
        <Actions>
          {plan.hasProAccess ? (
            <>
              <ButtonLink to="/screener" $size="lg">Go to Screener</ButtonLink>
              <ButtonLink to="/account" $size="lg" $variant="secondary">Your account</ButtonLink>
            </>
          ) : (
            <>
              <Button type="button" $size="lg" onClick={onRefresh} disabled={isRefreshing}>
                {isRefreshing ? "Refreshing..." : "Refresh status"}
              </Button>
              <ButtonLink to="/pricing" $size="lg" $variant="secondary">View Plans</ButtonLink>
            </>
          )}
        </Actions>
      </PageMessagePanel>
    </Container>
  );
}

const Summary = styled.div`
  justify-self: stretch;
`;
