import { visitStatusWords } from '@/api/visits/kinds';
import { displayName } from '@/api/users/display-name';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useDeleteSlot, useDeleteSlotGroup } from '@/api/slots/mutations';
import { slotQueries } from '@/api/slots/queries';
import type { Slot, SlotGroup } from '@/api/slots/schemas';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type Visit } from '@/api/visits/schemas';
import { isApiError } from '@/api/errors';
import { useSingleFlight } from '@/components/form';
import { QueryError } from '@/components/feedback/query-state';
import { Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, formatRange } from '@/lib/dates';
import { isAppointment } from '../appointments/appointment-words';
import {
  addDays,
  dayKeyOf,
  dayKeys,
  dayWindow,
  displayTime,
  groupByDay,
  weekStartOf,
  type DayKey,
} from '../utils/days';
import { repeatRuleInWords } from './group-words';

const GROUP_HORIZON_DAYS = 60;

const overlaps = (visit: Visit, start: number, end: number) =>
  typeof visit.start === 'number' && visit.start < end && (visit.end ?? visit.start) > start;

const isActive = (v: Visit) => v.status !== VISIT_STATUS.cancelled && v.status !== VISIT_STATUS.completed;

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
  const booked = pending.slots.filter((s) => visits.some((v) => isActive(v) && overlaps(v, s.start, s.end)));
  const count = pending.slots.length;
  const confirm = useSingleFlight(async () => {
    setError(null);
    try {
      const result =
        pending.kind === 'slot'
          ? await removeSlot.mutateAsync(pending.id)
          : await removeGroup.mutateAsync(pending.id);
      onClose(
        `Deleted ${result.slot_deleted} ${result.slot_deleted === 1 ? 'slot' : 'slots'}${
          result.group_deleted ? ' and the group' : ''
        }.`,
      );
    } catch (cause) {
      setError(
        isApiError(cause) && cause.status === 403
          ? 'Only the provider of these slots can delete them.'
          : isApiError(cause)
            ? cause.userMessage
            : 'Deleting failed. Please try again.',
      );
    }
  });
  const busy = confirm.isBusy;
  return (
    <Dialog
      title={pending.kind === 'slot' ? 'Delete this open slot?' : 'Delete this slot group?'}
      onClose={busy ? undefined : () => onClose()}
      describedBy={descriptionId}
    >
      <div id={descriptionId}>
        <p>
          {pending.label}: {count} {count === 1 ? 'slot' : 'slots'} will be deleted
          {pending.kind === 'group' ? ', and the group with them' : ''}.
        </p>
        <p>
          {booked.length === 0
            ? 'None of them is booked.'
            : `${booked.length} of them ${booked.length === 1 ? 'is' : 'are'} booked (first: ${formatDateTime(
                booked[0]?.start ?? 0,
                zone,
              )}). Those appointments stay; contact the patients if they need to move.`}
        </p>
      </div>
      <FormError message={error} />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={() => onClose()} disabled={busy}>
          Keep {count === 1 ? 'it' : 'them'}
        </Button>
        <Button variant="danger" onClick={() => void confirm.run()} isBusy={busy} busyLabel="Deleting…">
          Delete
        </Button>
      </div>
    </Dialog>
  );
}

/** The provider's appointments and open slots by day and week, in the provider's own zone. */
export function MySchedule({ providerId, zone }: { providerId: string; zone: string }) {
  const [today] = useState(() => dayKeyOf(Math.floor(Date.now() / 1000), zone));
  const [view, setView] = useState<'week' | 'day'>('week');
  const [first, setFirst] = useState<DayKey>(() => weekStartOf(today));
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const length = view === 'week' ? 7 : 1;
  const window = dayWindow(first, length, zone);
  const keys = dayKeys(first, length);
  const visits = useQuery(visitQueries.list({ start_time: window.start - 1, end_time: window.end + 1 }));
  const slots = useQuery(slotQueries.list({ ...window, status: 10, provider_id: providerId }));
  const horizon = dayWindow(today, GROUP_HORIZON_DAYS, zone);
  const ahead = useQuery(slotQueries.list({ ...horizon, status: 10, provider_id: providerId }));
  const available = useQuery(slotQueries.available());
  const upcoming = useQuery(visitQueries.list({ start_time: horizon.start }));
  const booked = [...(upcoming.data ?? []), ...(visits.data ?? [])].filter(
    (v) => v.provider_id === providerId && isActive(v),
  );
  const mine = (visits.data ?? []).filter((v) => v.provider_id === providerId && isAppointment(v));
  const visitsByDay = groupByDay(mine, (v) => v.start ?? 0, keys, zone);
  const slotsByDay = groupByDay(slots.data ?? [], (s) => s.start, keys, zone);
  const groups = new Map<string, { group: SlotGroup; slots: Slot[] }>();
  for (const slot of ahead.data ?? []) {
    if (!slot.group) continue;
    const entry = groups.get(slot.group.id) ?? { group: slot.group, slots: [] };
    entry.slots.push(slot);
    groups.set(slot.group.id, entry);
  }
  const step = (n: number) => setFirst(addDays(first, n));
  const bookedCount = (list: Slot[]) =>
    list.filter((s) => booked.some((v) => overlaps(v, s.start, s.end))).length;

  return (
    <>
      {notice ? (
        <p className="banner banner-success" role="status">
          {notice}
        </p>
      ) : null}
      <p className="field-hint">Times are in your time zone ({zone}).</p>
      <nav className="slot-nav" aria-label="Choose days">
        <Button
          variant="secondary"
          aria-pressed={view === 'week'}
          onClick={() => {
            setView('week');
            setFirst(weekStartOf(first));
          }}
        >
          Week
        </Button>
        <Button variant="secondary" aria-pressed={view === 'day'} onClick={() => setView('day')}>
          Day
        </Button>
        <Button variant="secondary" onClick={() => step(-length)}>
          {view === 'week' ? 'Previous week' : 'Previous day'}
        </Button>
        <Button variant="secondary" onClick={() => setFirst(view === 'week' ? weekStartOf(today) : today)}>
          Today
        </Button>
        <Button variant="secondary" onClick={() => step(length)}>
          {view === 'week' ? 'Next week' : 'Next day'}
        </Button>
      </nav>
      <h2 aria-live="polite">
        {view === 'week'
          ? `${formatDate(window.start, zone)} to ${formatDate(window.end - 1, zone)}`
          : formatDate(window.start, zone)}
      </h2>
      {visits.isPending || slots.isPending ? <Spinner label="Loading your schedule…" /> : null}
      <QueryError query={visits} />
      <QueryError query={slots} />
      <div className="schedule-days">
        {keys.map((key) => {
          const label = formatDate(dayWindow(key, 1, zone).start, zone);
          const dayVisits = visitsByDay.get(key) ?? [];
          const daySlots = (slotsByDay.get(key) ?? []).filter(
            (s) => !mine.some((v) => isActive(v) && overlaps(v, s.start, s.end)),
          );
          return (
            <section key={key} className="card schedule-day" aria-label={label}>
              <h3>{label}</h3>
              {dayVisits.length === 0 ? <p className="field-hint">No appointments</p> : null}
              <ul>
                {dayVisits.map((v) => (
                  <li key={v.id}>
                    <Link to={paths.provider.visit(v.id)}>
                      {formatRange(v.start ?? 0, v.end ?? v.start ?? 0, zone)}
                    </Link>{' '}
                    — {displayName(v.member) ?? 'Patient'} ({visitStatusWords(v)})
                  </li>
                ))}
              </ul>
              {daySlots.length > 0 ? (
                <details>
                  <summary>
                    {daySlots.length} open {daySlots.length === 1 ? 'slot' : 'slots'}
                  </summary>
                  <ul className="slot-times">
                    {daySlots.map((s) => (
                      <li key={s.id}>
                        {displayTime(s.start, zone)}{' '}
                        <Button
                          variant="link"
                          aria-label={`Delete the open slot at ${formatDateTime(s.start, zone)}`}
                          onClick={() =>
                            setPending({
                              kind: 'slot',
                              id: s.id,
                              slots: [s],
                              label: formatDateTime(s.start, zone),
                            })
                          }
                        >
                          Delete
                        </Button>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </section>
          );
        })}
      </div>
      <section className="card" aria-labelledby="groups-title">
        <h2 id="groups-title">Your slot groups</h2>
        <p className="field-hint">
          Slots and slot groups are set up by the clinic; here you can see and delete them. Counts cover the
          next {GROUP_HORIZON_DAYS} days.
        </p>
        {ahead.isPending ? <Spinner label="Loading your slot groups…" /> : null}
        <QueryError query={ahead} />
        {ahead.data && groups.size === 0 ? (
          <p>You have no open slots in the next {GROUP_HORIZON_DAYS} days.</p>
        ) : null}
        <ul className="group-list">
          {[...groups.values()].map(({ group, slots: list }) => {
            const rule = repeatRuleInWords(group);
            const consultation = group.consultation?.description ?? group.visit_type ?? '';
            return (
              <li key={group.id} className="group-item">
                <p>
                  <strong>{rule}</strong>
                </p>
                <p>
                  {consultation ? `${consultation} · ` : ''}
                  {list.length} {list.length === 1 ? 'slot' : 'slots'}, {bookedCount(list)} booked
                </p>
                <Button
                  variant="danger"
                  aria-label={`Delete the slot group: ${rule}`}
                  onClick={() => setPending({ kind: 'group', id: group.id, slots: list, label: rule })}
                >
                  Delete group
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      {available.data ? (
        <section className="card" aria-labelledby="available-title">
          <h2 id="available-title">Open slots across your rooms</h2>
          <p>
            {available.data.length} open {available.data.length === 1 ? 'slot' : 'slots'} with a place left
            {available.data[0] ? `; the next at ${formatDateTime(available.data[0].start, zone)}` : ''}.
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
