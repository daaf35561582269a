import { useQuery } from '@tanstack/react-query';
import { visitQueries } from '@/api/visits/queries';
import type { VisitFilter } from '@/api/visits/schemas';
import { useDocumentVisible } from '../use-document-visible';

/** How often the dashboard asks for new arrivals while the page is visible. */
export const DASHBOARD_POLL_MS = 15_000;

/**
 * How often a background tab asks for the walk-in line, whose count its tab title shows (so a
 * provider working in another tab sees a patient arrive).
 */
export const BACKGROUND_POLL_MS = 60_000;

/**
 * A `GET /visits` read polled while the page is visible. A background tab asks nothing, unless
 * `inBackground` (the walk-in line, whose count is in the tab title): then once a minute.
 */
export function usePolledVisits(filter: VisitFilter, { inBackground = false } = {}) {
  const visible = useDocumentVisible();
  return useQuery({
    ...visitQueries.list(filter),
    refetchInterval: visible ? DASHBOARD_POLL_MS : inBackground ? BACKGROUND_POLL_MS : false,
    refetchIntervalInBackground: inBackground,
  });
}

/** Whole minutes between two UNIX-second times, never negative. */
export function minutesBetween(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / 60));
}

/** How long a patient has waited: "Just arrived", "Waiting 12 min", "Waiting 1 h 5 min". */
export function waitedWords(minutes: number): string {
  if (minutes < 1) return 'Just arrived';
  if (minutes < 60) return `Waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `Waiting ${hours} h ${minutes % 60} min`;
}
