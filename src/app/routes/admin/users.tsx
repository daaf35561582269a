import { displayName } from '@/api/users/display-name';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { userQueries } from '@/api/users/queries';
import { USER_TYPE, type ListUsersFilter, type User } from '@/api/users/schemas';
import { EmptyState, ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useSession, useSessionStore } from '@/lib/session';
import { useViewerTimeZone } from '@/lib/use-time-zone';

const PAGE_SIZE = 20;
const TYPE_OPTIONS = [
  { value: String(USER_TYPE.member), label: 'Patients' },
  { value: String(USER_TYPE.provider), label: 'Providers' },
  { value: String(USER_TYPE.guest), label: 'Guests' },
  { value: String(USER_TYPE.admin), label: 'Administrators' },
];
const SORT_OPTIONS = [
  { value: 'created.desc', label: 'Newest first' },
  { value: 'full_name.asc', label: 'Name, A to Z' },
  { value: 'full_name.desc', label: 'Name, Z to A' },
  { value: 'last_login.desc', label: 'Most recent sign-in' },
];
const TYPE_LABEL: Record<number, string> = {
  100: 'Administrator',
  200: 'Patient',
  400: 'Provider',
  600: 'Guest',
};

/** Search, filters and page live in the address, so a list can be shared and reloaded. */
const ParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .catch('')
    .transform((v) => (v.length >= 3 ? v : '')),
  type: z.enum(['', ...TYPE_OPTIONS.map((o) => o.value)] as [string, ...string[]]).catch(''),
  sort: z.enum(SORT_OPTIONS.map((o) => o.value) as [string, ...string[]]).catch('created.desc'),
  start: z.coerce.number().int().min(0).catch(0),
});
type ListParams = z.infer<typeof ParamsSchema>;

const SearchSchema = z.object({
  q: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || v.length >= 3,
      'Type at least 3 characters of a name or email, or leave it empty',
    ),
  type: z.string(),
  sort: z.string(),
});
type SearchValues = z.infer<typeof SearchSchema>;

function readParams(search: URLSearchParams): ListParams {
  return ParamsSchema.parse({
    q: search.get('q') ?? '',
    type: search.get('type') ?? '',
    sort: search.get('sort') ?? 'created.desc',
    start: search.get('start') ?? 0,
  });
}

function toFilter(params: ListParams): ListUsersFilter {
  return {
    q: params.q || undefined,
    type: params.type ? Number(params.type) : undefined,
    sort: params.sort,
    start: params.start,
    limit: PAGE_SIZE,
    fields: ['id', 'full_name', 'first_name', 'last_name', 'type', 'subtype', 'last_login', 'username'],
  };
}

/**
 * The clinic's user directory (GET /users, ADMIN). It runs on the clinic admin API token that
 * the admin home page keeps in this tab's memory; user tokens are refused there.
 */
export function Component() {
  const store = useSessionStore();
  useSession();
  const hasToken = store.getAdminToken() !== null;
  return (
    <Page title="Users">
      {hasToken ? (
        <UserDirectory />
      ) : (
        <div className="card" role="status">
          <p>The user directory needs the clinic admin API token.</p>
          <Link to={paths.admin.home()}>Enter the token on the administration page</Link>
        </div>
      )}
    </Page>
  );
}

function UserDirectory() {
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const filter = toFilter(params);
  const list = useQuery(userQueries.list(filter));
  const zone = useViewerTimeZone();
  const form = useForm<SearchValues>({
    resolver: zodResolver(SearchSchema),
    defaultValues: { q: params.q, type: params.type, sort: params.sort },
  });
  const { reset } = form;
  useEffect(() => {
    reset({ q: params.q, type: params.type, sort: params.sort });
  }, [params.q, params.type, params.sort, reset]);

  const go = (next: Partial<ListParams>) => {
    const merged = { ...params, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.type) out.set('type', merged.type);
    if (merged.sort !== 'created.desc') out.set('sort', merged.sort);
    if (merged.start > 0) out.set('start', String(merged.start));
    setSearch(out);
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
            <SelectField<SearchValues> name="sort" label="Sort by" options={SORT_OPTIONS} />
          </div>
          <div className="form-actions">
            <Button type="submit">Search</Button>
          </div>
        </form>
      </FormProvider>

      {list.isPending ? <Spinner label="Loading users…" /> : null}
      {list.isError ? (
        <ErrorState
          error={list.error}
          title="The users could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && rows.length === 0 ? <EmptyState title="No users match these filters" /> : null}
      {rows.length > 0 ? (
        <>
          <p role="status" aria-live="polite">
            Showing {first}–{last} of {total} users
            {list.isFetching ? ' (updating…)' : ''}
          </p>
          <div className="table-scroll">
            <table className="data-table">
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
                    <th scope="row">{displayName(user, user.id)}</th>
                    <td>{typeLabel(user)}</td>
                    <td>{user.username ?? '—'}</td>
                    <td>{lastLogin(user, zone)}</td>
                    <td>
                      {user.type === USER_TYPE.member ? (
                        <Link to={paths.admin.userInsurance(user.id)}>
                          Cards<span className="visually-hidden"> of {displayName(user)}</span>
                        </Link>
                      ) : null}
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

function typeLabel(user: User): string {
  return (user.type !== null && user.type !== undefined ? TYPE_LABEL[user.type] : undefined) ?? 'Other';
}

function lastLogin(user: User, zone: string): string {
  const value = typeof user.last_login === 'string' ? Number(user.last_login) : user.last_login;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? formatDateTime(value, zone)
    : 'Never';
}
