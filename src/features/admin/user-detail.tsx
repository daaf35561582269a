import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@telehealth/client/errors';
import { useAddUserRoom, useRemoveUserRoom } from '@/api/rooms/mutations';
import { roomQueries } from '@/api/rooms/queries';
import { displayName } from '@telehealth/client/users/display-name';
import { userQueries } from '@/api/users/queries';
import { USER_TYPE, type User } from '@telehealth/client/users/schemas';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, ErrorState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormError, SelectField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { subtypeLabel, typeLabel } from './labels';
import { AdminTokenGate } from './token-gate';

/** One user (GET /users/{id}): profile, type in words, clinics and room associations (ADMIN). */
export function UserPage({ userId }: { userId: string }) {
  return (
    // The tab title stays generic: a patient's name never goes there.
    <Page title={t`User`}>
      <p>
        <Link to={paths.admin.users()}>
          <Trans>Back to users</Trans>
        </Link>
      </p>
      <AdminTokenGate what={t`Managing a user’s rooms`}>
        <UserDetail userId={userId} />
      </AdminTokenGate>
    </Page>
  );
}

function UserDetail({ userId }: { userId: string }) {
  const user = useQuery(userQueries.detail(userId));
  const zone = useViewerTimeZone();
  if (user.isPending) return <Spinner label={t`Loading the user…`} />;
  if (user.isError) return <QueryError query={user} title={t`This user could not be loaded`} />;
  const data = user.data;
  const subtype = subtypeLabel(data);
  return (
    <>
      <div className="card">
        <h2>
          <bdi>{displayName(data, t`Unnamed user`)}</bdi>
        </h2>
        <dl className="detail-list">
          <dt>
            <Trans context="kind of user">Type</Trans>
          </dt>
          <dd>
            {typeLabel(data)}
            {subtype ? ` · ${subtype}` : ''}
          </dd>
          <dt>
            <Trans>Username</Trans>
          </dt>
          <dd>{data.username || '—'}</dd>
          <dt>
            <Trans>Email</Trans>
          </dt>
          <dd>{data.email || '—'}</dd>
          <dt>
            <Trans context="a user account can be used">Active</Trans>
          </dt>
          <dd>{data.active === false ? t`No` : t`Yes`}</dd>
          <dt>
            <Trans>Clinics</Trans>
          </dt>
          <dd>{data.clinics?.length ? data.clinics.join(', ') : (data.account_code ?? '—')}</dd>
          {typeof data.created === 'number' ? (
            <>
              <dt>
                <Trans>Joined</Trans>
              </dt>
              <dd>{formatDateTime(data.created, zone)}</dd>
            </>
          ) : null}
        </dl>
        {data.type === USER_TYPE.member ? (
          <Link to={paths.admin.userInsurance(data.id)}>
            <Trans>Insurance cards</Trans>
          </Link>
        ) : null}
      </div>
      <RoomAssociations user={data} />
    </>
  );
}

interface Association {
  code: string;
  name?: string | undefined;
  default?: boolean | undefined;
  added_time?: number | undefined;
}

function RoomAssociations({ user }: { user: User }) {
  const zone = useViewerTimeZone();
  const add = useAddUserRoom(user.id);
  const remove = useRemoveUserRoom(user.id);
  const [pending, setPending] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const rooms: Association[] = user.rooms ?? [];
  const roomList = useQuery(roomQueries.list({ page: 1, limit: 100 }));
  const nameOf = (code: string) => roomList.data?.find((r) => r.code === code)?.name;
  // Column names, also shown beside each cell when the table is stacked on a phone (data-label).
  const columns = {
    room: t`Room`,
    isDefault: t({ message: 'Default', context: 'column: the user’s default room' }),
    added: t({ message: 'Added', context: 'column: when a user was added to a room' }),
    actions: t`Actions`,
  };

  const run = async (key: string, action: () => Promise<unknown>, success: string) => {
    setPending(key);
    setActionError(null);
    setDone(null);
    try {
      await action();
      setDone(success);
    } catch (error) {
      setActionError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="card" aria-labelledby="user-rooms">
      <h2 id="user-rooms">
        <Trans>Rooms</Trans>
      </h2>
      <p role="status" aria-live="polite">
        {done}
      </p>
      {actionError ? <ErrorState error={actionError} title={t`That change was not saved`} /> : null}
      {rooms.length === 0 ? (
        <EmptyState title={t`Not in any room yet`} />
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Rooms of this user`}>
          <table className="data-table data-table-stack">
            <caption className="visually-hidden">
              <Trans>Rooms this user belongs to</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{columns.room}</th>
                <th scope="col">{columns.isDefault}</th>
                <th scope="col">{columns.added}</th>
                <th scope="col">{columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rooms.map((room) => {
                const label = room.name || nameOf(room.code) || room.code;
                return (
                  <tr key={room.code}>
                    <th scope="row" data-label={columns.room}>
                      <Link to={paths.admin.room(room.code)}>{label}</Link>
                    </th>
                    <td data-label={columns.isDefault}>{room.default ? t`Default room` : '—'}</td>
                    <td data-label={columns.added}>
                      {typeof room.added_time === 'number' ? formatDateTime(room.added_time, zone) : '—'}
                    </td>
                    <td data-label={columns.actions}>
                      <div className="row-actions">
                        {room.default ? null : (
                          <Button
                            variant="secondary"
                            aria-label={t`Make ${label} the default room`}
                            isBusy={pending === `default:${room.code}`}
                            disabled={pending !== null}
                            onClick={() =>
                              void run(
                                `default:${room.code}`,
                                () => add.mutateAsync({ code: room.code, default: true }),
                                t`${label} is now the default room.`,
                              )
                            }
                          >
                            <Trans>Make default</Trans>
                          </Button>
                        )}
                        <Button
                          variant="danger"
                          aria-label={t`Remove from ${label}`}
                          isBusy={pending === `remove:${room.code}`}
                          disabled={pending !== null}
                          onClick={() =>
                            void run(
                              `remove:${room.code}`,
                              () => remove.mutateAsync(room.code),
                              t`Removed from ${label}.`,
                            )
                          }
                        >
                          <Trans context="button: takes a user out of a room">Remove</Trans>
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <AddToRoom userId={user.id} current={rooms.map((r) => r.code)} />
    </section>
  );
}

const AddSchema = z.object({
  code: z.string().min(1, { error: () => t`Choose a room` }),
  makeDefault: z.boolean(),
});
type AddValues = z.infer<typeof AddSchema>;

function AddToRoom({ userId, current }: { userId: string; current: string[] }) {
  const rooms = useQuery(roomQueries.list({ page: 1, limit: 100 }));
  const add = useAddUserRoom(userId);
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<AddValues>({
    resolver: zodResolver(AddSchema),
    defaultValues: { code: '', makeDefault: false },
  });
  const all = rooms.data ?? [];
  // Rooms by name; the code is added only to tell two rooms of the same name apart.
  const options = all
    .filter((room) => !current.includes(room.code))
    .map((room) => {
      const name = room.name || room.code;
      const shared = all.filter((r) => (r.name || r.code) === name).length > 1;
      return { value: room.code, label: shared ? `${name} (${room.code})` : name };
    });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    setDone(null);
    try {
      const answer = await add.mutateAsync({ code: values.code, default: values.makeDefault });
      // The list on screen is the server's answer.
      queryClient.setQueryData(userQueries.detail(userId).queryKey, (old) =>
        old ? { ...old, rooms: answer } : old,
      );
      const room = answer.find((r) => r.code === values.code);
      const name = room?.name || all.find((r) => r.code === values.code)?.name || values.code;
      setDone(values.makeDefault ? t`Added to ${name} as the default room.` : t`Added to ${name}.`);
      form.reset({ code: '', makeDefault: false });
    } catch (error) {
      setServerError(
        isApiError(error) ? error.userMessage : t`The room could not be added. Please try again.`,
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form className="filter-form" noValidate aria-labelledby="add-room" onSubmit={(e) => void submit(e)}>
        <h3 id="add-room">
          <Trans>Add to a room</Trans>
        </h3>
        <QueryError query={rooms} title={t`The rooms could not be loaded`} />
        <div className="form-grid">
          <SelectField<AddValues>
            name="code"
            label={t`Room`}
            options={options}
            placeholder={t`Choose a room`}
          />
          <CheckboxField<AddValues> name="makeDefault" label={t`Make it the default room`} />
        </div>
        <FormError message={serverError} />
        <p role="status" aria-live="polite">
          {done}
        </p>
        <Button type="submit" isBusy={add.isPending} busyLabel={t`Adding…`}>
          <Trans>Add to room</Trans>
        </Button>
      </form>
    </FormProvider>
  );
}
