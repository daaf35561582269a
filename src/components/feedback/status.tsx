import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { isApiError } from '@/api/errors';
import { Button } from '../ui/button';

/**
 * A loading state. While the app knows it is offline, reads are paused rather than loading, so
 * it says so instead of "Loading…" forever (RELIABILITY case 52); it switches back by itself.
 */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  const online = useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
  return (
    <p className="spinner" role="status" aria-live="polite">
      {online ? <span className="spinner-dot" aria-hidden="true" /> : null}
      {online ? label : 'You are offline. This will load when the connection returns.'}
    </p>
  );
}

/** An error with a way forward. Shows the ApiError's safe message, never raw server text for 5xx. */
export function ErrorState({
  error,
  title = 'Something went wrong',
  onRetry,
  children,
}: {
  error?: unknown;
  title?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const message = isApiError(error) ? error.userMessage : 'An unexpected error occurred. Please try again.';
  return (
    <div className="error-state" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {children}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** A quiet banner for cached data that could not be refreshed. */
export function StaleBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="banner banner-warning" role="status">
      We couldn’t refresh this just now; you are seeing the last saved copy.{' '}
      <Button variant="link" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
