import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useMatch } from 'react-router';
import { useServerExtension } from '@/api/accounts/extensions';
import { isApiError } from '@telehealth/client/errors';
import { eligibilityOutcomeQuery, useStartCoverageCheck } from '@/api/insurance/eligibility-outcome';
import type { InsuranceAuth } from '@telehealth/client/insurance/schemas';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import {
  cooldownFrom,
  coverageOutcome,
  coverageWords,
  formatCountdown,
  isLongPending,
  pollDelay,
  type Cooldown,
  type CoverageReader,
} from './eligibility';

/** Reads of one pending job in this view, counted by the time each read arrived. */
interface PendingReads {
  jobId: string;
  at: number;
  reads: number;
}

/**
 * "Check my coverage": starts an eligibility check of the primary card (one request per click,
 * never retried) and says what the insurer answered in plain words (covered with its copay, not
 * active, member not found), re-reading politely while it is pending. A check still pending after
 * about a minute (`isLongPending`) says so and what the patient can do meanwhile. No job id or
 * status code is shown. A 429 disables the button with a countdown and says when the earlier check
 * started. The spec does not say what a 404 on the latest check means: only a server that offers
 * `eligibility-none` says it means "no check yet"; elsewhere it is shown as not available.
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
  // The patient reads about their own plan; a provider (read only) or the clinic admin about a patient's.
  const reader: CoverageReader = auth === 'user' && canCheck ? 'patient' : 'clinic';
  // Inside the intake wizard the step's own choice ("continue without insurance") is the way on.
  const isInWizard = useMatch(paths.patient.intake.pattern) !== null;
  const [pendingReads, setPendingReads] = useState<PendingReads | null>(null);
  const status = useQuery({
    ...eligibilityOutcomeQuery(userId, auth),
    // A pending job is re-read on the poll helper's schedule, counted from this job's first read.
    refetchInterval: (query) => {
      const latest = query.state.data;
      if (!latest || coverageOutcome(latest.status) !== 'pending') return false;
      return pollDelay(pendingReads?.jobId === latest.job_id ? pendingReads.reads : 1);
    },
  });
  const start = useStartCoverageCheck(userId, auth);
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
        setFailure(t`Add a primary card before checking your coverage.`);
      } else {
        const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
        setFailure(t`The check could not be started. ${reason}`);
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
  const outcome = job ? coverageOutcome(job.status) : null;
  // Each read of a pending job counts once (the start's answer is the first); adjusting state while
  // rendering, as React advises for values derived from a changing prop.
  if (job && outcome === 'pending' && pendingReads?.at !== status.dataUpdatedAt) {
    setPendingReads({
      jobId: job.job_id,
      at: status.dataUpdatedAt,
      reads: pendingReads?.jobId === job.job_id ? pendingReads.reads + 1 : 1,
    });
  }
  const reads = job && pendingReads?.jobId === job.job_id ? pendingReads.reads : 0;
  const isWaitingLong = outcome === 'pending' && isLongPending(reads);
  const words =
    job && outcome
      ? coverageWords(outcome, { copay: job.copay, isLongPending: isWaitingLong, reader })
      : null;
  const countdown = cooldown ? formatCountdown(cooldown.until - now) : '';
  const startedAt = cooldown?.startedAt ? formatDateTime(Math.floor(cooldown.startedAt / 1000), zone) : null;
  const nextAt = cooldown ? formatDateTime(Math.ceil(cooldown.until / 1000), zone) : '';
  return (
    <section className="card" aria-labelledby={`elig-${userId}`}>
      <h3 id={`elig-${userId}`}>
        <Trans>Coverage check</Trans>
      </h3>
      {status.isPending ? (
        <p>
          <Trans>Loading the latest check…</Trans>
        </p>
      ) : null}
      {status.isError ? (
        <p role="alert">
          <Trans>The latest check could not be read.</Trans>{' '}
          <Button variant="link" onClick={() => void status.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      ) : null}
      {status.isSuccess && !job ? (
        <p>
          {isNotFoundNoCheckYet
            ? t`No coverage check has been started yet.`
            : t`The latest coverage check is not available.`}
        </p>
      ) : null}
      {words ? (
        <div className="coverage-outcome">
          <p role="status">
            <strong>{words.lead}</strong>
          </p>
          {words.next ? <p>{words.next}</p> : null}
          {isWaitingLong ? (
            <p className="form-actions">
              {reader === 'patient' && !isInWizard ? (
                <Link to={paths.patient.rooms()}>
                  <Trans>Continue to book a visit</Trans>
                </Link>
              ) : null}
              <Button
                variant="link"
                onClick={() => void status.refetch()}
                isBusy={status.isFetching}
                busyLabel={t`Looking again…`}
              >
                <Trans>Look again now</Trans>
              </Button>
            </p>
          ) : null}
        </div>
      ) : null}
      {waiting && cooldown ? (
        <p role="status">
          {startedAt ? (
            <Trans>
              A check was already started at {startedAt}. You can start another at {nextAt} (in {countdown}).
            </Trans>
          ) : (
            <Trans>
              A check was started a short while ago. You can start another at {nextAt} (in {countdown}).
            </Trans>
          )}
        </p>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
      {canCheck ? (
        <Button
          variant="secondary"
          onClick={onCheck}
          isBusy={check.isBusy}
          busyLabel={t`Starting the check…`}
          disabled={waiting}
        >
          {waiting && cooldown ? t`Check again in ${countdown}` : t`Check my coverage`}
        </Button>
      ) : null}
    </section>
  );
}
