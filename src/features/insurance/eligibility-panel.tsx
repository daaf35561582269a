import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { useServerExtension } from '@/api/accounts/extensions';
import { useStartEligibilityCheck } from '@/api/insurance/mutations';
import { isApiError } from '@/api/errors';
import { insuranceQueries } from '@/api/insurance/queries';
import type { InsuranceAuth } from '@/api/insurance/schemas';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { cooldownFrom, formatCountdown, pollDelay, statusWords, type Cooldown } from './eligibility';

/**
 * "Check my coverage": starts an eligibility check of the primary card (one request per click,
 * never retried), shows the job and its status, and re-reads it politely while it is pending.
 * A 429 disables the button with a countdown and says when the earlier check started. The spec
 * does not say what a 404 on the latest check means: only a server that offers `eligibility-none`
 * says it means "no check yet"; elsewhere it is shown as not available.
 */
export function EligibilityPanel({
  userId,
  auth = 'user',
  canCheck = true,
}: {
  userId: string;
  auth?: InsuranceAuth;
  canCheck?: boolean;
}) {
  const zone = useViewerTimeZone();
  const isNotFoundNoCheckYet = useServerExtension('eligibility-none');
  const status = useQuery({
    ...insuranceQueries.eligibility(userId, auth),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? pollDelay(query.state.dataUpdateCount) : false,
  });
  const start = useStartEligibilityCheck(userId, auth);
  const [cooldown, setCooldown] = useState<Cooldown | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [failure, setFailure] = useState<string | null>(null);

  const waiting = cooldown !== null && cooldown.until > now;
  useEffect(() => {
    if (!cooldown) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= cooldown.until) {
        setCooldown(null);
        window.clearInterval(timer);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [cooldown]);

  // One request per press: a second click in the same tick, before React disables the button,
  // is not sent.
  const check = useSingleFlight(async () => {
    setFailure(null);
    try {
      await start.mutateAsync();
    } catch (error) {
      const next = cooldownFrom(error);
      if (next) {
        setNow(Date.now());
        setCooldown(next);
      } else if (isApiError(error) && error.status === 400) {
        setFailure('Add a primary card before checking your coverage.');
      } else {
        setFailure(
          `The check could not be started. ${isApiError(error) ? error.userMessage : 'Please try again.'}`,
        );
      }
    }
  });
  const onCheck = (event: MouseEvent<HTMLButtonElement>) => {
    // The second click of a double click (detail 2) is not a second request, even when the
    // first answer came back in between.
    if (event.detail > 1 || waiting) return;
    void check.run();
  };

  const job = status.data;
  return (
    <section className="card" aria-labelledby={`elig-${userId}`}>
      <h3 id={`elig-${userId}`}>Coverage check</h3>
      {status.isPending ? <p>Loading the latest check…</p> : null}
      {status.isError ? (
        <p role="alert">
          The latest check could not be read.{' '}
          <Button variant="link" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      {status.isSuccess && !job ? (
        <p>
          {isNotFoundNoCheckYet
            ? 'No coverage check has been started yet.'
            : 'The latest coverage check is not available.'}
        </p>
      ) : null}
      {job ? (
        <dl>
          <dt>Status</dt>
          <dd>
            <strong>{statusWords(job.status)}</strong>
            {job.status === 'pending' ? ' (we look again every little while; you can go on meanwhile)' : null}
          </dd>
          <dt>Check reference</dt>
          <dd>{job.job_id}</dd>
        </dl>
      ) : null}
      {waiting && cooldown ? (
        <p role="status">
          {cooldown.startedAt
            ? `A check was already started at ${formatDateTime(Math.floor(cooldown.startedAt / 1000), zone)}. `
            : 'A check was started a short while ago. '}
          You can start another at {formatDateTime(Math.ceil(cooldown.until / 1000), zone)} (in{' '}
          {formatCountdown(cooldown.until - now)}).
        </p>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
      {canCheck ? (
        <Button
          variant="secondary"
          onClick={onCheck}
          isBusy={check.isBusy}
          busyLabel="Starting the check…"
          disabled={waiting}
        >
          {waiting && cooldown
            ? `Check again in ${formatCountdown(cooldown.until - now)}`
            : 'Check my coverage'}
        </Button>
      ) : null}
    </section>
  );
}
