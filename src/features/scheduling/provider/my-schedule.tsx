import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useDeleteSlot, useDeleteSlotGroup } from '@/api/slots/mutations';
import { slotQueries } from '@/api/slots/queries';
import type { Slot, SlotGroup } from '@telehealth/client/slots/schemas';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@telehealth/client/visits/schemas';
import { isApiError } from '@telehealth/client/errors';
import { useSingleFlight } from '@/components/form';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/field';
import { formatDate, formatDateTime, zoneInWordsAt } from '@/lib/dates';
import { useNow } from '../appointments/use-now';
import { dayKeyOf, dayKeys, dayWindow, type DayKey } from '../utils/days';
import {
  calendarItems,
  isActiveVisit,
  overlaps,
  shownDays,
  stepDate,
  type CalendarView,
} from './calendar-model';
import { repeatRuleInWords } from './group-words';
import { ScheduleCalendar } from './schedule-calendar';

const GROUP_HORIZON_DAYS = 60;

interface Pending {
  kind: 'slot' | 'group';
  id: string;
  slots: Slot[];
  label: string;
}

function ConfirmDelete({
  pending,
  visits,
  zone,
  onClose,
}: {
  pending: Pending;
  visits: Visit[];
  zone: string;
  onClose: (message?: string) => void;
}) {
  const removeSlot = useDeleteSlot();
  const removeGroup = useDeleteSlotGroup();
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const booked = pending.slots.filter((s) =>
    visits.some((v) => isActiveVisit(v) && overlaps(v, s.start, s.end)),
  );
  const count = pending.slots.length;
  const confirm = useSingleFlight(async () => {
    setError(null);
    try {
      const result =
        pending.kind === 'slot'
          ? await removeSlot.mutateAsync(pending.id)
          : await removeGroup.mutateAsync(pending.id);
      const deleted = result.slot_deleted;
      onClose(
        result.group_deleted
          ? t`${plural(deleted, { one: 'Deleted # slot and the group.', other: 'Deleted # slots and the group.' })}`
          : t`${plural(deleted, { one: 'Deleted # slot.', other: 'Deleted # slots.' })}`,
      );
    } catch (cause) {
      setError(
        isApiError(cause) && cause.status === 403
          ? t`Only the provider of these slots can delete them.`
          : isApiError(cause)
            ? cause.userMessage
            : t`Deleting failed. Please try again.`,
      );
    }
  });
  const busy = confirm.isBusy;
  const label = pending.label;
  const bookedNumber = booked.length;
  const firstBooked = booked.length > 0 ? formatDateTime(booked[0]?.start ?? 0, zone) : '';
  return (
    <Dialog
      title={pending.kind === 'slot' ? t`Delete this open slot?` : t`Delete this slot group?`}
      onClose={busy ? undefined : () => onClose()}
      describedBy={descriptionId}
    >
      <div id={descriptionId}>
        <p>
          {pending.kind === 'group'
            ? t`${plural(count, {
                one: `${label}: # slot will be deleted, and the group with them.`,
                other: `${label}: # slots will be deleted, and the group with them.`,
              })}`
            : t`${plural(count, {
                one: `${label}: # slot will be deleted.`,
                other: `${label}: # slots will be deleted.`,
              })}`}
        </p>
        <p>
          {bookedNumber === 0
            ? t`None of them is booked.`
            : t`${plural(bookedNumber, {
                one: `# of them is booked (first: ${firstBooked}). Those appointments stay; contact the patients if they need to move.`,
                other: `# of them are booked (first: ${firstBooked}). Those appointments stay; contact the patients if they need to move.`,
              })}`}
        </p>
      </div>
      <FormError message={error} />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => onClose()} disabled={busy}>
          {t`${plural(count, { one: 'Keep it', other: 'Keep them' })}`}
        </Button>
        <Button variant="danger" onClick={() => void confirm.run()} isBusy={busy} busyLabel={t`Deleting…`}>
          <Trans context="button: deletes slots">Delete</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

/** "3 open slots with a place left; the next at …". */
function OpenSlots({ count, next, zone }: { count: number; next: number | undefined; zone: string }) {
  if (next === undefined) {
    return (
      <>{t`${plural(count, { one: '# open slot with a place left.', other: '# open slots with a place left.' })}`}</>
    );
  }
  const nextAt = formatDateTime(next, zone);
  return (
    <>
      {t`${plural(count, {
        one: `# open slot with a place left; the next at ${nextAt}.`,
        other: `# open slots with a place left; the next at ${nextAt}.`,
      })}`}
    </>
  );
}

/** Where the calendar is: the view and the day it shows (any day of the week in the week view). */
export interface ScheduleNavigation {
  view: CalendarView;
  date?: DayKey;
}

/**
 * The provider's appointments and open slots as a day or week calendar, in the provider's own zone.
 * The view and the date are the caller's (the route keeps them in the address).
 */
export function MySchedule({
  providerId,
  zone,
  view,
  date,
  onNavigate,
}: {
  providerId: string;
  zone: string;
  view: CalendarView;
  date?: DayKey | undefined;
  onNavigate: (next: ScheduleNavigation) => void;
}) {
  const now = useNow(60_000);
  const [today] = useState(() => dayKeyOf(Math.floor(Date.now() / 1000), zone));
  const shown = date ?? today;
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rangeHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The deleted block held the focus: it goes to the days' heading, next to the notice.
    if (notice && !document.activeElement?.closest('.cal, .group-list')) rangeHeading.current?.focus();
  }, [notice]);
  const { first, length } = shownDays(view, shown);
  const window = dayWindow(first, length, zone);
  const keys = dayKeys(first, length);
  const visits = useQuery(visitQueries.list({ start_time: window.start - 1, end_time: window.end + 1 }));
  const slots = useQuery(slotQueries.list({ ...window, status: 10, provider_id: providerId }));
  const horizon = dayWindow(today, GROUP_HORIZON_DAYS, zone);
  const ahead = useQuery(slotQueries.list({ ...horizon, status: 10, provider_id: providerId }));
  const available = useQuery(slotQueries.available());
  const upcoming = useQuery(visitQueries.list({ start_time: horizon.start }));
  const booked = [...(upcoming.data ?? []), ...(visits.data ?? [])].filter(
    (v) => v.provider_id === providerId && isActiveVisit(v),
  );
  const items = calendarItems(visits.data ?? [], slots.data ?? [], providerId);
  const groups = new Map<string, { group: SlotGroup; slots: Slot[] }>();
  for (const slot of ahead.data ?? []) {
    if (!slot.group) continue;
    const entry = groups.get(slot.group.id) ?? { group: slot.group, slots: [] };
    entry.slots.push(slot);
    groups.set(slot.group.id, entry);
  }
  const bookedCount = (list: Slot[]) =>
    list.filter((s) => booked.some((v) => overlaps(v, s.start, s.end))).length;
  const todayShown = keys.includes(today);
  const zoneName = zoneInWordsAt(window.start, zone);
  const fromDay = formatDate(window.start, zone);
  const toDay = formatDate(window.end - 1, zone);
  const horizonDays = GROUP_HORIZON_DAYS;

  return (
    <>
      {notice ? (
        <p className="banner banner-success" role="status">
          {notice}
        </p>
      ) : null}
      <p className="field-hint">
        <Trans>Times are in your time zone ({zoneName}).</Trans>
      </p>
      <div className="cal-toolbar">
        <div className="cal-views" role="group" aria-label={t`Calendar view`}>
          <Button
            variant="secondary"
            aria-pressed={view === 'day'}
            onClick={() => onNavigate({ view: 'day', date: todayShown ? today : first })}
          >
            <Trans context="calendar view: one day">Day</Trans>
          </Button>
          <Button
            variant="secondary"
            aria-pressed={view === 'week'}
            onClick={() => onNavigate({ view: 'week', date: shown })}
          >
            <Trans context="calendar view: one week">Week</Trans>
          </Button>
        </div>
        <nav className="slot-nav" aria-label={t`Choose days`}>
          <Button variant="secondary" onClick={() => onNavigate({ view, date: stepDate(view, shown, -1) })}>
            {view === 'week' ? t`Previous week` : t`Previous day`}
          </Button>
          <Button variant="secondary" onClick={() => onNavigate({ view })}>
            <Trans context="button: shows today in the calendar">Today</Trans>
          </Button>
          <Button variant="secondary" onClick={() => onNavigate({ view, date: stepDate(view, shown, 1) })}>
            {view === 'week' ? t`Next week` : t`Next day`}
          </Button>
        </nav>
      </div>
      <h2 aria-live="polite" ref={rangeHeading} tabIndex={-1}>
        {view === 'week'
          ? t({ message: `${fromDay} to ${toDay}`, context: 'the days a week shows' })
          : fromDay}
      </h2>
      {visits.isPending || slots.isPending ? <Spinner label={t`Loading your schedule…`} /> : null}
      <QueryError query={visits} />
      <QueryError query={slots} />
      <ScheduleCalendar
        view={view}
        days={keys}
        items={items}
        zone={zone}
        now={now}
        onDelete={(slot) =>
          setPending({ kind: 'slot', id: slot.id, slots: [slot], label: formatDateTime(slot.start, zone) })
        }
      />
      <section className="card" aria-labelledby="groups-title">
        <h2 id="groups-title">
          <Trans>Your slot groups</Trans>
        </h2>
        <p className="field-hint">
          <Trans>
            Slots and slot groups are set up by the clinic; here you can see and delete them. Counts cover the
            next {horizonDays} days.
          </Trans>
        </p>
        {ahead.isPending ? <Spinner label={t`Loading your slot groups…`} /> : null}
        <QueryError query={ahead} />
        {ahead.data && groups.size === 0 ? (
          <p>
            <Trans>You have no open slots in the next {horizonDays} days.</Trans>
          </p>
        ) : null}
        <ul className="group-list">
          {[...groups.values()].map(({ group, slots: list }) => {
            const rule = repeatRuleInWords(group);
            const consultation = group.consultation?.description ?? group.visit_type ?? '';
            const slotCount = list.length;
            const bookedSlots = bookedCount(list);
            return (
              <li key={group.id} className="group-item">
                <p>
                  <strong>{rule}</strong>
                </p>
                <p>
                  {consultation ? `${consultation} · ` : ''}
                  {t`${plural(slotCount, { one: '# slot', other: '# slots' })}, ${bookedSlots} booked`}
                </p>
                <Button
                  variant="danger"
                  aria-label={t`Delete the slot group: ${rule}`}
                  onClick={() => setPending({ kind: 'group', id: group.id, slots: list, label: rule })}
                >
                  <Trans>Delete group</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      {available.data ? (
        <section className="card" aria-labelledby="available-title">
          <h2 id="available-title">
            <Trans>Open slots across your rooms</Trans>
          </h2>
          <p>
            <OpenSlots count={available.data.length} next={available.data[0]?.start} zone={zone} />
          </p>
        </section>
      ) : null}
      {pending ? (
        <ConfirmDelete
          pending={pending}
          visits={booked}
          zone={zone}
          onClose={(message) => {
            setPending(null);
            if (message) setNotice(message);
          }}
        />
      ) : null}
    </>
  );
}
