import { graphql, useFragment } from "react-relay";
import styled, { css } from "styled-components";
import { Button, ButtonLink } from "../ui/Button";
import { Badge } from "../ui/Layout";
import { FeatureList } from "./FeatureList";
import { Price } from "./planStyles";
import { CREATE_BASIC_ACCOUNT_PATH, CREATE_SUBSCRIPTION_ACTION, PLANS, type PlanId } from "./plans";
import type { PricingCards_viewer$key } from "./__generated__/PricingCards_viewer.graphql";

export interface PricingCardsProps {
  /** The signed-in user (null or absent for a visitor): their plan's button is disabled and labelled "Current Plan". */
  viewer?: PricingCards_viewer$key | null;
  /** Heading level for the plan names (2 on the pricing page, 3 inside other pages). */
  headingLevel?: 2 | 3;
}

/** The plan a signed-in user is on: Pro while Pro access lasts, otherwise Basic; none for a visitor. */
export function currentPlanOf(plan: { hasProAccess: boolean } | null | undefined): PlanId | undefined {
  if (!plan) return undefined;
  return plan.hasProAccess ? "pro" : "basic";
}

/** Basic and Pro plan cards. Reused on /pricing and inside the screener pages. */
export function PricingCards({ viewer, headingLevel = 2 }: PricingCardsProps) {
  const user = useFragment(
    graphql`
      fragment PricingCards_viewer on Viewer {
        plan {
          hasProAccess
        }
      }
    `,
    viewer,
  );
  const currentPlan = currentPlanOf(user?.plan);
  const PlanName = headingLevel === 2 ? "h2" : "h3";

  return (
    <Grid>
      {PLANS.map((plan) => {
        const isCurrent = currentPlan === plan.id;
        const isPro = plan.id === "pro";
        return (
          <PlanCard key={plan.id} $featured={isPro} aria-labelledby={`plan-${plan.id}`}>
            <Top>
              <PlanTitle as={PlanName} id={`plan-${plan.id}`}>{plan.name}</PlanTitle>
              {plan.highlight ? <Badge>{plan.highlight}</Badge> : null}
            </Top>
            <Price>
              <strong>{plan.price}</strong>
              {plan.period ? <span>{plan.period}</span> : null}
            </Price>
            <Muted>{plan.tagline}</Muted>
            <FeatureList features={plan.features} />
            {isPro ? (
              <form method="post" action={CREATE_SUBSCRIPTION_ACTION}>
                <Button type="submit" $block $size="lg" disabled={isCurrent}>
                  {isCurrent ? "Current Plan" : "Start 7-Day Free Trial"}
                </Button>
              </form>
            ) : currentPlan === "pro" ? (
              // Pro includes everything in Basic; changing or cancelling the plan happens in billing.
              <ButtonLink to="/account" $block $size="lg" $variant="secondary">
                Manage plan in Account
              </ButtonLink>
            ) : isCurrent ? (
              <Button type="button" $block $size="lg" $variant="secondary" disabled>
                Current Plan
              </Button>
            ) : (
              // A visitor: Create Account, with the free Basic plan chosen.
              <ButtonLink to={CREATE_BASIC_ACCOUNT_PATH} $block $size="lg" $variant="secondary">
                Choose Basic
              </ButtonLink>
            )}
          </PlanCard>
        );
      })}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr));
  align-items: stretch;
`;

const PlanCard = styled.section<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  ${({ $featured, theme }) =>
    $featured &&
    css`
      border: 2px solid ${theme.colors.primary};
    `}
  form { margin-top: auto; }
  > button, > a { margin-top: auto; }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const PlanTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
