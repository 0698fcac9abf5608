import { graphql, usePreloadedQuery } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { navigation } from "../../api/rest";
import { CheckIcon, CrownIcon, LockIcon } from "../../components/Icons/Icons";
import { FeatureList } from "../../components/PricingCards/FeatureList";
import { Price } from "../../components/PricingCards/planStyles";
import { PRO_PLAN_FEATURES } from "../../components/PricingCards/plans";
import { SubscriptionCheckoutForm } from "../../components/SubscriptionCheckoutForm/SubscriptionCheckoutForm";
import { Button, ButtonLink } from "../../components/ui/Button";
import { Badge, Card, Container, IconBubble, Lead, PageHeading, PageMessagePanel } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { rememberPostLoginAction, SUBSCRIBE_ACTION } from "./postLoginAction";
import type { SubscribePageQuery as SubscribePageQueryType } from "./__generated__/SubscribePageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const SubscribePageQuery = graphql`
  query SubscribePageQuery {
    viewer {
      id
      plan {
        hasProAccess
      }
    }
    billing {
      provider
    }
  }
`;

const LOGIN_PATH = "/api/login";

/** Only figures that are true of the offer; the spec's uptime, coverage and 24/7 claims are unverified. */
const TRUST_POINTS = ["7-day free trial", "Cancel anytime", "7-day money-back guarantee"];

/** /subscribe (spec §2): login required, already subscribed, or the Pro plan and its order summary. */
export default function SubscribePage() {
  useDocumentTitle("Subscribe to Pro");
  const queryRef = useRouteQuery<SubscribePageQueryType>();
  const { viewer, billing } = usePreloadedQuery<SubscribePageQueryType>(SubscribePageQuery, queryRef);

  if (!viewer) {
    return (
      <Container>
        <PageMessagePanel aria-labelledby="subscribe-title">
          <IconBubble aria-hidden="true">
            <LockIcon size={26} />
          </IconBubble>
          <PageHeading id="subscribe-title">Login Required</PageHeading>
          <p>Sign in to subscribe to Pro. We'll bring you straight back here afterwards.</p>
          <Row>
            <Button
              type="button"
              $size="lg"
              onClick={() => {
                rememberPostLoginAction(SUBSCRIBE_ACTION);
                navigation.assign(LOGIN_PATH);
              }}
            >
              Login to Continue
            </Button>
            <BackLink to="/pricing">Back to Pricing</BackLink>
          </Row>
          {/* A new visitor has nothing to log in with: creating the account starts the trial checkout. */}
          <p>
            New to Tickerscope? <Link to="/auth">Create an account and start the 7-day free trial</Link>.
          </p>
        </PageMessagePanel>
      </Container>
    );
  }

  if (viewer.plan.hasProAccess) {
    return (
      <Container>
        <PageMessagePanel aria-labelledby="subscribe-title">
          <IconBubble aria-hidden="true">
            <CrownIcon size={26} />
          </IconBubble>
          <PageHeading id="subscribe-title">You're already subscribed!</PageHeading>
          <p>Your Pro plan is active: everything Pro offers today is unlocked, and new Pro features unlock as they arrive.</p>
          <Row>
            <ButtonLink to="/screener" $size="lg">Go to Screener</ButtonLink>
            <ButtonLink to="/pricing" $size="lg" $variant="secondary">View Plans</ButtonLink>
          </Row>
        </PageMessagePanel>
      </Container>
    );
  }

  const isDemo = billing.provider === "DEMO";
  return (
    <Container>
      <Page>
        <BackLink to="/pricing">← Back to Pricing</BackLink>
        <Intro>
          <PageHeading>Subscribe to Pro</PageHeading>
          <Lead>Unlock Pro with a 7-day free trial. Then $30/month; cancel anytime.</Lead>
        </Intro>
        <Columns>
          <PlanCard aria-labelledby="pro-plan-title">
            <Top>
              <h2 id="pro-plan-title">Pro Plan</h2>
              <Badge>Most Popular</Badge>
            </Top>
            <Price>
              <strong>$30</strong>
              <span>/month</span>
            </Price>
            <FeatureList features={PRO_PLAN_FEATURES} />
          </PlanCard>
          <Summary aria-labelledby="order-summary-title">
            <h2 id="order-summary-title">Order summary</h2>
            <Lines>
              <div>
                <dt>Pro Plan (Monthly)</dt>
                <dd>$30.00</dd>
              </div>
              <div>
                <dt>Free trial</dt>
                <dd>7 days</dd>
              </div>
              <Total>
                <dt>Total</dt>
                <dd>$30.00/month</dd>
              </Total>
            </Lines>
            <Notes>
              <li><CheckIcon size={14} /> 7-day free trial, then $30/month: billing starts when the trial ends</li>
              <li><CheckIcon size={14} /> Cancel anytime</li>
              <li><CheckIcon size={14} /> 7-day money-back guarantee</li>
              <li><CheckIcon size={14} /> Instant access to every Pro feature available today</li>
            </Notes>
            <SubscriptionCheckoutForm label="Start Free Trial - $30/month" provider={billing.provider} />
            <Fine>
              {isDemo
                ? "This server uses a demo checkout: no card is collected and nothing is charged."
                : "Payment is handled securely by Stripe. Your card is charged $30 when the trial ends unless you cancel."}
            </Fine>
          </Summary>
        </Columns>
        <Trust aria-label="What you get">
          {TRUST_POINTS.map((point) => (
            <li key={point}>
              <CheckIcon size={16} /> {point}
            </li>
          ))}
        </Trust>
      </Page>
    </Container>
  );
}

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.xxl};
`;

const Intro = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const BackLink = styled(Link)`
  justify-self: start;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { grid-template-columns: 1.2fr 1fr; }
`;

const PlanCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.primary};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Summary = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Lines = styled.dl`
  display: grid;
  margin: 0;
  > div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; }
`;

const Total = styled.div`
  && { border-bottom: 0; }
  dt, dd { color: ${({ theme }) => theme.colors.text}; font-weight: 750; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Notes = styled.ul`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: flex; gap: 8px; align-items: flex-start; }
  svg { flex: none; margin-top: 4px; color: ${({ theme }) => theme.colors.success}; }
`;

const Fine = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Trust = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xl};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  li { display: inline-flex; align-items: center; gap: 6px; }
  svg { color: ${({ theme }) => theme.colors.success}; }
`;
