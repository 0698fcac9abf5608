import styled from "styled-components";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { CrownIcon, LockIcon } from "../Icons/Icons";
import { ButtonLink } from "../ui/Button";
import { Badge, Card, CenteredActions, Container, Lead } from "../ui/Layout";

export interface PremiumGateProps {
  title: string;
  description: string;
}

/** "Premium Feature" screen for a Pro-only area (spec §2). Gating logic lives server-side. */
export function PremiumGate({ title, description }: PremiumGateProps) {
  useDocumentTitle(title);
  return (
    <Container>
      <Panel aria-labelledby="premium-gate-title">
        <IconBubble aria-hidden="true">
          <LockIcon size={28} />
        </IconBubble>
        <Badge>
          <CrownIcon size={12} /> Premium Feature
        </Badge>
        <h1 id="premium-gate-title">{title}</h1>
        <Lead>{description}</Lead>
        <p>Available on the Pro plan: $30/month with a 7-day free trial. Cancel anytime.</p>
        <CenteredActions>
          <ButtonLink to="/pricing" $size="lg">View Pro plans</ButtonLink>
          <ButtonLink to="/screener" $size="lg" $variant="secondary">Try the free screener</ButtonLink>
        </CenteredActions>
      </Panel>
    </Container>
  );
}

const Panel = styled(Card)`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 680px;
  margin: ${({ theme }) => theme.space.xxl} auto;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
  text-align: center;
  h1 { font-size: ${({ theme }) => theme.fontSizes.xxl}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const IconBubble = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.premium};
`;
