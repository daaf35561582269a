import { useQuery } from '@tanstack/react-query';
import { visitQueries } from '@/api/visits/queries';
import { VISIT_STATUS, type Visit } from '@telehealth/client/visits/schemas';
import { useDocumentVisible } from './use-document-visible';
import { isWaiting, visitKindOf } from '@telehealth/client/visits/kinds';

/** How often a waiting patient's page asks whether the provider is ready. */
export const WAITING_POLL_MS = 10_000;
/** The same question from a background tab: a little less often (browsers slow its timers anyway). */
export const HIDDEN_WAITING_POLL_MS = 15_000;
/**
 * How often the page of a visit in progress asks whether it has ended. Nobody waits on that second:
 * the patient is in the call (usually in another tab), so less often than a waiting page.
 */
export const IN_PROGRESS_POLL_MS = 20_000;
/** The same from a background tab (the call's own tab is in front while the visit goes on). */
export const HIDDEN_IN_PROGRESS_POLL_MS = 30_000;
/** A scheduled visit is watched from this long before its start. */
const SOON_SECONDS = 15 * 60;

/**
 * Whether the patient is waiting to be seen now: a walk-in in the queue, or an appointment about
 * to start. An e-consult or a far-off appointment has nothing to wait for. (The waiting room offers
 * its "ready" alert on this.)
 */
export function shouldPoll(visit: Visit, nowSeconds: number = Date.now() / 1000): boolean {
  if (!isWaiting(visit)) return false;
  const kind = visitKindOf(visit);
  if (kind === 'walkin') return true;
  return (
    kind === 'appointment' && typeof visit.start === 'number' && visit.start - nowSeconds <= SOON_SECONDS
  );
}

/**
 * How often the visit page asks about this visit, or false when nothing can change by itself: while
 * it waits (so the page turns to "join"), and while it is in progress (so the page turns to its end,
 * the summary and the survey), until it is completed or cancelled. A hidden tab keeps asking, a
 * little less often: that is how a waiting patient in another tab learns the provider is ready.
 */
export function visitPollInterval(
  visit: Visit,
  visible: boolean,
  nowSeconds: number = Date.now() / 1000,
): number | false {
  if (shouldPoll(visit, nowSeconds)) return visible ? WAITING_POLL_MS : HIDDEN_WAITING_POLL_MS;
  if (visit.status === VISIT_STATUS.inProgress) {
    return visible ? IN_PROGRESS_POLL_MS : HIDDEN_IN_PROGRESS_POLL_MS;
  }
  return false;
}

/**
 * The visit of a visit page, polled while it waits and while it is in progress, so the page follows
 * it from the queue to "join" to its end without a reload; once it is completed or cancelled the
 * polling stops. A patient often switches to another tab (the call opens in one), so a hidden page
 * keeps asking, less often: that is how it learns the provider is ready and can alert them
 * (components/attention), and how it shows the visit's end on return.
 */
export function useVisit(id: string) {
  const visible = useDocumentVisible();
  return useQuery({
    ...visitQueries.detail(id),
    refetchInterval: (query) => (query.state.data ? visitPollInterval(query.state.data, visible) : false),
    refetchIntervalInBackground: true,
  });
}
