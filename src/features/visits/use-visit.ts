import { useQuery } from '@tanstack/react-query';
import { visitQueries } from '@/api/visits/queries';
import type { Visit } from '@/api/visits/schemas';
import { useDocumentVisible } from './use-document-visible';
import { isWaiting, visitKindOf } from '@/api/visits/kinds';

/** How often a waiting patient's page asks whether the provider is ready. */
export const WAITING_POLL_MS = 10_000;
/** The same question from a background tab: a little less often (browsers slow its timers anyway). */
export const HIDDEN_WAITING_POLL_MS = 15_000;
/** A scheduled visit is watched from this long before its start. */
const SOON_SECONDS = 15 * 60;

/**
 * Whether the page should keep asking about this visit: a walk-in in the queue, or an
 * appointment about to start. An e-consult or a far-off appointment has nothing to wait for.
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
 * The visit of a visit page, polled while it waits, so the page turns to "join" without a reload;
 * once it leaves pending/confirmed the polling stops. A waiting patient often switches to another
 * tab, so a hidden page keeps asking (a little less often): that is how it learns the provider is
 * ready and can alert them (components/attention).
 */
export function useVisit(id: string) {
  const visible = useDocumentVisible();
  return useQuery({
    ...visitQueries.detail(id),
    refetchInterval: (query) =>
      query.state.data && shouldPoll(query.state.data)
        ? visible
          ? WAITING_POLL_MS
          : HIDDEN_WAITING_POLL_MS
        : false,
    refetchIntervalInBackground: true,
  });
}
