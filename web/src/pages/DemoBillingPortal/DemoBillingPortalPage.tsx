import { useEffect, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import styled from "styled-components";
import { getJson, postJson } from "../../api/rest";
import { messageOf } from "../../components/FormControls/apiErrors";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { Notice } from "../../components/Notice/Notice";
import { PlanSummary } from "../../components/PlanSummary/PlanSummary";
import { useToast } from "../../components/Toaster/useToast";
import { Button, ButtonAnchor, ButtonLink } from "../../components/ui/Button";
import { Actions as ActionRow, Card, Container, NarrowCardPage, PageHeading } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { DemoBillingPortalPageQuery as DemoBillingPortalPageQueryType } from "./__generated__/DemoBillingPortalPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const DemoBillingPortalPageQuery = graphql`
  query DemoBillingPortalPageQuery {
    viewer {
      id
      email
    }
    billing {
      provider
    }
  }
`;

/** GET /api/billing/demo/portal and POST …/cancel */
interface DemoPortalState {
  status: string;
  planId: string;
  trialEndsAt: string | null;
  canCancel: boolean;
}

const PORTAL_PATH = "/api/billing/demo/portal";
const LOAD_FAILED = "Your billing details could not be loaded. Please try again.";

/**
 * /demo-billing-portal: the demo provider's stand-in for Stripe's customer
 * portal (Manage billing on /account): the plan, and cancelling it.
 */
export default function DemoBillingPortalPage() {
  useDocumentTitle("Demo billing portal");
  const queryRef = useRouteQuery<DemoBillingPortalPageQueryType>();
  const { viewer, billing } = usePreloadedQuery<DemoBillingPortalPageQueryType>(DemoBillingPortalPageQuery, queryRef);
  const isDemo = billing.provider === "DEMO";

  return (
    <Container>
      <NarrowCardPage>
        {isDemo ? (
          <Notice tone="warning" title="This is a DEMO billing portal">
            <p>It stands in for Stripe's customer portal because no Stripe keys are configured on this server. Nothing is charged or refunded.</p>
          </Notice>
        ) : null}
        <Card>
          <PageHeading>Billing</PageHeading>
          {!isDemo ? (
            <Body>
              <p>This server manages billing through Stripe's customer portal. Open it with Manage billing on your account page.</p>
            </Body>
          ) : viewer ? (
            <Portal email={viewer.email} />
          ) : (
            <Body>
              <p>Sign in to see and manage your subscription.</p>
              <ButtonLink to="/auth?tab=signin">Sign In</ButtonLink>
            </Body>
          )}
        </Card>
        <ButtonAnchor href="/account" $variant="secondary">
          ← Back to your account
        </ButtonAnchor>
      </NarrowCardPage>
    </Container>
  );
}

type LoadState = { kind: "loading" } | { kind: "ready"; portal: DemoPortalState } | { kind: "failed"; message: string };

function Portal({ email }: { email: string }) {
  const { toast } = useToast();
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  const [isConfirming, setConfirming] = useState(false);
  const [isCanceling, setCanceling] = useState(false);

  useEffect(() => {
    let current = true;
    getJson<DemoPortalState>(PORTAL_PATH).then(
      (portal) => current && setState({ kind: "ready", portal }),
      (error: unknown) => current && setState({ kind: "failed", message: messageOf(error, LOAD_FAILED) }),
    );
    return () => {
      current = false;
    };
  }, []);

  if (state.kind === "loading") return <InlineSpinner label="Loading your subscription…" />;
  if (state.kind === "failed") {
    return (
      <Notice tone="danger" title="Billing not available">
        <p>{state.message}</p>
      </Notice>
    );
  }

  const { portal } = state;
  const cancel = async () => {
    setCanceling(true);
    try {
      const updated = await postJson<DemoPortalState>(`${PORTAL_PATH}/cancel`);
      setState({ kind: "ready", portal: updated });
      setConfirming(false);
      toast({ title: "Subscription Canceled", description: "Your Pro subscription has ended. You're on the Basic plan." });
    } catch (error) {
      toast({ title: "Cancel Failed", description: messageOf(error, "Unable to cancel the subscription. Please try again."), variant: "destructive" });
    } finally {
      setCanceling(false);
    }
  };

  return (
    <Body>
      <PlanSummary email={email} planId={portal.planId} status={portal.status} trialEndsAt={portal.trialEndsAt} />
      {!portal.canCancel ? (
        <p>There is no demo subscription to cancel.</p>
      ) : isConfirming ? (
        <Notice tone="warning" title="Cancel your Pro subscription?">
          <p>Pro features stop right away. (The demo ends a subscription at once; Stripe would keep it until the end of the period.)</p>
          <Actions>
            <Button type="button" onClick={cancel} disabled={isCanceling}>
              {isCanceling ? "Canceling..." : "Yes, cancel subscription"}
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)} disabled={isCanceling}>
              Keep subscription
            </Button>
          </Actions>
        </Notice>
      ) : (
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        </Actions>
      )}
    </Body>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: stretch;
  > p { color: ${({ theme }) => theme.colors.textMuted}; }
  > a { justify-self: start; }
`;

const Actions = styled(ActionRow)`
  margin-top: ${({ theme }) => theme.space.xs};
`;
