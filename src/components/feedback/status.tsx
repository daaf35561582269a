import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { isApiError } from '@telehealth/client/errors';
import { Button } from '../ui/button';
import { Skeleton } from './skeleton';

/**
 * The shared loading state: a skeleton of lines with a spoken label. While the app knows it is
 * offline, reads are paused rather than loading, so it says so instead of "Loading…" forever
 * (RELIABILITY case 52); it switches back by itself.
 */
export function Spinner({ label = t`Loading…`, lines }: { label?: string; lines?: number }) {
  const online = useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
  if (!online)
    return (
      <p className="muted" role="status" aria-live="polite">
        <Trans>You are offline. This will load when the connection returns.</Trans>
      </p>
    );
  return <Skeleton label={label} lines={lines} />;
}

/** An error with a way forward. Shows the ApiError's safe message, never raw server text for 5xx. */
export function ErrorState({
  error,
  title = t`Something went wrong`,
  onRetry,
  children,
}: {
  error?: unknown;
  title?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const message = isApiError(error) ? error.userMessage : t`An unexpected error occurred. Please try again.`;
  return (
    <div className="error-state" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {children}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show yet, and what to do next (`action`: a link or button to the next step). */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}

/** A quiet banner for cached data that could not be refreshed. */
export function StaleBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="banner banner-warning" role="status">
      <Trans>We couldn’t refresh this just now; you are seeing the last saved copy.</Trans>{' '}
      <Button variant="link" onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}
