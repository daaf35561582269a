import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { visitStatusWords } from '@telehealth/client/visits/kinds';
import { displayName } from '@telehealth/client/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useServerExtension } from '@/api/accounts/extensions';
import { CUSTOM_FIELDS } from '@telehealth/client/intakes/custom-fields';
import { roomQueries } from '@/api/rooms/queries';
import { useCancelVisit, useRescheduleVisit } from '@/api/visits/mutations';
import { VISIT_STATUS, visitIntakeId, type Visit } from '@telehealth/client/visits/schemas';
import { isApiError } from '@telehealth/client/errors';
import { ATTENTION_TEXT, AttentionPrompt, attentionTag, useAttentionOnChange } from '@/components/attention';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/field';
import { PaymentOnLeaving } from '@/components/money/payment-on-leaving';
import { env } from '@/config/env';
import { paths, roomJoinUrl } from '@/config/paths';
import { formatDateTime, formatDuration, formatRange } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { i18n } from '@/lib/i18n';
import { safeResourceUrl } from '@/lib/safe-url';
import { SlotPicker, type PickedSlot } from '../components/slot-picker';
import { buildIcs, googleCalendarUrl, type CalendarEvent } from '../utils/calendar-export';
import { isChangeable, isSlotTaken, SLOT_TAKEN_MESSAGE } from './appointment-words';
import { useNow } from './use-now';

function consultationOf(
  visit: Visit,
  consultations: { id: string; description?: string; group?: boolean }[],
) {
  const saved = visit.intake?.[CUSTOM_FIELDS.consultationId];
  const id = typeof saved === 'string' ? saved : undefined;
  return id ? consultations.find((c) => c.id === id) : undefined;
}

function eventOf(visit: Visit, roomName: string, zone: string): CalendarEvent {
  const provider = displayName(visit.provider);
  const start = visit.start ?? 0;
  const link = `${window.location.origin}${paths.patient.appointment(visit.id)}`;
  return {
    visitId: visit.id,
    domain: visit.account?.code ?? visit.account_code ?? env.VITE_ACCOUNT_CODE,
    start,
    end: visit.end ?? start,
    title: t`Video appointment, ${roomName}`,
    description: provider
      ? t`With ${provider}. Join from the clinic portal: ${link}`
      : t`Join from the clinic portal: ${link}`,
    location: link,
    sequence: Math.max(0, (visit.modified ?? visit.created ?? 0) - (visit.created ?? 0)),
    stamp: visit.modified ?? visit.created ?? start,
    isCancelled: visit.status === VISIT_STATUS.cancelled,
    isTentative: visit.status === VISIT_STATUS.pending,
    zone,
  };
}

function downloadIcs(event: CalendarEvent, name: string) {
  const url = URL.createObjectURL(new Blob([buildIcs(event)], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Join's opening is counted down from this long before it; before that the page names the time. */
const COUNTDOWN_SECONDS = 3 * 60 * 60;

/** The alert offer shows from this long before join opens (a tab is rarely kept open longer). */
const OFFER_ALERT_SECONDS = 60 * 60;

/**
 * Join opens `VITE_JOIN_OPENS_MINUTES` before the start and closes at the end; a countdown before
 * that. When the window opens while the page is open, the patient is alerted (they may be on
 * another tab), and in the last hour before it they can ask for that alert.
 */
function JoinPanel({ visit }: { visit: Visit }) {
  const now = useNow(1000);
  const zone = useViewerTimeZone();
  const start = visit.start ?? 0;
  const end = visit.end ?? start;
  const opensAt = start - env.VITE_JOIN_OPENS_MINUTES * 60;
  const url = visit.room_code
    ? safeResourceUrl(roomJoinUrl(env.VITE_ACCOUNT_CODE, env.VITE_ROOM_HOST, visit.room_code))
    : null;
  const isOver =
    visit.status === VISIT_STATUS.cancelled || visit.status === VISIT_STATUS.completed || now >= end;
  useAttentionOnChange(!isOver && now >= opensAt, {
    ...ATTENTION_TEXT.join,
    tag: attentionTag('join', visit.id),
    url: paths.patient.appointment(visit.id),
  });
  if (isOver) return null;
  const minutes = env.VITE_JOIN_OPENS_MINUTES;
  const countdown = now < opensAt ? formatDuration(opensAt - now) : '';
  const opensAtText = formatDateTime(opensAt, zone);
  return (
    <section className="card join" aria-labelledby="join-title">
      <h2 id="join-title">
        <Trans>Joining</Trans>
      </h2>
      <p>
        {t`${plural(minutes, {
          one: 'You can join from # minute before the start.',
          other: 'You can join from # minutes before the start.',
        })}`}
      </p>
      {now < opensAt ? (
        <>
          {/* A countdown only when it is near; further off, the time itself ("118 h" says nothing). */}
          {opensAt - now <= COUNTDOWN_SECONDS ? (
            <p role="timer" aria-live="off">
              <Trans>Join opens in {countdown}.</Trans>
            </p>
          ) : (
            <p>
              <Trans>Join opens {opensAtText}.</Trans>
            </p>
          )}
          {opensAt - now <= OFFER_ALERT_SECONDS ? <AttentionPrompt reason="join" className="" /> : null}
        </>
      ) : url ? (
        <p>
          <a className="btn btn-primary" href={url} target="_blank" rel="noopener noreferrer">
            <Trans>Join the video visit</Trans>
          </a>
        </p>
      ) : (
        <p>
          <Trans>The join link is not available. Please contact the clinic.</Trans>
        </p>
      )}
    </section>
  );
}

function Reschedule({
  visit,
  zone,
  clinicZone,
  consultationId,
  isGroup,
  onDone,
}: {
  visit: Visit;
  zone: string;
  clinicZone: string | null;
  consultationId?: string;
  isGroup: boolean;
  onDone: (moved: Visit | null) => void;
}) {
  const move = useRescheduleVisit();
  const [picked, setPicked] = useState<PickedSlot | null>(null);
  const [lost, setLost] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = useSingleFlight(async () => {
    if (!picked) return;
    setError(null);
    try {
      const moved = await move.mutateAsync({
        id: visit.id,
        input: {
          slot_start: picked.start,
          slot_end: picked.end,
          ...(picked.providerId ? { provider_id: picked.providerId } : {}),
        },
      });
      onDone(moved);
    } catch (cause) {
      if (isSlotTaken(cause)) {
        setLost(picked.start);
        setPicked(null);
        setError(i18n._(SLOT_TAKEN_MESSAGE));
      } else {
        setError(
          isApiError(cause) ? cause.userMessage : t`The appointment could not be moved. Please try again.`,
        );
      }
    }
  });
  const newTime = picked ? formatDateTime(picked.start, zone) : '';
  return (
    <section className="card" aria-labelledby="reschedule-title">
      <h2 id="reschedule-title">
        <Trans>Choose a new time</Trans>
      </h2>
      <FormError message={error} />
      <SlotPicker
        key={lost ?? 'first'}
        roomCode={visit.room_code ?? ''}
        zone={zone}
        clinicZone={clinicZone}
        consultationId={consultationId}
        intakeId={visit.intake?.id ?? visit.intake_id ?? undefined}
        isGroup={isGroup}
        selected={picked}
        onSelect={setPicked}
        lostStart={lost}
      />
      {picked ? (
        <p>
          <Trans>New time: {newTime}</Trans>
        </p>
      ) : null}
      <div className="form-actions">
        <Button
          onClick={() => void submit.run()}
          disabled={!picked}
          isBusy={submit.isBusy}
          busyLabel={t`Moving…`}
        >
          <Trans>Move my appointment</Trans>
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)} disabled={submit.isBusy}>
          <Trans>Keep the current time</Trans>
        </Button>
      </div>
    </section>
  );
}

function CancelDialog({
  visit,
  zone,
  onClose,
}: {
  visit: Visit;
  zone: string;
  onClose: (cancelled: boolean) => void;
}) {
  const cancel = useCancelVisit();
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const confirm = useSingleFlight(async () => {
    setError(null);
    try {
      await cancel.mutateAsync(visit.id);
      onClose(true);
    } catch (cause) {
      setError(isApiError(cause) ? cause.userMessage : t`Cancelling failed. Please try again.`);
    }
  });
  const when = formatDateTime(visit.start ?? 0, zone);
  return (
    <Dialog
      title={t`Cancel this appointment?`}
      onClose={confirm.isBusy ? undefined : () => onClose(false)}
      describedBy={descriptionId}
    >
      <div id={descriptionId}>
        <p>
          <Trans>Your appointment on {when} will be cancelled and the time offered to other patients.</Trans>
        </p>
        <PaymentOnLeaving intakeId={visitIntakeId(visit)} leaving="cancel" />
      </div>
      <FormError message={error} />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => onClose(false)} disabled={confirm.isBusy}>
          <Trans context="button: keeps the appointment">Keep it</Trans>
        </Button>
        <Button
          variant="danger"
          onClick={() => void confirm.run()}
          isBusy={confirm.isBusy}
          busyLabel={t`Cancelling…`}
        >
          <Trans>Cancel appointment</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * One appointment: time in the patient's zone, join window, calendar exports, move and cancel.
 * Moving is the spec's update (`slot_start`); cancelling is a server extension (`visit-status`),
 * so without it the page says to contact the clinic instead of offering a button that would fail.
 */
export function AppointmentDetail({ visit, zone }: { visit: Visit; zone: string }) {
  const canCancel = useServerExtension('visit-status');
  const room = useQuery({ ...roomQueries.detail(visit.room_code ?? ''), enabled: Boolean(visit.room_code) });
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view');
  const [notice, setNotice] = useState<string | null>(null);
  const now = useNow(30_000);
  const roomName =
    room.data?.name ??
    visit.room_code ??
    t({ message: 'the clinic', context: 'a room name when the room is unknown' });
  const clinicZone = room.data?.operation_settings?.default_timezone ?? null;
  const consultations = (room.data?.payment?.consultations ?? []) as {
    id: string;
    description?: string;
    group?: boolean;
  }[];
  const consultation = consultationOf(visit, consultations);
  const provider = displayName(visit.provider);
  const start = visit.start ?? 0;
  const end = visit.end ?? start;
  const changeable = isChangeable(visit, now);
  const event = eventOf(visit, roomName, zone);
  const range = formatRange(start, end, zone);
  const clinicRange = clinicZone ? formatRange(start, end, clinicZone) : '';
  return (
    <>
      <section className="card" aria-labelledby="when-title">
        <h2 id="when-title">{range}</h2>
        {clinicZone && clinicZone !== zone ? (
          <p className="field-hint">
            <Trans>Clinic time: {clinicRange}</Trans>
          </p>
        ) : null}
        <dl className="details">
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>{visitStatusWords(visit)}</dd>
          <dt>
            <Trans>Provider</Trans>
          </dt>
          <dd>{provider ?? t`To be assigned`}</dd>
          <dt>
            <Trans>Room</Trans>
          </dt>
          <dd>{roomName}</dd>
          {consultation ? (
            <>
              <dt>
                <Trans>Consultation</Trans>
              </dt>
              <dd>{consultation.description ?? consultation.id}</dd>
            </>
          ) : null}
        </dl>
        {visit.status === VISIT_STATUS.pending ? (
          <p>
            <Trans>The clinic has your request and will confirm it.</Trans>
          </p>
        ) : null}
      </section>
      {notice ? (
        <p className="banner banner-success" role="status">
          {notice}
        </p>
      ) : null}
      <JoinPanel visit={visit} />
      {visit.status !== VISIT_STATUS.cancelled ? (
        <section className="card" aria-labelledby="calendar-title">
          <h2 id="calendar-title">
            <Trans>Add to your calendar</Trans>
          </h2>
          <div className="form-actions">
            <Button
              variant="secondary"
              onClick={() => downloadIcs(event, `appointment-${visit.code ?? visit.id}.ics`)}
            >
              <Trans>Download calendar file (.ics)</Trans>
            </Button>
            <a
              className="btn btn-secondary"
              href={googleCalendarUrl(event)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Trans>Add to Google Calendar</Trans>
            </a>
          </div>
        </section>
      ) : null}
      {changeable && mode === 'move' ? (
        <Reschedule
          visit={visit}
          zone={zone}
          clinicZone={clinicZone}
          consultationId={consultation?.id}
          isGroup={consultation?.group === true}
          onDone={(moved) => {
            setMode('view');
            const movedTo = moved ? formatDateTime(moved.start ?? 0, zone) : '';
            setNotice(
              moved
                ? t`Your appointment is now on ${movedTo}. Download the calendar file again to update your calendar.`
                : null,
            );
          }}
        />
      ) : null}
      {changeable && mode !== 'move' ? (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => setMode('move')}>
            <Trans>Change time</Trans>
          </Button>
          {canCancel ? (
            <Button variant="danger" onClick={() => setMode('cancel')}>
              <Trans>Cancel appointment</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      {changeable && mode !== 'move' && !canCancel ? (
        <p>
          <Trans>To cancel this appointment, contact the clinic.</Trans>
        </p>
      ) : null}
      {canCancel && mode === 'cancel' ? (
        <CancelDialog
          visit={visit}
          zone={zone}
          onClose={(cancelled) => {
            setMode('view');
            if (cancelled) setNotice(t`Your appointment is cancelled. The time is free for other patients.`);
          }}
        />
      ) : null}
      <p>
        <Link to={paths.patient.appointments()}>
          <Trans>All your appointments</Trans>
        </Link>
      </p>
    </>
  );
}
