import { Component, type ReactNode } from "react";
import styled from "styled-components";
import { GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "../../relay/environment";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Layout";

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/** The news section's failure state: a short message and a retry; the pickers above keep working. */
export class NewsErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const message = this.state.error instanceof GraphQLRequestError ? this.state.error.message : GENERIC_ERROR_MESSAGE;
    return (
      <ErrorCard role="alert">
        <h2>News sentiment could not be loaded</h2>
        <p>{message}</p>
        <Button type="button" onClick={this.props.onRetry}>
          Try again
        </Button>
      </ErrorCard>
    );
  }
}

const ErrorCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;
