import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type VisitFilter } from '@telehealth/client/visits/schemas';
import { useDocumentVisible } from '../use-document-visible';

/** How often the dashboard asks for new arrivals while the page is visible. */
export const DASHBOARD_POLL_MS = 15_000;

/**
 * How often a background tab asks for the walk-in line, whose count its tab title shows (so a
 * provider working in another tab sees a patient arrive).
 */
export const BACKGROUND_POLL_MS = 60_000;

/**
 * How a polled read repeats: every 15 s while the page is visible; in a background tab nothing,
 * unless `inBackground` (the walk-in line, new messages): then once a minute.
 */
export function pollingOptions(visible: boolean, inBackground: boolean) {
  return {
    refetchInterval: visible ? DASHBOARD_POLL_MS : inBackground ? BACKGROUND_POLL_MS : false,
    refetchIntervalInBackground: inBackground,
  } as const;
}

/** A `GET /visits` read polled as `pollingOptions` says. */
export function usePolledVisits(filter: VisitFilter, { inBackground = false } = {}) {
  const visible = useDocumentVisible();
  return useQuery({ ...visitQueries.list(filter), ...pollingOptions(visible, inBackground) });
}

/** The read of a room's line: its pending visits (walk-ins, and e-consults not yet accepted). */
export const roomLineFilter = (roomCode: string): VisitFilter => ({
  room_code: roomCode,
  status: VISIT_STATUS.pending,
});

/** Whole minutes between two UNIX-second times, never negative. */
export function minutesBetween(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / 60));
}

/** How long a patient has waited: "Just arrived", "Waiting 12 min", "Waiting 1 h 5 min". */
export function waitedWords(minutes: number): string {
  if (minutes < 1) return t`Just arrived`;
  if (minutes < 60) return t`Waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return t`Waiting ${hours} h ${rest} min`;
}
