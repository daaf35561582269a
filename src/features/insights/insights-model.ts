import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay, startOfWeek } from 'date-fns';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import type { SurveyResponse } from '@telehealth/client/surveys/schemas';
import { visitKindOf } from '@telehealth/client/visits/kinds';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { formatLocale } from '@/lib/locale';

/** The page looks back eight weeks, today included. */
export const INSIGHT_WEEKS = 8;
const MIN = 60;
/**
 * An appointment or walk-in that never began counts as a no-show this long after its end (or its
 * start when it has no end): the clinic may still be running late until then.
 */
export const NO_SHOW_GRACE_SECONDS = 60 * MIN;
/** A booked visit without an end is taken to last this long when judging a no-show. */
const DEFAULT_LENGTH_SECONDS = 30 * MIN;
/**
 * A walk-in begun more than this long after it was made did not wait in a queue (it was made ahead,
 * or its times are wrong): it is left out of the waits rather than skewing them.
 */
export const LONGEST_WAIT_MINUTES = 12 * 60;

export interface Day {
  /** `YYYY-MM-DD` in the viewer's zone. */
  key: string;
  /** The day's first instant in the viewer's zone, UNIX seconds. */
  start: number;
}

export interface InsightsWindow {
  /** First instant of the first day, UNIX seconds. */
  start: number;
  /** `now`, UNIX seconds. */
  end: number;
  days: Day[];
  /** Week starts (Mondays in the viewer's zone) that the days fall in, oldest first. */
  weeks: number[];
}

const secondsOf = (date: Date) => Math.floor(date.getTime() / 1000);

const pad = (n: number) => String(n).padStart(2, '0');
/** A zoned date's calendar day (date-fns `format` would bring its locale into the route). */
const keyOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The calendar day of an instant in `zone`, as `YYYY-MM-DD`. */
export function dayKeyOf(seconds: number, zone: string): string {
  return keyOf(new TZDate(seconds * 1000, zone));
}

/** The Monday that starts the week of an instant in `zone`, as UNIX seconds. */
export function weekStartOf(seconds: number, zone: string): number {
  return secondsOf(startOfWeek(new TZDate(seconds * 1000, zone), { weekStartsOn: 1 }));
}

/**
 * The last `weeks` × 7 calendar days in `zone`, ending with today. Days are stepped as calendar
 * days in the zone, so a day of 23 or 25 hours (a daylight-saving change) is still one day.
 */
export function insightsWindow(now: number, zone: string, weeks = INSIGHT_WEEKS): InsightsWindow {
  const today = startOfDay(new TZDate(now * 1000, zone));
  const first = addDays(today, -(weeks * 7 - 1));
  const days: Day[] = [];
  for (let i = 0; i < weeks * 7; i += 1) {
    const day = addDays(first, i);
    days.push({ key: keyOf(day), start: secondsOf(day) });
  }
  const weekStarts = [...new Set(days.map((d) => weekStartOf(d.start, zone)))];
  return { start: secondsOf(first), end: now, days, weeks: weekStarts };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * The nearest-rank percentile: the smallest value with at least `p` % of the values at or below
 * it (p90 of ten waits is the ninth shortest). Null for none.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The wait of a walk-in in minutes: from `created` (when the patient joined the queue) to
 * `actual_start` (when the visit began). `start` is not used: a walk-in's `start` is set when it
 * is created, so it measures nothing. Null when the visit never began, the times disagree, or the
 * wait is longer than any queue (`LONGEST_WAIT_MINUTES`).
 */
export function walkinWaitMinutes(visit: Visit): number | null {
  if (visitKindOf(visit) !== 'walkin') return null;
  const created = num(visit.created);
  const began = num(visit.actual_start);
  if (created === null || began === null || began < created) return null;
  const wait = (began - created) / MIN;
  return wait > LONGEST_WAIT_MINUTES ? null : wait;
}

/** When a visit happened or was due, for placing it on a day: its start, else when it was made. */
export function visitTime(visit: Visit): number | null {
  return num(visit.start) ?? num(visit.created);
}

export type Outcome = 'held' | 'cancelled' | 'noShow' | 'open';

/**
 * What became of a visit. The spec has no no-show status (2.1 lists 10, 20, 25, 30, 40), so:
 * - status 40 is a cancellation, whoever cancelled;
 * - a visit that began (`actual_start`, or status 25) was held;
 * - an e-consult that is completed (30) was held; it has no time to miss;
 * - a walk-in or appointment that never began is a no-show once it is closed (30 without
 *   `actual_start`) or, still pending or confirmed, an hour past its end;
 * - anything else is still open.
 */
export function outcomeOf(visit: Visit, now: number): Outcome {
  if (visit.status === VISIT_STATUS.cancelled) return 'cancelled';
  if (num(visit.actual_start) !== null || visit.status === VISIT_STATUS.inProgress) return 'held';
  if (visitKindOf(visit) === 'econsult') return visit.status === VISIT_STATUS.completed ? 'held' : 'open';
  if (visit.status === VISIT_STATUS.completed) return 'noShow';
  const start = num(visit.start) ?? num(visit.created);
  if (start === null) return 'open';
  const end = num(visit.end) ?? start + DEFAULT_LENGTH_SECONDS;
  return end + NO_SHOW_GRACE_SECONDS < now ? 'noShow' : 'open';
}

export interface WaitStats {
  count: number;
  median: number | null;
  p90: number | null;
}

const waitStats = (waits: number[]): WaitStats => ({
  count: waits.length,
  median: median(waits),
  p90: percentile(waits, 90),
});

export interface DayCounts extends Day {
  walkins: number;
  appointments: number;
  waits: WaitStats;
}

export interface WeekCounts {
  start: number;
  walkins: number;
  appointments: number;
  noShows: number;
  cancellations: number;
}

export interface RoomWaits extends WaitStats {
  code: string;
}

export interface VisitInsights {
  overall: WaitStats;
  days: DayCounts[];
  weeks: WeekCounts[];
  rooms: RoomWaits[];
  totals: {
    walkins: number;
    appointments: number;
    econsults: number;
    noShows: number;
    cancellations: number;
  };
}

/**
 * The visit figures of the window: walk-in waits by day and by room, walk-ins and appointments by
 * day and by week, no-shows and cancellations by week. Only visits placed inside the window and not
 * after `now` count; e-consults count in the totals only (they have their own reply figure).
 */
export function visitInsights(visits: readonly Visit[], window: InsightsWindow, zone: string): VisitInsights {
  const byDay = new Map(
    window.days.map((d) => [d.key, { ...d, walkins: 0, appointments: 0, waitList: [] as number[] }]),
  );
  const byWeek = new Map(
    window.weeks.map((start) => [
      start,
      { start, walkins: 0, appointments: 0, noShows: 0, cancellations: 0 },
    ]),
  );
  const byRoom = new Map<string, number[]>();
  const all: number[] = [];
  const totals = { walkins: 0, appointments: 0, econsults: 0, noShows: 0, cancellations: 0 };
  for (const visit of visits) {
    const at = visitTime(visit);
    if (at === null || at < window.start || at > window.end) continue;
    const day = byDay.get(dayKeyOf(at, zone));
    const week = byWeek.get(weekStartOf(at, zone));
    if (!day || !week) continue;
    const kind = visitKindOf(visit);
    if (kind === 'econsult') {
      totals.econsults += 1;
      continue;
    }
    const outcome = outcomeOf(visit, window.end);
    if (kind === 'walkin') {
      day.walkins += 1;
      week.walkins += 1;
      totals.walkins += 1;
    } else {
      day.appointments += 1;
      week.appointments += 1;
      totals.appointments += 1;
    }
    if (outcome === 'noShow') {
      week.noShows += 1;
      totals.noShows += 1;
    }
    if (outcome === 'cancelled') {
      week.cancellations += 1;
      totals.cancellations += 1;
    }
    const wait = walkinWaitMinutes(visit);
    if (wait === null) continue;
    day.waitList.push(wait);
    all.push(wait);
    const room = String(visit.room_code ?? '');
    if (room) byRoom.set(room, [...(byRoom.get(room) ?? []), wait]);
  }
  return {
    overall: waitStats(all),
    days: [...byDay.values()].map(({ waitList, ...d }) => ({ ...d, waits: waitStats(waitList) })),
    weeks: [...byWeek.values()],
    rooms: [...byRoom.entries()]
      .map(([code, waits]) => ({ code, ...waitStats(waits) }))
      .sort((a, b) => a.code.localeCompare(b.code)),
    totals,
  };
}

/** The e-consults of the window, newest first: the ones whose threads the page samples. */
export function econsultsOf(visits: readonly Visit[], window: InsightsWindow): Visit[] {
  return visits
    .filter((v) => visitKindOf(v) === 'econsult')
    .filter((v) => {
      const created = num(v.created);
      return created !== null && created >= window.start && created <= window.end;
    })
    .sort((a, b) => Number(b.created) - Number(a.created));
}

/**
 * Hours from an e-consult's creation to the first message on its thread written by someone other
 * than the patient (a provider, nurse or host). Null when nobody has replied yet.
 */
export function firstReplyHours(visit: Visit, messages: readonly VisitMessage[]): number | null {
  const created = num(visit.created);
  if (created === null) return null;
  const replies = messages
    .filter((m) => String(m.actor.id) !== String(visit.member_id) && Number(m.actor.type) !== 200)
    .map((m) => Number(m.created))
    .filter((t) => Number.isFinite(t) && t >= created)
    .sort((a, b) => a - b);
  const first = replies[0];
  return first === undefined ? null : (first - created) / 3600;
}

export interface ScoreWeek {
  start: number;
  responses: number;
  average: number | null;
}

/**
 * A response's satisfaction score: the mean of its answers on a 1–5 scale (`rating` in the
 * clinic's surveys); the ids kept in the answers are not scores. Null when it has none.
 */
export function satisfactionOf(response: SurveyResponse): number | null {
  const scores = Object.entries(response.data ?? {})
    .filter(([key]) => key !== 'member_id' && key !== 'provider_id')
    .map(([, value]) => value)
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 1 && v <= 5);
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
}

/** Average satisfaction by week (Mondays in the viewer's zone) over the window; weeks without scores read null. */
export function satisfactionByWeek(
  responses: readonly SurveyResponse[],
  window: InsightsWindow,
  zone: string,
): ScoreWeek[] {
  const weeks = new Map(window.weeks.map((start) => [start, [] as number[]]));
  for (const response of responses) {
    const created = num(response.created);
    if (created === null || created < window.start || created > window.end) continue;
    const score = satisfactionOf(response);
    if (score === null) continue;
    weeks.get(weekStartOf(created, zone))?.push(score);
  }
  return [...weeks.entries()].map(([start, scores]) => ({
    start,
    responses: scores.length,
    average: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
  }));
}

const decimals = new Map<string, Intl.NumberFormat>();
/** One decimal place, as figures are shown, in the page's language: 12.25 → "12.3" ("12,3" in Spanish). */
export function oneDecimal(value: number): string {
  const locale = formatLocale();
  let format = decimals.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    });
    decimals.set(locale, format);
  }
  return format.format(Math.round(value * 10) / 10);
}
