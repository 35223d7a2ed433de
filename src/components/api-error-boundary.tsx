// An error boundary for a widget that reads the REST API with suspense queries: a failure shows
// in words inside the widget (see QueryFailure), and "Try again" resets the failed queries.
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { QueryFailure } from './query-failure.tsx';

interface BoundaryProps {
  readonly children: ReactNode;
  readonly onReset: () => void;
}

interface BoundaryState {
  readonly error: unknown;
  readonly failed: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  private readonly retry = (): void => {
    this.props.onReset();
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) return <QueryFailure error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}

/**
 * Wrap a widget that uses `useSuspenseQuery` (or throws an ApiError, NotOfferedError or
 * NetworkError while rendering): its failure replaces only the widget, never the page.
 */
export function ApiErrorBoundary({ children }: { readonly children: ReactNode }) {
  return <QueryErrorResetBoundary>{({ reset }) => <Boundary onReset={reset}>{children}</Boundary>}</QueryErrorResetBoundary>;
}
