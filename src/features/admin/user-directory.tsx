import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { displayName } from '@telehealth/client/users/display-name';
import { roomQueries } from '@/api/rooms/queries';
import { userQueries } from '@/api/users/queries';
import { USER_TYPE, type ListUsersFilter, type User } from '@telehealth/client/users/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { subtypeLabel, typeLabel } from './labels';
import { AdminTokenGate } from './token-gate';

const PAGE_SIZE = 20;
interface Option {
  value: string;
  label: MessageDescriptor;
}
const TYPE_OPTIONS: Option[] = [
  { value: String(USER_TYPE.member), label: msg`Patients` },
  { value: String(USER_TYPE.provider), label: msg`Providers` },
  { value: String(USER_TYPE.guest), label: msg`Guests` },
  { value: String(USER_TYPE.admin), label: msg`Administrators` },
];
const SUBTYPE_OPTIONS: Option[] = [
  { value: '482', label: msg`Doctors` },
  { value: '484', label: msg`Nurses` },
  { value: '460', label: msg`Medical assistants` },
  { value: '470', label: msg`Customer service` },
  { value: '480', label: msg`Paramedics` },
];
const SORT_OPTIONS: Option[] = [
  { value: 'created.desc', label: msg`Newest first` },
  { value: 'full_name.asc', label: msg`Name, A to Z` },
  { value: 'full_name.desc', label: msg`Name, Z to A` },
  { value: 'last_login.desc', label: msg`Most recent sign-in` },
];

/** Options for a select, in the page's language. */
const shown = (options: Option[]) => options.map((o) => ({ value: o.value, label: i18n._(o.label) }));

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
    .refine((v) => v === '' || v.length >= 3, {
      error: () => t`Type at least 3 characters of a name or email, or leave it empty`,
    }),
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
    <Page title={t`Users`}>
      <AdminTokenGate what={t`The user directory`}>
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
  // Column names, also shown beside each cell when the table is stacked on a phone (data-label).
  const columns = {
    name: t({ message: 'Name', context: 'a person’s name' }),
    type: t({ message: 'Type', context: 'kind of user' }),
    username: t`Username`,
    lastSignIn: t`Last sign-in`,
    insurance: t`Insurance`,
  };

  return (
    <>
      <FormProvider {...form}>
        <form
          className="card filter-form"
          role="search"
          aria-label={t`Search users`}
          noValidate
          onSubmit={(event) => void form.handleSubmit((values) => go({ ...values, start: 0 }))(event)}
        >
          <div className="form-grid">
            <TextField<SearchValues>
              name="q"
              label={t`Name or email`}
              type="search"
              autoComplete="off"
              hint={t`At least 3 characters.`}
            />
            <SelectField<SearchValues>
              name="type"
              label={t({ message: 'Type', context: 'kind of user' })}
              options={shown(TYPE_OPTIONS)}
              placeholder={t`Everyone`}
            />
            <SelectField<SearchValues>
              name="subtype"
              label={t`Provider kind`}
              options={shown(SUBTYPE_OPTIONS)}
              placeholder={t({ message: 'Any', context: 'filter: any kind of provider' })}
            />
            <SelectField<SearchValues>
              name="room"
              label={t`Room`}
              options={(rooms.data ?? []).map((r) => ({ value: r.code, label: r.name || r.code }))}
              placeholder={t`Any room`}
            />
            <SelectField<SearchValues> name="sort" label={t`Sort by`} options={shown(SORT_OPTIONS)} />
          </div>
          <div className="form-actions">
            <Button type="submit">
              <Trans context="button: runs a search">Search</Trans>
            </Button>
          </div>
        </form>
      </FormProvider>

      {list.isPending ? <Spinner label={t`Loading users…`} /> : null}
      <QueryError query={list} title={t`The users could not be loaded`} />
      {list.data && rows.length === 0 ? <EmptyState title={t`No users match these filters`} /> : null}
      {rows.length > 0 ? (
        <>
          <p role="status" aria-live="polite">
            {list.isFetching
              ? t`Showing ${first}–${last} of ${total} users (updating…)`
              : t`Showing ${first}–${last} of ${total} users`}
          </p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Users (scrolls sideways)`}>
            <table className="data-table data-table-stack">
              <caption className="visually-hidden">
                <Trans>Users of the clinic</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.type}</th>
                  <th scope="col">{columns.username}</th>
                  <th scope="col">{columns.lastSignIn}</th>
                  <th scope="col">{columns.insurance}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => {
                  const name = displayName(user);
                  return (
                    <tr key={user.id}>
                      <th scope="row" data-label={columns.name}>
                        <Link to={paths.admin.user(user.id)}>
                          <bdi>{displayName(user, user.id)}</bdi>
                        </Link>
                      </th>
                      <td data-label={columns.type}>
                        {typeLabel(user)}
                        {subtypeLabel(user) ? ` · ${subtypeLabel(user)}` : ''}
                      </td>
                      <td data-label={columns.username}>{user.username ?? '—'}</td>
                      <td data-label={columns.lastSignIn}>{lastLogin(user, zone)}</td>
                      <td data-label={columns.insurance}>
                        {user.type === USER_TYPE.member ? (
                          <Link to={paths.admin.userInsurance(user.id)}>
                            <Trans>
                              Cards
                              <span className="visually-hidden">
                                {' '}
                                of <bdi>{name}</bdi>
                              </span>
                            </Trans>
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t`Pages of users`}>
            <Button
              variant="secondary"
              disabled={params.start === 0}
              onClick={() => go({ start: Math.max(0, params.start - PAGE_SIZE) })}
            >
              <Trans>Previous page</Trans>
            </Button>
            <Button
              variant="secondary"
              disabled={params.start + PAGE_SIZE >= total}
              onClick={() => go({ start: params.start + PAGE_SIZE })}
            >
              <Trans>Next page</Trans>
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
    : t({ message: 'Never', context: 'has never signed in' });
}
