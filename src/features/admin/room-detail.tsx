import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@/api/errors';
import { useSetRoomClosed } from '@/api/rooms/mutations';
import { roomQueries } from '@/api/rooms/queries';
import type { Room } from '@/api/rooms/schemas';
import { displayName } from '@/api/users/display-name';
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
    <Page title="Room">
      <p>
        <Link to={paths.admin.rooms()}>Back to rooms</Link>
      </p>
      <AdminTokenGate what="Managing a room">
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
  if (room.isPending) return <Spinner label="Loading the room…" />;
  if (room.isError) return <QueryError query={room} title="This room could not be loaded" />;
  const data = room.data;
  const closed = data.operation_settings?.is_closed === true;
  return (
    <>
      <div className="card">
        <h2>{data.name || data.code}</h2>
        {data.subtitle ? <p>{data.subtitle}</p> : null}
        {data.description ? <p>{data.description}</p> : null}
        <dl className="detail-list">
          <dt>Room code</dt>
          <dd>{data.code}</dd>
          <dt>Link name</dt>
          <dd>{data.slug ?? '—'}</dd>
          <dt>Walk-in visits</dt>
          <dd>{enabled(data.visits?.walkin) ? 'On' : 'Off'}</dd>
          <dt>Appointments</dt>
          <dd>{enabled(data.visits?.appointment) ? 'On' : 'Off'}</dd>
          <dt>Specialties</dt>
          <dd>
            {data.specialties?.length
              ? data.specialties.map((s) => `${s.name ?? s.code} (${s.duration ?? '?'} min)`).join(', ')
              : '—'}
          </dd>
          <dt>Open to patients</dt>
          <dd>{closed ? `Closed: ${data.operation_settings?.close_msg || 'no message'}` : 'Open'}</dd>
        </dl>
      </div>
      <section className="card" aria-labelledby="room-providers">
        <h2 id="room-providers">Providers</h2>
        {providers.isPending ? <Spinner label="Loading providers…" /> : null}
        <QueryError query={providers} title="The providers could not be loaded" />
        {providers.data && providers.data.length === 0 ? (
          <EmptyState title="No providers in this room" />
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
  message: z.string().trim().max(500, 'Keep the message under 500 characters'),
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
      form.setError('message', { message: 'Tell patients why the room is closed' }, { shouldFocus: true });
      return;
    }
    try {
      await mutation.mutateAsync(closed ? { is_closed: false } : { is_closed: true, close_msg: message });
      setDone(closed ? 'The room is open again.' : 'The room is closed.');
      form.reset({ message: '' });
    } catch (error) {
      setServerError(isApiError(error) ? error.userMessage : 'The change was not saved. Please try again.');
    }
  });
  return (
    <FormProvider {...form}>
      <form className="card" noValidate aria-labelledby="room-closure" onSubmit={(e) => void submit(e)}>
        <h2 id="room-closure">{closed ? 'Reopen the room' : 'Close the room'}</h2>
        {closed ? null : (
          <TextAreaField<ClosureValues>
            name="message"
            label="Message to patients"
            hint="Shown on the room page while it is closed."
            rows={3}
          />
        )}
        <FormError message={serverError} />
        <p role="status" aria-live="polite">
          {done}
        </p>
        <Button type="submit" variant={closed ? 'primary' : 'danger'} isBusy={mutation.isPending}>
          {closed ? 'Reopen room' : 'Close room'}
        </Button>
      </form>
    </FormProvider>
  );
}
