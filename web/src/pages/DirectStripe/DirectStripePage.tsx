import { graphql, usePreloadedQuery } from "react-relay";
import { CreateAccountForm } from "../../components/CreateAccountForm/CreateAccountForm";
import { InlineSpinner } from "../../components/InlineSpinner/InlineSpinner";
import { SubscriptionCheckoutForm } from "../../components/SubscriptionCheckoutForm/SubscriptionCheckoutForm";
import { ButtonLink } from "../../components/ui/Button";
import { Actions, Card, Container, Lead, NarrowPage, PageHeading } from "../../components/ui/Layout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import type { DirectStripePageQuery as DirectStripePageQueryType } from "./__generated__/DirectStripePageQuery.graphql";
import { useRouteQuery } from "../../routing/routeQueries";

export const DirectStripePageQuery = graphql`
  query DirectStripePageQuery {
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

/**
 * /direct-stripe: straight into checkout. Signed in, the subscription form posts
 * itself; signed out, the Create Account form starts the trial instead.
 */
export default function DirectStripePage() {
  useDocumentTitle("Checkout");
  const queryRef = useRouteQuery<DirectStripePageQueryType>();
  const { viewer, billing } = usePreloadedQuery<DirectStripePageQueryType>(DirectStripePageQuery, queryRef);

  if (viewer?.plan.hasProAccess) {
    return (
      <Container>
        <NarrowPage>
          <PageHeading>You're already subscribed!</PageHeading>
          <Lead>Your Pro plan is active; there is nothing to check out.</Lead>
          <Actions>
            <ButtonLink to="/screener" $size="lg">Go to Screener</ButtonLink>
            <ButtonLink to="/account" $size="lg" $variant="secondary">Your account</ButtonLink>
          </Actions>
        </NarrowPage>
      </Container>
    );
  }

  if (viewer) {
    return (
      <Container>
        <NarrowPage>
          <PageHeading>Checkout</PageHeading>
          <Card>
            <InlineSpinner label="Opening secure payment setup…" />
            <SubscriptionCheckoutForm label="Continue to checkout" provider={billing.provider} autoSubmit />
          </Card>
        </NarrowPage>
      </Container>
    );
  }

  return (
    <Container>
      <NarrowPage>
        <PageHeading>Start your 7-day free trial</PageHeading>
        <Lead>Create your account with your email and name, then confirm the Pro plan at checkout.</Lead>
        <Card>
          <CreateAccountForm />
        </Card>
        <ButtonLink to="/auth?tab=signin" $variant="ghost">Already have an account? Sign in</ButtonLink>
      </NarrowPage>
    </Container>
  );
}
