import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDeletePushEndpoint } from '@/api/push/mutations';
import { pushQueries } from '@/api/push/queries';
import { PUSH_ENDPOINT_TYPE, type PushEndpoint, type RegistrablePushEndpointType } from '@/api/push/schemas';
import { ErrorState, Spinner } from '@/components/feedback/status';
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

  let body;
  if (endpoints.isPending) body = <Spinner label="Loading devices…" />;
  else if (endpoints.isError) {
    body = (
      <ErrorState
        title="Devices could not be loaded"
        error={endpoints.error}
        onRetry={() => void endpoints.refetch()}
      />
    );
  } else if (endpoints.data.length === 0) {
    body = <p className="empty-state">No devices are registered{filter === 'all' ? '' : ' of this type'}.</p>;
  } else {
    body = (
      <ul className="device-list">
        {endpoints.data.map((endpoint: PushEndpoint) => {
          const label = TYPE_LABEL[endpoint.type] ?? 'Device';
          const isRemoving = remove.isPending && remove.variables === endpoint.id;
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
                disabled={remove.isPending}
                aria-label={`Remove ${label} ${maskKey(endpoint.key)}`}
                onClick={() => remove.mutate(endpoint.id)}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

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
      {body}
    </section>
  );
}
