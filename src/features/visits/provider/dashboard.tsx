import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { QueryState } from '@/components/feedback/query-state';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { EconsultInbox } from './econsult-inbox';
import { TodayList } from './today';
import { WaitingNow } from './waiting-now';

/**
 * The provider's (or nurse's) workspace: the walk-ins waiting in their rooms, the e-consult inbox
 * and today's appointments. Each list loads and fails on its own.
 */
export function ProviderDashboard({
  hrefFor,
  onWaitingCount,
}: {
  hrefFor: (id: string) => string;
  /** Told how many walk-ins wait in the provider's rooms (the route puts it in the tab title). */
  onWaitingCount?: (count: number) => void;
}) {
  const me = useQuery(userQueries.me());
  const zone = useViewerTimeZone();
  return (
    <QueryState query={me} label={t`Loading your dashboard…`}>
      {(data) => {
        const rooms = (data.rooms ?? []).map((r) => ({ code: r.code, name: r.name }));
        return (
          <div className="dashboard-grid">
            <WaitingNow rooms={rooms} hrefFor={hrefFor} onWaitingCount={onWaitingCount} />
            <EconsultInbox rooms={rooms} providerId={data.id} hrefFor={hrefFor} />
            <TodayList providerId={data.id} zone={zone} hrefFor={hrefFor} />
          </div>
        );
      }}
    </QueryState>
  );
}
