import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
      const title = this.props.title;
      return (
        <ErrorState title={t`${title} could not be shown`} onRetry={() => this.setState({ failed: false })}>
          <p>
            <Trans>The rest of this page still works.</Trans>
          </p>
        </ErrorState>
      );
    }
    return this.props.children;
  }
}
