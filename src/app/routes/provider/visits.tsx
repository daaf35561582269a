import { t } from '@lingui/core/macro';
import { useEffect, useMemo, useRef, type ComponentProps } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { ProviderVisitList } from '@/features/visits';

type Filters = NonNullable<ComponentProps<typeof ProviderVisitList>['filters']>;

/**
 * The work list's filters in the query string, so Back and a reload keep them. The patient-name
 * search is never here: it stays in the list's own state.
 */
const FiltersSchema = z.object({
  status: z.enum(['waiting', 'in_progress', 'upcoming', 'closed']).optional().catch(undefined),
  kind: z.enum(['walkin', 'appointment', 'econsult']).optional().catch(undefined),
  room: z.string().min(1).max(128).optional().catch(undefined),
  period: z.enum(['all', 'today', 'week', 'date']).catch('all'),
  date: z.iso.date().optional().catch(undefined),
});

const parseFilters = (params: URLSearchParams): Filters =>
  FiltersSchema.parse({
    status: params.get('status') ?? undefined,
    kind: params.get('kind') ?? undefined,
    room: params.get('room') ?? undefined,
    period: params.get('period') ?? 'all',
    date: params.get('date') ?? undefined,
  });

function toParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.room) params.set('room', filters.room);
  if (filters.period !== 'all') params.set('period', filters.period);
  if (filters.period === 'date' && filters.date) params.set('date', filters.date);
  return params;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const filters = useMemo(() => parseFilters(params), [params]);
  // A filter change is a navigation, after which the page moves focus to its heading; the control
  // that changed gets it back (this effect runs after the page's).
  const refocus = useRef<HTMLElement | null>(null);
  // Changes made before the navigation of the previous one is done build on it, not on the URL shown.
  const asked = useRef<Filters | null>(null);
  useEffect(() => {
    // Forgotten once the address holds what was last asked, or after Back/Forward; an earlier
    // change landing after a later one was asked keeps the later one.
    const landed = asked.current && toParams(asked.current).toString() === location.search.replace(/^\?/, '');
    if (landed || navigationType === NavigationType.Pop) asked.current = null;
    const element = refocus.current;
    refocus.current = null;
    if (element?.isConnected) element.focus();
  }, [location.key, location.search, navigationType]);
  return (
    <Page title={t`Visits`}>
      <ProviderVisitList
        hrefFor={paths.provider.visit}
        filters={filters}
        onFiltersChange={(change) => {
          refocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          const next = { ...(asked.current ?? filters), ...change };
          asked.current = next;
          setParams(toParams(next));
        }}
      />
    </Page>
  );
}
