import { useEffect, useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { Link, useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { getJson, navigation, postJson } from "../../api/rest";
import { messageOf } from "../../components/FormControls/apiErrors";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { Notice } from "../../components/Notice/Notice";
import { useToast } from "../../components/Toaster/useToast";
import { Button } from "../../components/ui/Button";
import { Card, Container, NarrowCardPage, PageHeading } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { DemoCheckoutPageQuery as DemoCheckoutPageQueryType } from "./__generated__/DemoCheckoutPageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const DemoCheckoutPageQuery = graphql`
  query DemoCheckoutPageQuery {
    billing {
      provider
    }
  }
`;

/** GET /api/billing/demo/checkout/:id */
interface DemoCheckoutSession {
  id: string;
  email: string;
  planName: string;
  amountCents: number;
  currency: string;
  interval: string;
  trialDays: number;
  status: "open" | "complete";
  cancelUrl: string;
}

type LoadState = { kind: "loading" } | { kind: "ready"; checkout: DemoCheckoutSession } | { kind: "failed"; message: string };

const LOAD_FAILED = "This demo checkout could not be loaded. Start again from the Pricing page.";

function formatMoney(amountCents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amountCents / 100);
}

/**
 * /demo-checkout?session_id=…: the built-in demo provider's stand-in for Stripe
 * Checkout, used when no Stripe keys are configured. It takes no card and
 * charges nothing; completing it returns to /auth, which activates the account
 * through the same code as a Stripe checkout.
 */
export default function DemoCheckoutPage() {
  useDocumentTitle("Demo checkout");
  const queryRef = useRouteQuery<DemoCheckoutPageQueryType>();
  const { billing } = usePreloadedQuery<DemoCheckoutPageQueryType>(DemoCheckoutPageQuery, queryRef);
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const isDemo = billing.provider === "DEMO";

  return (
    <Container>
      <NarrowCardPage>
        {isDemo ? (
          <Notice tone="warning" title="This is a DEMO checkout">
            <p>No card is collected and nothing is charged, because no Stripe keys are configured on this server.</p>
          </Notice>
        ) : null}
        <Card>
          <PageHeading>Demo checkout</PageHeading>
          {!isDemo ? (
            <Failed message="This server takes payments through Stripe, so the demo checkout is off. Start from the Pricing page." />
          ) : sessionId ? (
            <CheckoutSession key={sessionId} sessionId={sessionId} />
          ) : (
            <Failed message="This link has no checkout session. Start again from the Pricing page." />
          )}
        </Card>
      </NarrowCardPage>
    </Container>
  );
}

function CheckoutSession({ sessionId }: { sessionId: string }) {
  const { toast } = useToast();
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  const [isCompleting, setCompleting] = useState(false);
  const path = `/api/billing/demo/checkout/${encodeURIComponent(sessionId)}`;

  useEffect(() => {
    let current = true;
    getJson<DemoCheckoutSession>(path).then(
      (checkout) => current && setState({ kind: "ready", checkout }),
      (error: unknown) => current && setState({ kind: "failed", message: messageOf(error, LOAD_FAILED) }),
    );
    return () => {
      current = false;
    };
  }, [path]);

  if (state.kind === "loading") return <InlineSpinner label="Loading your checkout…" />;
  if (state.kind === "failed") return <Failed message={state.message} />;

  const { checkout } = state;
  const price = formatMoney(checkout.amountCents, checkout.currency);

  const complete = async () => {
    setCompleting(true);
    try {
      const { redirectUrl } = await postJson<{ redirectUrl: string }>(`${path}/complete`);
      navigation.assign(redirectUrl);
    } catch (error) {
      setCompleting(false);
      toast({ title: "Checkout Failed", description: messageOf(error, "Unable to complete the demo checkout. Please try again."), variant: "destructive" });
    }
  };

  return (
    <Body>
      <Summary>
        <div>
          <dt>Email</dt>
          <dd>{checkout.email}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>Tickerscope {checkout.planName}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>
            {price}/{checkout.interval} after a {checkout.trialDays}-day free trial
          </dd>
        </div>
        <div>
          <dt>Due today</dt>
          <dd>{formatMoney(0, checkout.currency)}</dd>
        </div>
      </Summary>
      {checkout.status === "complete" ? (
        <>
          <Notice tone="success" title="This demo checkout is already complete">
            <p>Continue to activate your account; doing it again changes nothing.</p>
          </Notice>
          <Button type="button" $size="lg" $block onClick={() => navigation.assign(`/auth?session_id=${encodeURIComponent(checkout.id)}`)}>
            Continue to your account
          </Button>
        </>
      ) : (
        <Button type="button" $size="lg" $block onClick={complete} disabled={isCompleting}>
          {isCompleting ? "Completing..." : "Complete demo checkout"}
        </Button>
      )}
      <CancelLink to={checkout.cancelUrl}>Cancel and go back to Pricing</CancelLink>
    </Body>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <Body>
      <Notice tone="danger" title="Checkout not available">
        <p>{message}</p>
      </Notice>
      <CancelLink to="/pricing">Back to Pricing</CancelLink>
    </Body>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Summary = styled.dl`
  display: grid;
  margin: 0;
  > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 4px ${({ theme }) => theme.space.md};
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; text-align: right; }
`;

const CancelLink = styled(Link)`
  justify-self: center;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
