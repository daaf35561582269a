import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { erxQueries } from '@/api/erx/queries';
import { userQueries } from '@/api/users/queries';
import { HomeCard } from '@/components/layout/home-card';
import { paths } from '@/config/paths';

/** Home panel: the patient's current prescriptions; absent when there are none. */
export function PrescriptionsPanel() {
  const me = useQuery(userQueries.me());
  const list = useQuery({ ...erxQueries.prescriptions(me.data?.id ?? ''), enabled: Boolean(me.data?.id) });
  if (list.isSuccess && list.data.length === 0) return null;
  return (
    <HomeCard title={t`Current prescriptions`} queries={[me, list]}>
      <ul className="home-list">
        {(list.data ?? []).slice(0, 4).map((p) => (
          <li key={p.ID}>
            <p className="home-lead">{p.Drug}</p>
            {p.Directions ? <p className="muted">{p.Directions}</p> : null}
          </li>
        ))}
      </ul>
      <Link to={paths.patient.pharmacies()}>
        <Trans>All prescriptions and pharmacies</Trans>
      </Link>
    </HomeCard>
  );
}
