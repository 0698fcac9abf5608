import { isRouteErrorResponse, useNavigate, useRouteError } from "react-router-dom";
import styled, { keyframes } from "styled-components";
import { GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "../../relay/environment";
import { Button } from "../ui/Button";
import { Card, Container } from "../ui/Layout";

/** Suspense fallback for a route (or a slow section). */
export function PageLoading({ label = "Loading…" }: { label?: string }) {
  return (
    <Centered role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      <span>{label}</span>
    </Centered>
  );
}

/** Route-level error boundary: short message, never a stack trace. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  let message = GENERIC_ERROR_MESSAGE;
  if (error instanceof GraphQLRequestError) message = error.message;
  else if (isRouteErrorResponse(error) && error.status === 404) message = "404 Page Not Found";
  else if (error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message)) {
    message = "This page could not be loaded. Check your connection and try again.";
  }
  return (
    <Container>
      <ErrorCard role="alert">
        <h1>We couldn't show this page</h1>
        <p>{message}</p>
        <Button type="button" onClick={() => navigate(0)}>
          Try again
        </Button>
      </ErrorCard>
    </Container>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Centered = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  min-height: 40vh;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Spinner = styled.span`
  width: 22px;
  height: 22px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

const ErrorCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  margin: ${({ theme }) => theme.space.xxl} auto;
  max-width: 560px;
  h1 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;
