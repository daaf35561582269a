import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { accountQueries } from '@/api/accounts/queries';
import { isApiError } from '@telehealth/client/errors';
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
    <Page title={t`Rooms`}>
      <AdminTokenGate what={t`Managing rooms`}>
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
  if (list.isPending) return <Spinner label={t`Loading rooms…`} />;
  if (list.isError) return <QueryError query={list} title={t`The rooms could not be loaded`} />;
  // Column names, also shown beside each cell when the table is stacked on a phone (data-label).
  const columns = { room: t`Room`, linkName: t`Link name`, created: t`Created` };
  return (
    <>
      {rooms.length === 0 ? <EmptyState title={t`No rooms on this page`} /> : null}
      {rooms.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Rooms (scrolls sideways)`}>
          <table className="data-table data-table-stack">
            <caption className="visually-hidden">
              <Trans>Rooms of the clinic, page {page}</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{columns.room}</th>
                <th scope="col">{columns.linkName}</th>
                <th scope="col">{columns.created}</th>
              </tr>
            </thead>
            <tbody>
              {rooms.map((room) => {
                const code = room.code;
                return (
                  <tr key={room.code}>
                    <th scope="row" data-label={columns.room}>
                      <Link to={paths.admin.room(room.code)}>{room.name || room.code}</Link>
                      {room.name && room.name !== room.code ? (
                        // The code is in the room's join address, so an admin may need it.
                        <span className="field-hint">
                          {' '}
                          <Trans context="a room's code">Code {code}</Trans>
                        </span>
                      ) : null}
                    </th>
                    <td data-label={columns.linkName}>{room.slug ?? '—'}</td>
                    <td data-label={columns.created}>
                      {typeof room.created === 'number' ? formatDateTime(room.created, zone) : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="pager" aria-label={t`Pages of rooms`}>
        <Button variant="secondary" disabled={page === 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
          <Trans>Previous page</Trans>
        </Button>
        <Button variant="secondary" disabled={rooms.length < PAGE_SIZE} onClick={() => setPage((p) => p + 1)}>
          <Trans>Next page</Trans>
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
    .min(1, { error: () => t`Give the room a name patients will see` })
    .max(120, { error: () => t`Keep the name under 120 characters` }),
  slug: z
    .string()
    .trim()
    .refine((v) => v === '' || SLUG.test(v), {
      error: () => t`Use lower-case letters, digits and single hyphens, like skin-checks`,
    }),
  code: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v), {
      error: () => t`Use letters, digits, - and _ only`,
    }),
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
              ? t`Another room of the clinic already uses this link name. Choose another.`
              : error.serverMessage;
          form.setError(field, { message }, { shouldFocus: true });
          return;
        }
      }
      setServerError(
        isApiError(error) ? error.userMessage : t`The room could not be created. Please try again.`,
      );
    }
  });
  const createdCode = created?.code ?? '';
  const createdName = created?.name;
  return (
    <FormProvider {...form}>
      <form className="card" noValidate aria-labelledby="create-room" onSubmit={(e) => void submit(e)}>
        <h2 id="create-room">
          <Trans>Create a room</Trans>
        </h2>
        <div className="form-grid">
          <TextField<CreateValues>
            name="name"
            label={t({ message: 'Name', context: 'a room’s name' })}
            required
            autoComplete="off"
          />
          <TextField<CreateValues>
            name="slug"
            label={t`Link name (optional)`}
            autoComplete="off"
            hint={t`The room’s short name in links, like skin-checks; made from the name when left empty.`}
          />
          <TextField<CreateValues>
            name="code"
            label={t`Room code (optional)`}
            autoComplete="off"
            hint={t`Ends the room’s join address; made for you when left empty.`}
          />
        </div>
        <FormError message={serverError} />
        <div role="status" aria-live="polite">
          {created ? (
            <p>
              <Trans>
                Room created: <Link to={paths.admin.room(createdCode)}>{createdName}</Link>
              </Trans>
            </p>
          ) : null}
        </div>
        <Button type="submit" isBusy={create.isPending} busyLabel={t`Creating…`}>
          <Trans>Create room</Trans>
        </Button>
      </form>
    </FormProvider>
  );
}
