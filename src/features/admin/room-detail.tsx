import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@telehealth/client/errors';
import { useSetRoomClosed } from '@/api/rooms/mutations';
import { roomQueries } from '@/api/rooms/queries';
import type { Room } from '@telehealth/client/rooms/schemas';
import { displayName } from '@telehealth/client/users/display-name';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormError, TextAreaField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { subtypeLabel } from './labels';
import { RoomEdit } from './room-edit';
import { AdminTokenGate } from './token-gate';

/** One room as patients see it, with its providers and settings; the admin may close, reopen and edit it. */
export function RoomPage({ code }: { code: string }) {
  return (
    <Page title={t`Room`}>
      <p>
        <Link to={paths.admin.rooms()}>
          <Trans>Back to rooms</Trans>
        </Link>
      </p>
      <AdminTokenGate what={t`Managing a room`}>
        <RoomDetail code={code} />
      </AdminTokenGate>
    </Page>
  );
}

const enabled = (value: unknown) =>
  typeof value === 'object' && value !== null && 'enabled' in value && value.enabled === true;

function RoomDetail({ code }: { code: string }) {
  const room = useQuery(roomQueries.detail(code));
  const providers = useQuery(roomQueries.providers(code));
  if (room.isPending) return <Spinner label={t`Loading the room…`} />;
  if (room.isError) return <QueryError query={room} title={t`This room could not be loaded`} />;
  const data = room.data;
  const closed = data.operation_settings?.is_closed === true;
  const closeMessage = data.operation_settings?.close_msg;
  const on = t({ message: 'On', context: 'a setting is switched on' });
  const off = t({ message: 'Off', context: 'a setting is switched off' });
  return (
    <>
      <div className="card">
        <h2>{data.name || data.code}</h2>
        {data.subtitle ? <p>{data.subtitle}</p> : null}
        {data.description ? <p>{data.description}</p> : null}
        <dl className="detail-list">
          <dt>
            <Trans>Room code</Trans>
          </dt>
          <dd>{data.code}</dd>
          <dt>
            <Trans>Link name</Trans>
          </dt>
          <dd>{data.slug ?? '—'}</dd>
          <dt>
            <Trans>Walk-in visits</Trans>
          </dt>
          <dd>{enabled(data.visits?.walkin) ? on : off}</dd>
          <dt>
            <Trans>Appointments</Trans>
          </dt>
          <dd>{enabled(data.visits?.appointment) ? on : off}</dd>
          <dt>
            <Trans>Specialties</Trans>
          </dt>
          <dd>
            {data.specialties?.length
              ? data.specialties
                  .map((s) => {
                    const name = s.name ?? s.code;
                    const minutes = s.duration ?? '?';
                    return t`${name} (${minutes} min)`;
                  })
                  .join(', ')
              : '—'}
          </dd>
          <dt>
            <Trans>Open to patients</Trans>
          </dt>
          <dd>
            {closed
              ? closeMessage
                ? t`Closed: ${closeMessage}`
                : t`Closed: no message`
              : t({ message: 'Open', context: 'a room takes patients' })}
          </dd>
        </dl>
      </div>
      <section className="card" aria-labelledby="room-providers">
        <h2 id="room-providers">
          <Trans>Providers</Trans>
        </h2>
        {providers.isPending ? <Spinner label={t`Loading providers…`} /> : null}
        <QueryError query={providers} title={t`The providers could not be loaded`} />
        {providers.data && providers.data.length === 0 ? (
          <EmptyState title={t`No providers in this room`} />
        ) : null}
        {providers.data && providers.data.length > 0 ? (
          <ul>
            {providers.data.map((p) => (
              <li key={p.id}>
                <Link to={paths.admin.user(p.id)}>
                  <bdi>{displayName(p, p.username ?? p.id)}</bdi>
                </Link>
                {subtypeLabel(p) ? ` · ${subtypeLabel(p)}` : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <RoomClosure room={data} />
      {/* Closing or reopening rewrites the closing message: the editor starts again from the room. */}
      <RoomEdit key={closed ? 'closed' : 'open'} room={data} />
    </>
  );
}

const ClosureSchema = z.object({
  message: z
    .string()
    .trim()
    .max(500, { error: () => t`Keep the message under 500 characters` }),
});
type ClosureValues = z.infer<typeof ClosureSchema>;

/** Closing (with a message to patients) or reopening the room: PUT /rooms/{code}. */
function RoomClosure({ room }: { room: Room }) {
  const closed = room.operation_settings?.is_closed === true;
  const mutation = useSetRoomClosed(room.code);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ClosureValues>({
    resolver: zodResolver(ClosureSchema),
    defaultValues: { message: '' },
  });
  const submit = form.handleSubmit(async ({ message }) => {
    setServerError(null);
    setDone(null);
    if (!closed && !message) {
      form.setError('message', { message: t`Tell patients why the room is closed` }, { shouldFocus: true });
      return;
    }
    try {
      await mutation.mutateAsync(closed ? { is_closed: false } : { is_closed: true, close_msg: message });
      setDone(closed ? t`The room is open again.` : t`The room is closed.`);
      form.reset({ message: '' });
    } catch (error) {
      setServerError(isApiError(error) ? error.userMessage : t`The change was not saved. Please try again.`);
    }
  });
  return (
    <FormProvider {...form}>
      <form className="card" noValidate aria-labelledby="room-closure" onSubmit={(e) => void submit(e)}>
        <h2 id="room-closure">{closed ? <Trans>Reopen the room</Trans> : <Trans>Close the room</Trans>}</h2>
        {closed ? null : (
          <TextAreaField<ClosureValues>
            name="message"
            label={t`Message to patients`}
            hint={t`Shown on the room page while it is closed.`}
            rows={3}
          />
        )}
        <FormError message={serverError} />
        <p role="status" aria-live="polite">
          {done}
        </p>
        <Button type="submit" variant={closed ? 'primary' : 'danger'} isBusy={mutation.isPending}>
          {closed ? <Trans>Reopen room</Trans> : <Trans>Close room</Trans>}
        </Button>
      </form>
    </FormProvider>
  );
}
