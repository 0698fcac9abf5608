import styled from "styled-components";
import { CheckIcon, ClockIcon } from "../Icons/Icons";
import { Features } from "./planStyles";
import type { PlanFeature } from "./plans";

/** A plan's features: a check for what is included, a clock and "Coming soon" for what is not built yet. */
export function FeatureList({ features }: { features: readonly PlanFeature[] }) {
  return (
    <Features>
      {features.map((feature) =>
        feature.available ? (
          <li key={feature.name}>
            <CheckIcon size={16} />
            <span>{feature.name}</span>
          </li>
        ) : (
          <Upcoming key={feature.name}>
            <ClockIcon size={16} />
            <span>
              {feature.name} <ListBadge>Coming soon</ListBadge>
            </span>
          </Upcoming>
        ),
      )}
    </Features>
  );
}

/** Shown, but visibly not part of what the plan includes today. */
const Upcoming = styled.li`
  && { color: ${({ theme }) => theme.colors.textMuted}; }
  && svg { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const SoonBadge = styled.span`
  display: inline-block;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  white-space: nowrap;
`;

const ListBadge = styled(SoonBadge)`
  margin-left: 4px;
  vertical-align: 1px;
`;
