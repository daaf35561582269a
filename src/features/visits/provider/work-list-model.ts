import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay, startOfWeek } from 'date-fns';
import { displayName } from '@telehealth/client/users/display-name';
import { visitKindOf, type VisitKind } from '@telehealth/client/visits/kinds';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';

/** The work list's status groups, in the order the list shows them. */
export const WORK_STATUSES = ['waiting', 'in_progress', 'upcoming', 'closed'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** Each status group's name, shown with `i18n._`. */
export const WORK_STATUS_LABEL: Record<WorkStatus, MessageDescriptor> = {
  waiting: msg`Waiting`,
  in_progress: msg`In progress`,
  upcoming: msg`Upcoming`,
  closed: msg`Closed`,
};

/** The kind of a visit in a word, as the work list shows it (with `i18n._`). */
export const KIND_WORDS: Record<VisitKind, MessageDescriptor> = {
  walkin: msg`Walk-in`,
  appointment: msg`Appointment`,
  econsult: msg`E-consult`,
};

export const PERIODS = ['all', 'today', 'week', 'date'] as const;
export type Period = (typeof PERIODS)[number];

/** Filters a provider sets on the work list; the patient-name search is kept apart (never in a URL). */
export interface WorkListFilters {
  status?: WorkStatus | undefined;
  kind?: VisitKind | undefined;
  /** A room code. */
  room?: string | undefined;
  period: Period;
  /** `YYYY-MM-DD` in the provider's zone, with period `date`. */
  date?: string | undefined;
}

export const NO_FILTERS: WorkListFilters = { period: 'all' };

/** One row: one visit, or the visits of one group session (same provider, room and start). */
export interface WorkRow {
  key: string;
  /** The visits of the row, the one its main link opens first. */
  visits: [Visit, ...Visit[]];
  kind: VisitKind;
  status: WorkStatus;
  /** Start, else when it was sent (an e-consult has no start); null when neither is known. */
  time: number | null;
  roomCode: string | null;
  isGroup: boolean;
}

/** A visit's place on a timeline: its start, else when it was sent (e-consults have no start). */
export const timeOf = (v: Visit): number | null =>
  typeof v.start === 'number' ? v.start : typeof v.created === 'number' ? v.created : null;

/** When a walk-in joined the line. */
export const arrivedAt = (v: Visit): number => v.created ?? v.start ?? 0;

/**
 * Where a visit stands for the provider. An appointment not yet started is upcoming until its start
 * (spec 3: upcoming appointments start after now), then waiting; walk-ins and e-consults not yet
 * started are waiting; 25 is in progress; completed and cancelled are closed.
 */
export function workStatusOf(v: Visit, now: number): WorkStatus {
  if (v.status === VISIT_STATUS.inProgress) return 'in_progress';
  if (v.status === VISIT_STATUS.completed || v.status === VISIT_STATUS.cancelled) return 'closed';
  if (visitKindOf(v) === 'appointment' && typeof v.start === 'number' && v.start > now) return 'upcoming';
  return 'waiting';
}

/**
 * A group session's key: an appointment of an assigned provider that is not cancelled. A provider
 * holds one place per time unless the consultation is a group one, so several such appointments of
 * one provider at one start in one room are the places of a group session.
 */
function sessionKey(v: Visit): string | null {
  if (visitKindOf(v) !== 'appointment' || v.status === VISIT_STATUS.cancelled) return null;
  if (!v.provider_id || typeof v.start !== 'number') return null;
  return `${v.provider_id}|${v.room_code ?? ''}|${v.start}`;
}

const RANK: Record<WorkStatus, number> = { waiting: 0, in_progress: 1, upcoming: 2, closed: 3 };

/** The rows of the work list: group sessions folded into one row, in work order. */
export function buildRows(visits: readonly Visit[], now: number): WorkRow[] {
  const sessions = new Map<string, Visit[]>();
  for (const v of visits) {
    const key = sessionKey(v);
    if (key) sessions.set(key, [...(sessions.get(key) ?? []), v]);
  }
  const rows: WorkRow[] = [];
  const done = new Set<string>();
  for (const v of visits) {
    const key = sessionKey(v);
    const members = key ? (sessions.get(key) ?? [v]) : [v];
    if (key && members.length > 1) {
      if (done.has(key)) continue;
      done.add(key);
    }
    const sorted = [...members].sort((a, b) => a.id.localeCompare(b.id)) as [Visit, ...Visit[]];
    const first = sorted[0];
    rows.push({
      key: members.length > 1 ? `session:${key}` : first.id,
      visits: sorted,
      kind: visitKindOf(first),
      status: workStatusOf(first, now),
      time:
        first.status === VISIT_STATUS.pending && visitKindOf(first) === 'walkin'
          ? arrivedAt(first)
          : timeOf(first),
      roomCode: first.room_code ?? null,
      isGroup: members.length > 1,
    });
  }
  return rows.sort((a, b) => {
    const byStatus = RANK[a.status] - RANK[b.status];
    if (byStatus) return byStatus;
    const byTime = a.status === 'closed' ? (b.time ?? 0) - (a.time ?? 0) : (a.time ?? 0) - (b.time ?? 0);
    return byTime || a.key.localeCompare(b.key);
  });
}

/** `[start, end)` of the period in the zone, as UNIX seconds; null for all time. */
export function periodBounds(
  period: Period,
  date: string | undefined,
  now: number,
  zone: string,
): { start: number; end: number } | null {
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  if (period === 'today') {
    const start = startOfDay(new TZDate(now * 1000, zone));
    return { start: seconds(start), end: seconds(addDays(start, 1)) };
  }
  if (period === 'week') {
    // Weeks start on Monday.
    const start = startOfWeek(new TZDate(now * 1000, zone), { weekStartsOn: 1 });
    return { start: seconds(start), end: seconds(addDays(start, 7)) };
  }
  if (period === 'date' && date) {
    const [y, m, d] = date.split('-').map(Number);
    if (!y || !m || !d) return null;
    const start = new TZDate(y, m - 1, d, zone);
    return { start: seconds(start), end: seconds(addDays(start, 1)) };
  }
  return null;
}

/** A name as typed and as stored, compared without case or accents. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export const patientNameOf = (v: Visit): string => displayName(v.member, t`Patient`);

/** The rows that pass the filters and whose patient (any booked patient of a session) matches the search. */
export function filterRows(
  rows: readonly WorkRow[],
  filters: WorkListFilters,
  search: string,
  now: number,
  zone: string,
): WorkRow[] {
  const bounds = periodBounds(filters.period, filters.date, now, zone);
  const needle = fold(search.trim());
  return rows.filter(
    (row) =>
      (!filters.status || row.status === filters.status) &&
      (!filters.kind || row.kind === filters.kind) &&
      (!filters.room || row.roomCode === filters.room) &&
      (!bounds || (row.time !== null && row.time >= bounds.start && row.time < bounds.end)) &&
      (!needle || row.visits.some((v) => fold(patientNameOf(v)).includes(needle))),
  );
}
