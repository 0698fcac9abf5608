import { Component, type ReactNode } from "react";

interface ErrorBoundaryProps {
  /** What to show instead of the children once one of them has thrown. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Contains a failure to one part of the page (a header control, a side
 * section) so the rest keeps working. Route-level failures use the router's
 * RouteErrorBoundary instead.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
