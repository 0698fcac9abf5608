import type { ReactNode } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link } from "react-router-dom";
import { createOperationDescriptor, getRequest, type IEnvironment } from "relay-runtime";
import styled from "styled-components";
import { LockIcon } from "../components/Icons/Icons";
import { PremiumGate } from "../components/PremiumGate/PremiumGate";
import { ButtonLink } from "../components/ui/Button";
import { Container, MessagePanel, PageHeading } from "../components/ui/Layout";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import type { RouteGate as RouteGateRule } from "./routeTable";
import type { RouteGateQuery as RouteGateQueryType, RouteGateQuery$data } from "./__generated__/RouteGateQuery.graphql";

/** Who is asking: all a gate needs (the server enforces the same rule on every Pro field). */
export const RouteGateQuery = graphql`
  query RouteGateQuery {
    viewer {
      id
      plan {
        hasProAccess
      }
    }
  }
`;

export const SIGN_IN_PATH = "/auth?tab=signin";

/**
 * Whether the viewer already in the store has Pro access (null: not known yet). A gated route's
 * loader skips the Pro query for a viewer known to lack it: the gate is all that will show.
 */
export function storedProAccess(environment: IEnvironment): boolean | null {
  const operation = createOperationDescriptor(getRequest(RouteGateQuery), {});
  if (environment.check(operation).status !== "available") return null;
  const { viewer } = environment.lookup(operation.fragment).data as RouteGateQuery$data;
  return viewer?.plan.hasProAccess ?? false;
}

/** The page when the viewer passes the route's gate; otherwise the spec's Pro gate or a sign-in prompt. */
export function RouteGate({ rule, viewerRef, children }: { rule: RouteGateRule; viewerRef: PreloadedQuery<RouteGateQueryType>; children: ReactNode }) {
  const { viewer } = usePreloadedQuery<RouteGateQueryType>(RouteGateQuery, viewerRef);
  if (rule.kind === "signed-in") return viewer ? children : <SignInPrompt />;
  return viewer?.plan.hasProAccess ? children : <PremiumGate title={rule.title} description={rule.description} />;
}

function SignInPrompt() {
  useDocumentTitle("Account");
  return (
    <Container>
      <SignInPanel aria-labelledby="sign-in-gate-title">
        <LockIcon size={26} />
        <PageHeading id="sign-in-gate-title">Sign in to see your account</PageHeading>
        <p>Your plan, billing and API keys are here once you sign in.</p>
        <Row>
          <ButtonLink to={SIGN_IN_PATH} $size="lg">
            Sign In
          </ButtonLink>
          <Link to="/auth">Create an account</Link>
        </Row>
      </SignInPanel>
    </Container>
  );
}

const SignInPanel = styled(MessagePanel)`
  max-width: 560px;
  margin: ${({ theme }) => theme.space.xxl} auto;
  > svg { color: ${({ theme }) => theme.colors.premium}; }
  a:not([class]) { font-weight: 600; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;
