import type { ReactNode } from "react";
import styled from "styled-components";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ButtonLink } from "../ui/Button";
import { Badge, Container, Lead, MessagePanel, PageHeading } from "../ui/Layout";

interface ComingSoonProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** Placeholder for a feature that is still being built: names it, no sample data. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <Container>
      <Panel>
        <Badge>In development</Badge>
        <PageHeading>{title}</PageHeading>
        <Lead>{description}</Lead>
        <p>This part of Tickerscope is being built. It will appear here as soon as it is ready.</p>
        {children}
        <Links>
          <ButtonLink to="/" $variant="secondary">Back to Home</ButtonLink>
          <ButtonLink to="/pricing" $variant="ghost">See plans</ButtonLink>
        </Links>
      </Panel>
    </Container>
  );
}

const Panel = styled(MessagePanel)`
  margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.xxl};
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
