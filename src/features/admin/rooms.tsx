import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { accountQueries } from '@/api/accounts/queries';
import { isApiError } from '@/api/errors';
import { useCreateRoom } from '@/api/rooms/mutations';
import { roomQueries } from '@/api/rooms/queries';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { AdminTokenGate } from './token-gate';

const PAGE_SIZE = 20;

/** The clinic's rooms (GET /rooms) and creating one (POST /rooms, ADMIN). */
export function RoomsPage() {
  return (
    <Page title="Rooms">
      <AdminTokenGate what="Managing rooms">
        <RoomList />
        <CreateRoom />
      </AdminTokenGate>
    </Page>
  );
}

function RoomList() {
  const [page, setPage] = useState(1);
  const list = useQuery(roomQueries.list({ page, limit: PAGE_SIZE }));
  const zone = useViewerTimeZone();
  const rooms = list.data ?? [];
  if (list.isPending) return <Spinner label="Loading rooms…" />;
  if (list.isError) return <QueryError query={list} title="The rooms could not be loaded" />;
  return (
    <>
      {rooms.length === 0 ? <EmptyState title="No rooms on this page" /> : null}
      {rooms.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Rooms (scrolls sideways)">
          <table className="data-table data-table-stack">
            <caption className="visually-hidden">Rooms of the clinic, page {page}</caption>
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col">Link name</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {rooms.map((room) => (
                <tr key={room.code}>
                  <th scope="row" data-label="Room">
                    <Link to={paths.admin.room(room.code)}>{room.name || room.code}</Link>
                    {room.name && room.name !== room.code ? (
                      // The code is in the room's join address, so an admin may need it.
                      <span className="field-hint"> Code {room.code}</span>
                    ) : null}
                  </th>
                  <td data-label="Link name">{room.slug ?? '—'}</td>
                  <td data-label="Created">
                    {typeof room.created === 'number' ? formatDateTime(room.created, zone) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="pager" aria-label="Pages of rooms">
        <Button variant="secondary" disabled={page === 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={rooms.length < PAGE_SIZE} onClick={() => setPage((p) => p + 1)}>
          Next page
        </Button>
      </nav>
    </>
  );
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the room a name patients will see')
    .max(120, 'Keep the name under 120 characters'),
  slug: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || SLUG.test(v),
      'Use lower-case letters, digits and single hyphens, like skin-checks',
    ),
  code: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v), 'Use letters, digits, - and _ only'),
});
type CreateValues = z.infer<typeof CreateSchema>;

/** Which field a refusal of POST /rooms is about, from the server's words. */
function fieldOf(message: string): 'slug' | 'code' | 'name' | null {
  const lower = message.toLowerCase();
  if (lower.includes('slug')) return 'slug';
  if (lower.includes('code')) return 'code';
  if (lower.includes('name')) return 'name';
  return null;
}

/**
 * The clinic's domain, which POST /rooms requires: the account's `domain` (spec 2.5; a room's
 * `domain` is the "clinic domain", 2.3), else the domain the clinic's rooms already share, else the
 * account code (the domain of an account whose record does not say). Never asked of the admin.
 */
export function useClinicDomain(): string {
  const account = useQuery(accountQueries.detail(env.VITE_ACCOUNT_CODE));
  const rooms = useQuery(roomQueries.list({ page: 1, limit: PAGE_SIZE }));
  const fromRooms = (rooms.data ?? []).find((r) => r.domain)?.domain;
  return account.data?.domain || fromRooms || env.VITE_ACCOUNT_CODE;
}

function CreateRoom() {
  const create = useCreateRoom();
  const domain = useClinicDomain();
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ code: string; name: string } | null>(null);
  const form = useForm<CreateValues>({
    resolver: zodResolver(CreateSchema),
    defaultValues: { name: '', slug: '', code: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    setCreated(null);
    try {
      const room = await create.mutateAsync({
        name: values.name,
        domain,
        ...(values.slug ? { slug: values.slug } : {}),
        ...(values.code ? { code: values.code } : {}),
      });
      setCreated({ code: room.code, name: room.name ?? room.code });
      form.reset({ name: '', slug: '', code: '' });
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status === 400 && error.serverMessage) {
        const field = fieldOf(error.serverMessage);
        // The server's own words, on the field they are about; everything typed stays.
        if (field) {
          // "slug … already exists in domain …" is the spec's refusal (4.2); said without its jargon.
          const message =
            field === 'slug' && /already exists/i.test(error.serverMessage)
              ? 'Another room of the clinic already uses this link name. Choose another.'
              : error.serverMessage;
          form.setError(field, { message }, { shouldFocus: true });
          return;
        }
      }
      setServerError(
        isApiError(error) ? error.userMessage : 'The room could not be created. Please try again.',
      );
    }
  });
  return (
    <FormProvider {...form}>
      <form className="card" noValidate aria-labelledby="create-room" onSubmit={(e) => void submit(e)}>
        <h2 id="create-room">Create a room</h2>
        <div className="form-grid">
          <TextField<CreateValues> name="name" label="Name" required autoComplete="off" />
          <TextField<CreateValues>
            name="slug"
            label="Link name (optional)"
            autoComplete="off"
            hint="The room’s short name in links, like skin-checks; made from the name when left empty."
          />
          <TextField<CreateValues>
            name="code"
            label="Room code (optional)"
            autoComplete="off"
            hint="Ends the room’s join address; made for you when left empty."
          />
        </div>
        <FormError message={serverError} />
        <div role="status" aria-live="polite">
          {created ? (
            <p>
              Room created: <Link to={paths.admin.room(created.code)}>{created.name}</Link>
            </p>
          ) : null}
        </div>
        <Button type="submit" isBusy={create.isPending} busyLabel="Creating…">
          Create room
        </Button>
      </form>
    </FormProvider>
  );
}
