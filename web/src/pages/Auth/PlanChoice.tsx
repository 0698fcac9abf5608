import { useId } from "react";
import styled, { css } from "styled-components";
import { PLANS, type PlanId } from "../../components/PricingCards/plans";

/** What each plan costs and gives, in one line each (the full lists are on /pricing). */
const TERMS: Record<PlanId, { price: string; summary: string }> = {
  basic: { price: "Free", summary: "The basic screener, news sentiment and the top-5 AI picks preview. No card, no checkout." },
  pro: { price: "7-day free trial, then $30/month", summary: "Everything in Basic plus every Pro feature. Cancel anytime." },
};

interface PlanChoiceProps {
  selected: PlanId;
  onSelect: (plan: PlanId) => void;
}

/** Create Account's two plans side by side, as one radio group: the free Basic plan or the Pro trial. */
export function PlanChoice({ selected, onSelect }: PlanChoiceProps) {
  const id = useId();
  return (
    <Group>
      <legend>Choose your plan</legend>
      <Options>
        {PLANS.map((plan) => (
          <Option key={plan.id} $selected={selected === plan.id}>
            <input
              type="radio"
              name={`${id}-plan`}
              value={plan.id}
              checked={selected === plan.id}
              onChange={() => onSelect(plan.id)}
              aria-labelledby={`${id}-${plan.id}-name`}
              aria-describedby={`${id}-${plan.id}-terms`}
            />
            <span>
              <strong id={`${id}-${plan.id}-name`}>{plan.name}</strong>
              <Price>{TERMS[plan.id].price}</Price>
              <Summary id={`${id}-${plan.id}-terms`}>{TERMS[plan.id].summary}</Summary>
            </span>
          </Option>
        ))}
      </Options>
    </Group>
  );
}

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space.sm}; font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
`;

const Option = styled.label<{ $selected: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  input { margin-top: 4px; accent-color: ${({ theme }) => theme.colors.primary}; }
  span { display: grid; gap: 2px; }
  strong { font-size: ${({ theme }) => theme.fontSizes.md}; }
  ${({ $selected, theme }) =>
    $selected &&
    css`
      border: 2px solid ${theme.colors.primary};
      padding: calc(${theme.space.md} - 1px);
    `}
`;

const Price = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Summary = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
