import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasStatus } from '@telehealth/client/errors';
import { QueryError } from '@/components/feedback/query-state';
import { ErrorState } from '@/components/feedback/status';
import { paths } from '@/config/paths';

/** The failed first read of a record the wizard needs ("Try again" reads it again). */
type FailedRead = Pick<UseQueryResult<unknown>, 'error' | 'isError' | 'refetch'>;

/**
 * What the wizard shows when a record it needs could not be read the first time (the page around
 * it is the wizard's). A failed background refresh keeps the wizard, and anything typed, on screen.
 */

export function AccountFailure({ query }: { query: FailedRead }) {
  return <QueryError query={query} title={t`We could not load this clinic’s visit questions`} />;
}

export function RoomFailure({ query }: { query: FailedRead }) {
  if (!hasStatus(query.error, 404)) {
    return <QueryError query={query} title={t`We could not load this room`} />;
  }
  return (
    <ErrorState title={t`We could not find this room`} error={query.error}>
      <p>
        <Link to={paths.patient.rooms()}>
          <Trans>Choose a room</Trans>
        </Link>
      </p>
    </ErrorState>
  );
}

/** Someone else's intake reads as not found: the answers are never shown, the way is to start again. */
export function IntakeFailure({ query, roomCode }: { query: FailedRead; roomCode: string }) {
  if (!hasStatus(query.error, 404) && !hasStatus(query.error, 403)) {
    return <QueryError query={query} title={t`We could not load your answers`} />;
  }
  return (
    <ErrorState title={t`We could not find these answers`} error={query.error}>
      <p>
        <Link to={paths.patient.intake(roomCode)}>
          <Trans>Start again</Trans>
        </Link>
      </p>
    </ErrorState>
  );
}
