import { useId, type ReactNode } from 'react';
import { ErrorState, Spinner } from '../feedback/status';

/**
 * One panel of a home page: a titled card with its own loading and error states, so a panel
 * whose data fails shows that and a retry while the rest of the page works.
 */
export function HomeCard({
  title,
  isPending = false,
  error,
  onRetry,
  children,
}: {
  title: string;
  isPending?: boolean;
  error?: unknown;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card home-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {error ? (
        <ErrorState error={error} title={`We couldn’t load this just now`} onRetry={onRetry} />
      ) : isPending ? (
        <Spinner lines={2} />
      ) : (
        children
      )}
    </section>
  );
}
