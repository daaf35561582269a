import { Link } from 'react-router';
import { hasStatus, type ApiError } from '@/api/errors';
import { ErrorState } from '@/components/feedback/status';
import { paths } from '@/config/paths';

/**
 * What the wizard shows when a record it needs could not be read the first time (the page around
 * it is the wizard's). A failed background refresh keeps the wizard, and anything typed, on screen.
 */

export function AccountFailure({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  return (
    <ErrorState title="We could not load this clinic’s visit questions" error={error} onRetry={onRetry} />
  );
}

export function RoomFailure({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  if (!hasStatus(error, 404)) {
    return <ErrorState title="We could not load this room" error={error} onRetry={onRetry} />;
  }
  return (
    <ErrorState title="We could not find this room" error={error}>
      <p>
        <Link to={paths.patient.rooms()}>Choose a room</Link>
      </p>
    </ErrorState>
  );
}

/** Someone else's intake reads as not found: the answers are never shown, the way is to start again. */
export function IntakeFailure({
  error,
  roomCode,
  onRetry,
}: {
  error: ApiError;
  roomCode: string;
  onRetry: () => void;
}) {
  if (!hasStatus(error, 404) && !hasStatus(error, 403)) {
    return <ErrorState title="We could not load your answers" error={error} onRetry={onRetry} />;
  }
  return (
    <ErrorState title="We could not find these answers" error={error}>
      <p>
        <Link to={paths.patient.intake(roomCode)}>Start again</Link>
      </p>
    </ErrorState>
  );
}
