import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { displayName } from '@/api/users/display-name';
import { roomQueries } from '@/api/rooms/queries';
import { userQueries } from '@/api/users/queries';
import { USER_TYPE, type ListUsersFilter, type User } from '@/api/users/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { subtypeLabel, typeLabel } from './labels';
import { AdminTokenGate } from './token-gate';

const PAGE_SIZE = 20;
const TYPE_OPTIONS = [
  { value: String(USER_TYPE.member), label: 'Patients' },
  { value: String(USER_TYPE.provider), label: 'Providers' },
  { value: String(USER_TYPE.guest), label: 'Guests' },
  { value: String(USER_TYPE.admin), label: 'Administrators' },
];
const SUBTYPE_OPTIONS = [
  { value: '482', label: 'Doctors' },
  { value: '484', label: 'Nurses' },
  { value: '460', label: 'Medical assistants' },
  { value: '470', label: 'Customer service' },
  { value: '480', label: 'Paramedics' },
];
const SORT_OPTIONS = [
  { value: 'created.desc', label: 'Newest first' },
  { value: 'full_name.asc', label: 'Name, A to Z' },
  { value: 'full_name.desc', label: 'Name, Z to A' },
  { value: 'last_login.desc', label: 'Most recent sign-in' },
];

/**
 * Search, filters and page live in the component's memory only: a search names people, and
 * addresses end up in history, logs and referrers, while history state is saved with the tab's
 * session history (restored tabs, back/forward) (DESIGN.md section 5).
 */
const ParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .catch('')
    .transform((v) => (v.length >= 3 ? v : '')),
  type: z.enum(['', ...TYPE_OPTIONS.map((o) => o.value)] as [string, ...string[]]).catch(''),
  subtype: z.enum(['', ...SUBTYPE_OPTIONS.map((o) => o.value)] as [string, ...string[]]).catch(''),
  room: z.string().catch(''),
  sort: z.enum(SORT_OPTIONS.map((o) => o.value) as [string, ...string[]]).catch('created.desc'),
  start: z.coerce.number().int().min(0).catch(0),
});
type ListParams = z.infer<typeof ParamsSchema>;
const DEFAULT_PARAMS: ListParams = { q: '', type: '', subtype: '', room: '', sort: 'created.desc', start: 0 };

const SearchSchema = z.object({
  q: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || v.length >= 3,
      'Type at least 3 characters of a name or email, or leave it empty',
    ),
  type: z.string(),
  subtype: z.string(),
  room: z.string(),
  sort: z.string(),
});
type SearchValues = z.infer<typeof SearchSchema>;

function readParams(value: unknown): ListParams {
  const parsed = ParamsSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_PARAMS;
}

function toFilter(params: ListParams): ListUsersFilter {
  return {
    q: params.q || undefined,
    type: params.type ? Number(params.type) : undefined,
    subtype: params.subtype ? Number(params.subtype) : undefined,
    room_code: params.room || undefined,
    sort: params.sort,
    start: params.start,
    limit: PAGE_SIZE,
    fields: ['id', 'full_name', 'first_name', 'last_name', 'type', 'subtype', 'last_login', 'username'],
  };
}

/** The clinic's user directory (GET /users, ADMIN). */
export function UsersPage() {
  return (
    <Page title="Users">
      <AdminTokenGate what="The user directory">
        <UserDirectory />
      </AdminTokenGate>
    </Page>
  );
}

function UserDirectory() {
  const [params, setParams] = useState<ListParams>(DEFAULT_PARAMS);
  const list = useQuery(userQueries.list(toFilter(params)));
  const zone = useViewerTimeZone();
  const form = useForm<SearchValues>({
    resolver: zodResolver(SearchSchema),
    defaultValues: {
      q: params.q,
      type: params.type,
      subtype: params.subtype,
      room: params.room,
      sort: params.sort,
    },
  });
  const rooms = useQuery(roomQueries.list({ page: 1, limit: 100 }));

  const go = (next: Partial<ListParams>) => {
    setParams(readParams({ ...params, ...next }));
  };

  const total = list.data?.total_count ?? 0;
  const rows = list.data?.data ?? [];
  const first = total === 0 ? 0 : params.start + 1;
  const last = Math.min(params.start + rows.length, total);

  return (
    <>
      <FormProvider {...form}>
        <form
          className="card filter-form"
          role="search"
          aria-label="Search users"
          noValidate
          onSubmit={(event) => void form.handleSubmit((values) => go({ ...values, start: 0 }))(event)}
        >
          <div className="form-grid">
            <TextField<SearchValues>
              name="q"
              label="Name or email"
              type="search"
              autoComplete="off"
              hint="At least 3 characters."
            />
            <SelectField<SearchValues>
              name="type"
              label="Type"
              options={TYPE_OPTIONS}
              placeholder="Everyone"
            />
            <SelectField<SearchValues>
              name="subtype"
              label="Provider kind"
              options={SUBTYPE_OPTIONS}
              placeholder="Any"
            />
            <SelectField<SearchValues>
              name="room"
              label="Room"
              options={(rooms.data ?? []).map((r) => ({ value: r.code, label: r.name || r.code }))}
              placeholder="Any room"
            />
            <SelectField<SearchValues> name="sort" label="Sort by" options={SORT_OPTIONS} />
          </div>
          <div className="form-actions">
            <Button type="submit">Search</Button>
          </div>
        </form>
      </FormProvider>

      {list.isPending ? <Spinner label="Loading users…" /> : null}
      <QueryError query={list} title="The users could not be loaded" />
      {list.data && rows.length === 0 ? <EmptyState title="No users match these filters" /> : null}
      {rows.length > 0 ? (
        <>
          <p role="status" aria-live="polite">
            Showing {first}–{last} of {total} users
            {list.isFetching ? ' (updating…)' : ''}
          </p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Users (scrolls sideways)">
            <table className="data-table data-table-stack">
              <caption className="visually-hidden">Users of the clinic</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Username</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Insurance</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => (
                  <tr key={user.id}>
                    <th scope="row" data-label="Name">
                      <Link to={paths.admin.user(user.id)}>
                        <bdi>{displayName(user, user.id)}</bdi>
                      </Link>
                    </th>
                    <td data-label="Type">
                      {typeLabel(user)}
                      {subtypeLabel(user) ? ` · ${subtypeLabel(user)}` : ''}
                    </td>
                    <td data-label="Username">{user.username ?? '—'}</td>
                    <td data-label="Last sign-in">{lastLogin(user, zone)}</td>
                    <td data-label="Insurance">
                      {user.type === USER_TYPE.member ? (
                        <Link to={paths.admin.userInsurance(user.id)}>
                          Cards
                          <span className="visually-hidden">
                            {' '}
                            of <bdi>{displayName(user)}</bdi>
                          </span>
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages of users">
            <Button
              variant="secondary"
              disabled={params.start === 0}
              onClick={() => go({ start: Math.max(0, params.start - PAGE_SIZE) })}
            >
              Previous page
            </Button>
            <Button
              variant="secondary"
              disabled={params.start + PAGE_SIZE >= total}
              onClick={() => go({ start: params.start + PAGE_SIZE })}
            >
              Next page
            </Button>
          </nav>
        </>
      ) : null}
    </>
  );
}

function lastLogin(user: User, zone: string): string {
  const value = typeof user.last_login === 'string' ? Number(user.last_login) : user.last_login;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? formatDateTime(value, zone)
    : 'Never';
}
