import { useQuery } from '@tanstack/react-query';
import { userQueries } from '@/api/users/queries';
import { PROVIDER_SUBTYPE } from '@/api/users/schemas';
import { ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';

const SUBTYPE_LABEL: Record<string, string> = {
  [PROVIDER_SUBTYPE.medicalAssistant]: 'Medical assistant',
  [PROVIDER_SUBTYPE.customerService]: 'Customer service',
  [PROVIDER_SUBTYPE.paramedic]: 'Paramedic',
  [PROVIDER_SUBTYPE.doctor]: 'Doctor',
  [PROVIDER_SUBTYPE.nurse]: 'Nurse',
};

export function Component() {
  const me = useQuery(userQueries.me());
  if (me.isPending) return <Spinner />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  const rooms = me.data.rooms ?? [];
  return (
    <Page title="Dashboard">
      <p>
        Signed in as <strong>{me.data.full_name}</strong>
        {me.data.subtype ? ` · ${SUBTYPE_LABEL[me.data.subtype] ?? 'Provider'}` : ''}
      </p>
      <h2>Your rooms</h2>
      {rooms.length ? (
        <ul>
          {rooms.map((r) => (
            <li key={r.code}>
              {r.name ?? r.code}
              {r.default ? ' (default)' : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>You are not assigned to any room yet.</p>
      )}
    </Page>
  );
}
