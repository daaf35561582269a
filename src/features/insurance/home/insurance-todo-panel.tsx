import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { insuranceQueries } from '@/api/insurance/queries';
import { userQueries } from '@/api/users/queries';
import { HomeCard } from '@/components/layout/home-card';
import { paths } from '@/config/paths';

/** Home panel: asks for an insurance card when the patient has none on file; absent otherwise. */
export function InsuranceTodoPanel() {
  const me = useQuery(userQueries.me());
  const cards = useQuery({ ...insuranceQueries.cards(me.data?.id ?? ''), enabled: Boolean(me.data?.id) });
  if (cards.isSuccess && cards.data.length > 0) return null;
  return (
    <HomeCard title={t`Insurance`} queries={[me, cards]}>
      <p>
        <Trans>Add your insurance card so the clinic can bill your plan.</Trans>
      </p>
      <Link className="btn btn-secondary" to={paths.patient.insurance()}>
        <Trans>Add insurance</Trans>
      </Link>
    </HomeCard>
  );
}
