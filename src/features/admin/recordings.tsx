import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '@/api/errors';
import { recordingQueries } from '@/api/recordings/queries';
import type { RecordedVisitsFilter } from '@/api/recordings/requests';
import type { Recording } from '@/api/recordings/schemas';
import { roomQueries } from '@/api/rooms/queries';
import { displayName } from '@/api/users/display-name';
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
    <Page title="Recordings">
      <AdminTokenGate what="Viewing recordings">
        <Recordings />
      </AdminTokenGate>
    </Page>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FilterSchema = z
  .object({
    room: z.string(),
    from: z.string().refine((v) => v === '' || DATE.test(v), 'Enter a date'),
    to: z.string().refine((v) => v === '' || DATE.test(v), 'Enter a date'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: 'The end date must be on or after the start date',
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
          ? 'This recording’s link points to a site this portal does not trust, so it was not opened. Tell the clinic’s technical contact.'
          : isApiError(error)
            ? error.userMessage
            : 'The recording could not be opened. Please try again.',
      );
    } finally {
      setOpening(null);
    }
  };

  const roomName = (code: string | undefined) =>
    (rooms.data ?? []).find((r) => r.code === code)?.name ?? code ?? '—';
  const rows = (visits.data ?? []).flatMap((visit) =>
    (visit.recordings?.data ?? []).map((recording) => ({ visit, recording })),
  );

  return (
    <>
      <FormProvider {...form}>
        <form
          className="card filter-form"
          role="search"
          aria-label="Filter recordings"
          noValidate
          onSubmit={(e) => void form.handleSubmit((values) => setFilter(toFilter(values)))(e)}
        >
          <div className="form-grid">
            <SelectField<FilterValues>
              name="room"
              label="Room"
              placeholder="All rooms"
              options={(rooms.data ?? []).map((r) => ({ value: r.code, label: r.name || r.code }))}
            />
            <TextField<FilterValues> name="from" label="From" type="date" />
            <TextField<FilterValues> name="to" label="To" type="date" />
          </div>
          <div className="form-actions">
            <Button type="submit">Show recordings</Button>
          </div>
        </form>
      </FormProvider>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {visits.isPending ? <Spinner label="Loading recordings…" /> : null}
      <QueryError query={visits} title="The recordings could not be loaded" />
      {visits.data && rows.length === 0 ? <EmptyState title="No recordings match these filters" /> : null}
      {rows.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Recordings (scrolls sideways)">
          <table className="data-table data-table-stack">
            <caption className="visually-hidden">Recordings of visits</caption>
            <thead>
              <tr>
                <th scope="col">Recording</th>
                <th scope="col">Room</th>
                <th scope="col">Participants</th>
                <th scope="col">Start</th>
                <th scope="col">End</th>
                <th scope="col">Length</th>
                <th scope="col">Open</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ visit, recording }) => {
                const key = `${visit.id}:${recording.id}`;
                const label = `Recording ${recording.id}`;
                const length =
                  typeof recording.start === 'number' && typeof recording.end === 'number'
                    ? formatDuration(recording.end - recording.start)
                    : '—';
                return (
                  <tr key={key}>
                    <th scope="row" data-label="Recording">
                      {label}
                    </th>
                    <td data-label="Room">{roomName(visit.room_code)}</td>
                    <td data-label="Participants">
                      {(recording.participants ?? []).length === 0
                        ? '—'
                        : (recording.participants ?? []).map((p, i) => (
                            <span key={`${p.platformid ?? ''}-${i}`}>
                              {i > 0 ? ', ' : null}
                              <bdi>{displayName(p, p.platformid ?? 'Unknown')}</bdi>
                            </span>
                          ))}
                    </td>
                    <td data-label="Start">
                      {typeof recording.start === 'number' ? formatDateTime(recording.start, zone) : '—'}
                    </td>
                    <td data-label="End">
                      {typeof recording.end === 'number' ? formatDateTime(recording.end, zone) : '—'}
                    </td>
                    <td data-label="Length">{length}</td>
                    <td data-label="Open">
                      <Button
                        variant="secondary"
                        isBusy={opening === key}
                        busyLabel="Opening…"
                        disabled={opening !== null}
                        aria-label={`Open ${label}`}
                        onClick={() => void open(String(visit.id), recording)}
                      >
                        Open
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
