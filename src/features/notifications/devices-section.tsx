import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDeletePushEndpoint } from '@/api/push/mutations';
import { pushQueries } from '@/api/push/queries';
import { PUSH_ENDPOINT_TYPE, type PushEndpoint, type RegistrablePushEndpointType } from '@/api/push/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';

const TYPE_LABEL: Record<number, string> = {
  [PUSH_ENDPOINT_TYPE.email]: 'Email',
  [PUSH_ENDPOINT_TYPE.apple]: 'Apple device',
  [PUSH_ENDPOINT_TYPE.google]: 'Android device',
};

/** A device token is a credential of sorts: only its last characters are shown. */
export function maskKey(key: string): string {
  const chars = Array.from(key);
  if (key.includes('@')) return key;
  return chars.length <= 6 ? '••••' : `••••${chars.slice(-6).join('')}`;
}

type Filter = 'all' | RegistrablePushEndpointType;

/**
 * Devices registered for notifications (the mobile apps register them through POST /endpoints);
 * the user can see them by type and remove one.
 */
export function DevicesSection() {
  const zone = useViewerTimeZone();
  const selectId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const endpoints = useQuery(pushQueries.endpointList(filter === 'all' ? undefined : filter));
  const remove = useDeletePushEndpoint();
  // A failure is shown from remove.error above the list.
  const removing = useSingleFlight(async (id: string) => {
    await remove.mutateAsync(id).catch(() => undefined);
  });

  return (
    <section className="card" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>Devices for notifications</h2>
      <p className="field-hint">
        Phones where the clinic’s app sends you notifications. Remove one you no longer use.
      </p>
      <div className="field">
        <label htmlFor={selectId}>Show</label>
        <select
          id={selectId}
          value={String(filter)}
          onChange={(e) =>
            setFilter(
              e.target.value === 'all' ? 'all' : (Number(e.target.value) as RegistrablePushEndpointType),
            )
          }
        >
          <option value="all">All</option>
          <option value={PUSH_ENDPOINT_TYPE.apple}>Apple devices</option>
          <option value={PUSH_ENDPOINT_TYPE.google}>Android devices</option>
        </select>
      </div>
      {remove.isError ? (
        <p className="field-error" role="alert">
          The device could not be removed. {remove.error.userMessage}
        </p>
      ) : null}
      <QueryState
        query={endpoints}
        label="Loading devices…"
        errorTitle="Devices could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="empty-state">No devices are registered{filter === 'all' ? '' : ' of this type'}.</p>
        }
      >
        {(data) => (
          <ul className="device-list">
            {data.map((endpoint: PushEndpoint) => {
              const label = TYPE_LABEL[endpoint.type] ?? 'Device';
              const isRemoving = removing.isBusy && remove.variables === endpoint.id;
              return (
                <li key={endpoint.id} className="device">
                  <span>
                    <strong>{label}</strong> <span className="device-key">{maskKey(endpoint.key)}</span>
                    {endpoint.created ? (
                      <span className="field-hint"> · added {formatDate(endpoint.created, zone)}</span>
                    ) : null}
                  </span>
                  <Button
                    variant="secondary"
                    isBusy={isRemoving}
                    busyLabel="Removing…"
                    disabled={removing.isBusy}
                    aria-label={`Remove ${label} ${maskKey(endpoint.key)}`}
                    onClick={() => void removing.run(endpoint.id)}
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
