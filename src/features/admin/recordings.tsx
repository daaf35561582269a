import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '@telehealth/client/errors';
import { recordingQueries } from '@/api/recordings/queries';
import type { RecordedVisitsFilter } from '@telehealth/client/recordings/requests';
import type { Recording } from '@telehealth/client/recordings/schemas';
import { roomQueries } from '@/api/rooms/queries';
import { displayName } from '@telehealth/client/users/display-name';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { formatDateTime, formatDuration } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { createRecordingLinks, UntrustedRecordingHostError } from './recording-link';
import { AdminTokenGate, useAdminToken } from './token-gate';

/** Visits with recordings and opening one through a fresh pre-signed link (spec 4.12, ADMIN). */
export function RecordingsPage() {
  return (
    <Page title={t`Recordings`}>
      <AdminTokenGate what={t`Viewing recordings`}>
        <Recordings />
      </AdminTokenGate>
    </Page>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FilterSchema = z
  .object({
    room: z.string(),
    from: z.string().refine((v) => v === '' || DATE.test(v), { error: () => t`Enter a date` }),
    to: z.string().refine((v) => v === '' || DATE.test(v), { error: () => t`Enter a date` }),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    error: () => t`The end date must be on or after the start date`,
  });
type FilterValues = z.infer<typeof FilterSchema>;

/** Date inputs are days in the viewer's zone; the range covers whole days (midnight to midnight, local). */
function toFilter(values: FilterValues): RecordedVisitsFilter {
  const seconds = (day: string, plusDays: number) => {
    const [y, m, d] = day.split('-').map(Number);
    return Math.floor(new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + plusDays).getTime() / 1000);
  };
  return {
    ...(values.room ? { room_code: values.room } : {}),
    ...(values.from ? { start_time: seconds(values.from, 0) } : {}),
    ...(values.to ? { end_time: seconds(values.to, 1) } : {}),
  };
}

function Recordings() {
  const [filter, setFilter] = useState<RecordedVisitsFilter>({});
  const visits = useQuery(recordingQueries.visits(filter));
  const rooms = useQuery(roomQueries.list({ page: 1, limit: 100 }));
  const zone = useViewerTimeZone();
  const [links] = useState(() => createRecordingLinks());
  const [opening, setOpening] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Links are bound to the token that fetched them: forget them with it.
  const { token } = useAdminToken();
  useEffect(() => () => links.clear(), [links, token]);

  const form = useForm<FilterValues>({
    resolver: zodResolver(FilterSchema),
    defaultValues: { room: '', from: '', to: '' },
  });

  const open = async (visitId: string, recording: Recording) => {
    const key = `${visitId}:${recording.id}`;
    setOpening(key);
    setProblem(null);
    try {
      const url = await links.get(visitId, recording.id);
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      setProblem(
        error instanceof UntrustedRecordingHostError
          ? t`This recording’s link points to a site this portal does not trust, so it was not opened. Tell the clinic’s technical contact.`
          : isApiError(error)
            ? error.userMessage
            : t`The recording could not be opened. Please try again.`,
      );
    } finally {
      setOpening(null);
    }
  };

  const roomName = (code: string | undefined) =>
    (rooms.data ?? []).find((r) => r.code === code)?.name ?? code ?? '—';
  // Column names, also shown beside each cell when the table is stacked on a phone (data-label).
  const columns = {
    recording: t`Recording`,
    room: t`Room`,
    participants: t`Participants`,
    start: t({ message: 'Start', context: 'column: when a recording started' }),
    end: t({ message: 'End', context: 'column: when a recording ended' }),
    length: t`Length`,
    open: t({ message: 'Open', context: 'column of buttons that open a recording' }),
  };
  const rows = (visits.data ?? []).flatMap((visit) =>
    (visit.recordings?.data ?? []).map((recording) => ({ visit, recording })),
  );

  return (
    <>
      <FormProvider {...form}>
        <form
          className="card filter-form"
          role="search"
          aria-label={t`Filter recordings`}
          noValidate
          onSubmit={(e) => void form.handleSubmit((values) => setFilter(toFilter(values)))(e)}
        >
          <div className="form-grid">
            <SelectField<FilterValues>
              name="room"
              label={t`Room`}
              placeholder={t`All rooms`}
              options={(rooms.data ?? []).map((r) => ({ value: r.code, label: r.name || r.code }))}
            />
            <TextField<FilterValues>
              name="from"
              label={t({ message: 'From', context: 'start of a date range' })}
              type="date"
            />
            <TextField<FilterValues>
              name="to"
              label={t({ message: 'To', context: 'end of a date range' })}
              type="date"
            />
          </div>
          <div className="form-actions">
            <Button type="submit">
              <Trans>Show recordings</Trans>
            </Button>
          </div>
        </form>
      </FormProvider>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {visits.isPending ? <Spinner label={t`Loading recordings…`} /> : null}
      <QueryError query={visits} title={t`The recordings could not be loaded`} />
      {visits.data && rows.length === 0 ? <EmptyState title={t`No recordings match these filters`} /> : null}
      {rows.length > 0 ? (
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={t`Recordings (scrolls sideways)`}
        >
          <table className="data-table data-table-stack">
            <caption className="visually-hidden">
              <Trans>Recordings of visits</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{columns.recording}</th>
                <th scope="col">{columns.room}</th>
                <th scope="col">{columns.participants}</th>
                <th scope="col">{columns.start}</th>
                <th scope="col">{columns.end}</th>
                <th scope="col">{columns.length}</th>
                <th scope="col">{columns.open}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ visit, recording }) => {
                const key = `${visit.id}:${recording.id}`;
                const id = recording.id;
                const label = t`Recording ${id}`;
                const length =
                  typeof recording.start === 'number' && typeof recording.end === 'number'
                    ? formatDuration(recording.end - recording.start)
                    : '—';
                return (
                  <tr key={key}>
                    <th scope="row" data-label={columns.recording}>
                      {label}
                    </th>
                    <td data-label={columns.room}>{roomName(visit.room_code)}</td>
                    <td data-label={columns.participants}>
                      {(recording.participants ?? []).length === 0
                        ? '—'
                        : (recording.participants ?? []).map((p, i) => (
                            <span key={`${p.platformid ?? ''}-${i}`}>
                              {i > 0 ? ', ' : null}
                              <bdi>
                                {displayName(
                                  p,
                                  p.platformid ??
                                    t({ message: 'Unknown', context: 'participant without a name' }),
                                )}
                              </bdi>
                            </span>
                          ))}
                    </td>
                    <td data-label={columns.start}>
                      {typeof recording.start === 'number' ? formatDateTime(recording.start, zone) : '—'}
                    </td>
                    <td data-label={columns.end}>
                      {typeof recording.end === 'number' ? formatDateTime(recording.end, zone) : '—'}
                    </td>
                    <td data-label={columns.length}>{length}</td>
                    <td data-label={columns.open}>
                      <Button
                        variant="secondary"
                        isBusy={opening === key}
                        busyLabel={t`Opening…`}
                        disabled={opening !== null}
                        aria-label={t`Open ${label}`}
                        onClick={() => void open(String(visit.id), recording)}
                      >
                        <Trans context="button: opens a recording">Open</Trans>
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
