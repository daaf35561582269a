import { Component, type ReactNode } from 'react';
import { ErrorState } from './status';

/** An error boundary for one panel of a page: the panel fails alone and offers a retry. */
export class PanelBoundary extends Component<{ title: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <ErrorState
          title={`${this.props.title} could not be shown`}
          onRetry={() => this.setState({ failed: false })}
        >
          <p>The rest of this page still works.</p>
        </ErrorState>
      );
    }
    return this.props.children;
  }
}
