import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { Page } from '@/components/layout/page';
import { MySchedule, type ScheduleNavigation } from '@/features/scheduling';
import { useViewerTimeZone } from '@/lib/use-time-zone';

/** The calendar's view and shown day in the address, so Back and a reload keep them (never a name). */
const NavigationSchema = z.object({
  view: z.enum(['day', 'week']).catch('week'),
  date: z.iso.date().optional().catch(undefined),
});

function toParams({ view, date }: ScheduleNavigation): URLSearchParams {
  const params = new URLSearchParams();
  if (view !== 'week') params.set('view', view);
  if (date) params.set('date', date);
  return params;
}

/** The provider's appointments and open slots, in the provider's own zone. */
export function Component() {
  const me = useQuery(userQueries.me());
  const zone = useViewerTimeZone();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useMemo(
    () =>
      NavigationSchema.parse({
        view: params.get('view') ?? undefined,
        date: params.get('date') ?? undefined,
      }),
    [params],
  );
  // Moving through days is a navigation, after which the page focuses its heading; the button that
  // was pressed gets the focus back (this effect runs after the page's).
  const refocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = refocus.current;
    refocus.current = null;
    if (element?.isConnected) element.focus();
  }, [location.key]);
  return (
    <Page title={t`My schedule`}>
      <QueryState query={me}>
        {(user) => (
          <MySchedule
            providerId={user.id}
            zone={zone}
            view={navigation.view}
            date={navigation.date}
            onNavigate={(next) => {
              refocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              setParams(toParams(next));
            }}
          />
        )}
      </QueryState>
    </Page>
  );
}
