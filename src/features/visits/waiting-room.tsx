import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { useServerExtension } from '@/api/accounts/extensions';
import { settingQueries } from '@/api/accounts/queries';
import { roomQueries } from '@/api/rooms/queries';
import {
  VISIT_STATUS,
  visitIntakeId,
  type Visit,
  type VisitMeeting,
} from '@telehealth/client/visits/schemas';
import { useCancelVisit } from '@/api/visits/mutations';
import { isApiError } from '@telehealth/client/errors';
import { ATTENTION_TEXT, AttentionPrompt, attentionTag, useAttentionOnChange } from '@/components/attention';
import { useSingleFlight } from '@/components/form';
import { QueryState } from '@/components/feedback/query-state';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PaymentOnLeaving } from '@/components/money/payment-on-leaving';
import { FormError } from '@/components/ui/field';
import { env } from '@/config/env';
import { paths, roomJoinUrl } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { formatLocale } from '@/lib/locale';
import { safeResourceUrl } from '@/lib/safe-url';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { useDocumentVisible } from './use-document-visible';
import { shouldPoll, WAITING_POLL_MS } from './use-visit';
import { visitKindOf, visitMedium, visitStatusWords, type VisitKind } from '@telehealth/client/visits/kinds';
import { displayName } from '@telehealth/client/users/display-name';
import { estimateWaitRange, formatWaitRange } from './wait-estimate';

const MAX_WAIT_SETTING = 'visit/time/max_wait_time';
const SecondsSchema = z.coerce.number().positive();

/**
 * The visit's status and what the patient can do now: wait in the queue, join, or read the outcome.
 * While a walk-in or an appointment about to start waits, the patient can ask to be alerted; when
 * polling brings "in progress", they are (sound, tab title, a notification if allowed).
 */
export function WaitingRoom({ visit }: { visit: Visit }) {
  const kind = visitKindOf(visit);
  const isLive = kind !== 'econsult';
  useAttentionOnChange(isLive && visit.status === VISIT_STATUS.inProgress, {
    ...ATTENTION_TEXT.ready,
    tag: attentionTag('ready', visit.id),
    url: paths.patient.visit(visit.id),
  });
  return (
    <div className="waiting-room">
      {/* Announces the change to "ready — join" to screen readers when polling brings it. */}
      <div aria-live="polite">
        <StatusPanel visit={visit} kind={kind} />
      </div>
      {/* Outside the live region above: the prompt announces its own changes. */}
      {isLive && shouldPoll(visit) ? <AttentionPrompt reason="ready" /> : null}
      <VisitFacts visit={visit} />
    </div>
  );
}

function VisitFacts({ visit }: { visit: Visit }) {
  const zone = useViewerTimeZone();
  const room = useQuery({ ...roomQueries.detail(visit.room_code ?? ''), enabled: Boolean(visit.room_code) });
  const provider = displayName(visit.provider);
  const when = typeof visit.start === 'number' ? visit.start : visit.created;
  const reason = visit.intake?.reason_for_visit;
  return (
    <dl className="detail-list visit-facts">
      <dt>
        <Trans>Status</Trans>
      </dt>
      <dd>
        <span className="tag">{visitStatusWords(visit)}</span>
      </dd>
      <dt>
        <Trans context="a visit's kind: video, phone, messages">Kind</Trans>
      </dt>
      <dd>{visitMedium(visit)}</dd>
      {visit.room_code ? (
        <>
          <dt>
            <Trans context="a clinic's room">Room</Trans>
          </dt>
          <dd>{room.data?.name ?? visit.room_code}</dd>
        </>
      ) : null}
      {typeof when === 'number' ? (
        <>
          <dt>
            {typeof visit.start !== 'number' ? (
              <Trans context="when an e-consult was sent">Sent</Trans>
            ) : visitKindOf(visit) === 'walkin' ? (
              <Trans context="when a walk-in patient arrived">Arrived</Trans>
            ) : (
              <Trans context="when an appointment starts">Time</Trans>
            )}
          </dt>
          <dd>{formatDateTime(when, zone)}</dd>
        </>
      ) : null}
      <dt>
        <Trans>Provider</Trans>
      </dt>
      <dd>{provider ?? t`Not assigned yet`}</dd>
      {reason ? (
        <>
          <dt>
            <Trans context="reason for the visit">Reason</Trans>
          </dt>
          <dd className="wrap-anywhere">{reason}</dd>
        </>
      ) : null}
    </dl>
  );
}

function StatusPanel({ visit, kind }: { visit: Visit; kind: VisitKind }) {
  switch (visit.status) {
    case VISIT_STATUS.pending:
    case VISIT_STATUS.confirmed:
      if (kind === 'econsult') {
        return (
          <p>
            <Trans>
              Your e-consult has been sent. A provider will reply in writing; you will find the answer on this
              page.
            </Trans>
          </p>
        );
      }
      if (kind === 'walkin' && visit.room_code)
        return <QueuePanel visit={visit} roomCode={visit.room_code} />;
      // The words follow the status the page shows beside them: requested (10) or booked (20).
      return visit.status === VISIT_STATUS.pending ? (
        <p>
          <Trans>
            Your appointment is requested: the clinic confirms it and you will see it as booked here. Come
            back to this page at the start time to join.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>Your appointment is booked. Come back to this page at the start time to join.</Trans>
        </p>
      );
    case VISIT_STATUS.inProgress:
      return kind === 'econsult' ? (
        <p>
          <Trans>A provider is looking at your e-consult.</Trans>
        </p>
      ) : (
        <JoinPanel visit={visit} />
      );
    case VISIT_STATUS.completed:
      return (
        <p>
          <Trans>This visit is completed.</Trans>
        </p>
      );
    case VISIT_STATUS.cancelled:
      // A walk-in the clinic did not cancel (no reason given) was left by the patient.
      if (kind === 'walkin' && !('cancel_reason' in visit && visit.cancel_reason)) {
        return (
          <p>
            <Trans>
              You left the waiting room, so this visit will not take place. If you still need care,{' '}
              <Link to={paths.patient.rooms()}>start a new visit</Link>.
            </Trans>
          </p>
        );
      }
      return (
        <p>
          <Trans>This visit was cancelled.</Trans>
        </p>
      );
    default:
      return (
        <p>
          <Trans>Unknown status. Please contact the clinic if this does not change.</Trans>
        </p>
      );
  }
}

/** The walk-in queue: place in line and an estimated wait, refreshed while the page is visible. */
function QueuePanel({ visit, roomCode }: { visit: Visit; roomCode: string }) {
  const visible = useDocumentVisible();
  const queue = useQuery({
    ...roomQueries.queue(roomCode),
    refetchInterval: visible ? WAITING_POLL_MS : false,
  });
  const maxWait = useQuery({ ...settingQueries.detail(MAX_WAIT_SETTING), retry: false });
  const ceiling = SecondsSchema.safeParse(maxWait.data);
  return (
    <section className="card queue" aria-labelledby="queue-title">
      <h2 id="queue-title">
        <Trans>You are in the waiting room</Trans>
      </h2>
      <QueryState
        query={queue}
        label={t`Checking your place in line…`}
        errorTitle={t`We couldn’t check your place in line`}
      >
        {(data) => (
          <QueueFacts
            beforeMe={data.before_me}
            average={data.average_visit_time}
            ceiling={ceiling.success ? ceiling.data : null}
          />
        )}
      </QueryState>
      <p className="field-hint">
        <Trans>
          Keep this page open; it updates by itself. We will show a join button when your provider is ready.
        </Trans>
      </p>
      <LeaveQueue visitId={visit.id} intakeId={visitIntakeId(visit)} />
    </section>
  );
}

/**
 * Leaving the queue cancels the walk-in (`POST /visits/{id}?version=2&status=40`, the cancel of
 * docs/spec-decisions.md), after a confirmation; the page then says the visit was left. That
 * cancel is a server extension (`visit-status`): without it the page says how to leave instead.
 */
function LeaveQueue({ visitId, intakeId }: { visitId: string; intakeId: string | undefined }) {
  const canLeave = useServerExtension('visit-status');
  if (!canLeave) {
    return (
      <p>
        <Trans>
          To leave the line, contact the clinic. Closing this page does not take you out of the line.
        </Trans>
      </p>
    );
  }
  return <LeaveQueueButton visitId={visitId} intakeId={intakeId} />;
}

function LeaveQueueButton({ visitId, intakeId }: { visitId: string; intakeId: string | undefined }) {
  const [isAsking, setAsking] = useState(false);
  const cancel = useCancelVisit();
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const close = () => {
    setAsking(false);
    setError(null);
  };
  const confirm = useSingleFlight(async () => {
    setError(null);
    try {
      await cancel.mutateAsync(visitId);
      setAsking(false);
    } catch (cause) {
      setError(
        isApiError(cause) && cause.kind !== 'http'
          ? cause.userMessage
          : t`We could not take you out of the line. You are still waiting; please try again or call the clinic.`,
      );
    }
  });
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        <Trans>Leave the waiting room</Trans>
      </Button>
      {isAsking ? (
        <Dialog
          title={t`Leave the waiting room?`}
          onClose={confirm.isBusy ? undefined : close}
          describedBy={descriptionId}
        >
          <div id={descriptionId}>
            <p>
              <Trans>
                You will lose your place in line and this visit will not take place. To see a clinician later,
                you would start a new visit.
              </Trans>
            </p>
            <PaymentOnLeaving intakeId={intakeId} leaving="leave" />
          </div>
          <FormError message={error} />
          <div className="dialog-actions">
            <Button variant="secondary" onClick={close} disabled={confirm.isBusy}>
              <Trans>Stay in line</Trans>
            </Button>
            <Button
              variant="danger"
              onClick={() => void confirm.run()}
              isBusy={confirm.isBusy}
              busyLabel={t`Leaving…`}
            >
              <Trans context="button: leaves the waiting room">Leave</Trans>
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

function QueueFacts({
  beforeMe,
  average,
  ceiling,
}: {
  beforeMe: number;
  average: number;
  ceiling: number | null;
}) {
  const wait = formatWaitRange(
    estimateWaitRange({ average_visit_time: average, before_me: beforeMe }, ceiling),
  );
  const place = beforeMe + 1;
  return (
    <>
      <p className="queue-place">
        {beforeMe === 0
          ? t`You are next in line.`
          : t`You are number ${place} in line (${plural(beforeMe, {
              one: '# patient ahead of you',
              other: '# patients ahead of you',
            })}).`}
      </p>
      {wait ? (
        <p>
          <Trans>Estimated wait: {wait}.</Trans>
        </p>
      ) : null}
    </>
  );
}

/** Status 25: the provider is in the room; the join link and the dial-in details. */
function JoinPanel({ visit }: { visit: Visit }) {
  const url = visit.room_code
    ? safeResourceUrl(roomJoinUrl(env.VITE_ACCOUNT_CODE, env.VITE_ROOM_HOST, visit.room_code))
    : null;
  return (
    <section className="card join" aria-labelledby="join-title">
      <h2 id="join-title">
        <Trans>Your provider is ready — join</Trans>
      </h2>
      {url ? (
        <p>
          <a className="btn btn-primary" href={url} target="_blank" rel="noopener noreferrer">
            <Trans>Join the video visit</Trans>
          </a>
        </p>
      ) : (
        <p>
          <Trans>
            The join link is not available. Please use the phone details below or contact the clinic.
          </Trans>
        </p>
      )}
      {url ? (
        <p className="field-hint">
          <Trans>The video visit opens in a new tab.</Trans>
        </p>
      ) : null}
      {visit.meeting ? <MeetingDetails meeting={visit.meeting} /> : null}
    </section>
  );
}

// Built on first use, not when the module loads: it costs 13-20 ms and most visits have no dial-in.
// One per language the page has been shown in.
const regionNamesCache = new Map<string, Intl.DisplayNames | null>();
function regionNames(): Intl.DisplayNames | null {
  const locale = formatLocale();
  let names = regionNamesCache.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNamesCache.set(locale, names);
  }
  return names;
}

function countryName(code: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return code;
  try {
    return regionNames()?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function MeetingDetails({ meeting }: { meeting: VisitMeeting }) {
  const numbers = Object.entries(meeting.phone_numbers ?? {}).filter(([, list]) => list.length > 0);
  if (!numbers.length && !meeting.conference_pin && !meeting.meeting_id) return null;
  return (
    <>
      <h3>
        <Trans>Join by phone</Trans>
      </h3>
      <dl className="detail-list">
        {numbers.map(([country, list]) => (
          <div key={country}>
            <dt>{countryName(country)}</dt>
            {list.map((n) => (
              <dd key={n}>
                <a href={`tel:${n.replace(/[^\d+]/g, '')}`}>{n}</a>
              </dd>
            ))}
          </div>
        ))}
        {meeting.conference_pin ? (
          <div>
            <dt>
              <Trans>Conference PIN</Trans>
            </dt>
            <dd>{meeting.conference_pin}</dd>
          </div>
        ) : null}
        {meeting.meeting_id ? (
          <div>
            <dt>
              <Trans>Meeting ID</Trans>
            </dt>
            <dd>{meeting.meeting_id}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
