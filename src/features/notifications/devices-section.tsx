import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDeletePushEndpoint } from '@/api/push/mutations';
import { pushQueries } from '@/api/push/queries';
import {
  PUSH_ENDPOINT_TYPE,
  type PushEndpoint,
  type RegistrablePushEndpointType,
} from '@telehealth/client/push/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { useViewerTimeZone } from '@/lib/use-time-zone';

const TYPE_LABEL: Record<number, MessageDescriptor> = {
  [PUSH_ENDPOINT_TYPE.email]: msg({ message: 'Email', context: 'a place notifications are sent to' }),
  [PUSH_ENDPOINT_TYPE.apple]: msg`Apple device`,
  [PUSH_ENDPOINT_TYPE.google]: msg`Android device`,
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

  const removeReason = remove.error?.userMessage ?? '';
  return (
    <section className="card" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`}>
        <Trans>Devices for notifications</Trans>
      </h2>
      <p className="field-hint">
        <Trans>Phones where the clinic’s app sends you notifications. Remove one you no longer use.</Trans>
      </p>
      <div className="field">
        <label htmlFor={selectId}>
          <Trans context="label of a filter: which devices to list">Show</Trans>
        </label>
        <select
          id={selectId}
          value={String(filter)}
          onChange={(e) =>
            setFilter(
              e.target.value === 'all' ? 'all' : (Number(e.target.value) as RegistrablePushEndpointType),
            )
          }
        >
          <option value="all">
            {t({ message: 'All', context: 'filter option: devices of every type' })}
          </option>
          <option value={PUSH_ENDPOINT_TYPE.apple}>{t`Apple devices`}</option>
          <option value={PUSH_ENDPOINT_TYPE.google}>{t`Android devices`}</option>
        </select>
      </div>
      {remove.isError ? (
        <p className="field-error" role="alert">
          <Trans>The device could not be removed. {removeReason}</Trans>
        </p>
      ) : null}
      <QueryState
        query={endpoints}
        label={t`Loading devices…`}
        errorTitle={t`Devices could not be loaded`}
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="empty-state">
            {filter === 'all' ? (
              <Trans>No devices are registered.</Trans>
            ) : (
              <Trans>No devices are registered of this type.</Trans>
            )}
          </p>
        }
      >
        {(data) => (
          <ul className="device-list">
            {data.map((endpoint: PushEndpoint) => {
              const type = TYPE_LABEL[endpoint.type];
              const label = type ? i18n._(type) : t`Device`;
              const key = maskKey(endpoint.key);
              const isRemoving = removing.isBusy && remove.variables === endpoint.id;
              const added = endpoint.created ? formatDate(endpoint.created, zone) : '';
              return (
                <li key={endpoint.id} className="device">
                  <span>
                    <strong>{label}</strong> <span className="device-key">{key}</span>
                    {added ? (
                      <span className="field-hint">
                        {' '}
                        · <Trans>added {added}</Trans>
                      </span>
                    ) : null}
                  </span>
                  <Button
                    variant="secondary"
                    isBusy={isRemoving}
                    busyLabel={t`Removing…`}
                    disabled={removing.isBusy}
                    aria-label={t`Remove ${label} ${key}`}
                    onClick={() => void removing.run(endpoint.id)}
                  >
                    <Trans>Remove</Trans>
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
