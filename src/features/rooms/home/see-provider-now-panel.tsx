import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { roomQueries } from '@/api/rooms/queries';
import { availableVisitKinds } from '@/api/rooms/visit-settings';
import { HomeCard } from '@/components/layout/home-card';
import { paths } from '@/config/paths';

/** Rooms looked at for walk-ins on the home page (the first page of `GET /rooms`). */
const ROOMS_LOOKED_AT = 10;

/** Home panel: rooms open for a walk-in right now; absent when none is open. */
export function SeeProviderNowPanel() {
  const list = useQuery(roomQueries.list({ page: 1, limit: ROOMS_LOOKED_AT }));
  const details = useQueries({ queries: (list.data ?? []).map((r) => roomQueries.detail(r.code)) });
  // Only walk-ins are looked for here, so whether e-consults count makes no difference.
  const open = details.flatMap((d) =>
    d.data && availableVisitKinds(d.data, false).includes('walkin') ? [d.data] : [],
  );
  const isChecking = details.some((d) => d.isPending);
  if (list.isSuccess && !isChecking && open.length === 0) return null;
  return (
    <HomeCard title="See a provider now" queries={[list]} isPending={isChecking && open.length === 0}>
      <ul className="home-list">
        {open.map((room) => (
          <li key={room.code} className="home-room">
            <div>
              <p className="home-lead">{room.name}</p>
              {room.subtitle ? <p className="muted">{room.subtitle}</p> : null}
            </div>
            <Link
              className="btn btn-primary"
              to={paths.patient.intakeStart(room.code, 'walkin')}
              aria-label={`Start a walk-in visit in ${room.name}`}
            >
              Start a walk-in visit
            </Link>
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}
