import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { CrownIcon } from "../Icons/Icons";
import { formatDate, planLabel, statusLabel } from "../PlanSummary/PlanSummary";
import type { CurrentPlanBanner_viewer$key } from "./__generated__/CurrentPlanBanner_viewer.graphql";

/** Pricing's current-plan banner for a signed-in user (spec §2): plan, status, and the trial end while trialing. */
export function CurrentPlanBanner({ viewer }: { viewer: CurrentPlanBanner_viewer$key }) {
  const { plan } = useFragment(
    graphql`
      fragment CurrentPlanBanner_viewer on Viewer {
        plan {
          planType
          status
          hasProAccess
          trialEndsAt
        }
      }
    `,
    viewer,
  );
  const planName = plan.hasProAccess ? planLabel(plan.planType) : "Basic";
  const lapsedPaidPlan = !plan.hasProAccess && plan.planType !== "basic";

  return (
    <Banner aria-labelledby="current-plan-title">
      <Icon aria-hidden="true" $pro={plan.hasProAccess}>
        <CrownIcon size={18} />
      </Icon>
      <div>
        <h2 id="current-plan-title">Your current plan: {planName}</h2>
        <Details>
          <span>Status: {statusLabel(plan.status)}</span>
          {plan.status === "trialing" && plan.trialEndsAt ? <span>Trial ends {formatDate(plan.trialEndsAt)}</span> : null}
        </Details>
        {lapsedPaidPlan ? (
          <p>Your {planLabel(plan.planType)} subscription is not active, so Pro features are locked.</p>
        ) : null}
      </div>
      <AccountLink to="/account">Manage in Account</AccountLink>
    </Banner>
  );
}

const Banner = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  > div { flex: 1 1 220px; display: grid; gap: 4px; min-width: 0; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Icon = styled.span<{ $pro: boolean }>`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  flex: none;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme, $pro }) => ($pro ? theme.colors.premium : theme.colors.textMuted)};
`;

const Details = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
`;

const AccountLink = styled(Link)`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
