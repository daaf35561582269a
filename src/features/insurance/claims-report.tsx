import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { insuranceQueries } from '@/api/insurance/queries';
import type { ClaimRow, ClaimsReportQuery } from '@telehealth/client/insurance/schemas';
import { roomCurrency } from '@/api/rooms/consultations';
import { roomQueries } from '@/api/rooms/queries';
import { VISIT_STATUS } from '@telehealth/client/visits/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { i18n } from '@/lib/i18n';
import { calendarDateIn, formatDateTime, isValidTimeZone } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { fixed, toCsv, type CsvCell } from './csv';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const RangeSchema = z
  .object({
    from_date: z.string().regex(DATE, { error: () => t`Enter the first day as a date.` }),
    to_date: z.string().regex(DATE, { error: () => t`Enter the last day as a date.` }),
  })
  .refine((v) => v.from_date <= v.to_date, {
    path: ['to_date'],
    error: () => t`The last day must be on or after the first day.`,
  });
type Range = z.infer<typeof RangeSchema>;

/** The one sentence on screen saying which visits the report holds. */
const BILLABLE_MESSAGE = msg`Only completed visits are listed and exported, because the clinic bills a visit once it is completed; cancelled visits and visits not yet finished are left out.`;
/** That sentence in English: a message's key is its English text. */
export const BILLABLE_SENTENCE: string = BILLABLE_MESSAGE.id;

/** Visits a clinic bills: completed ones. Cancelled, waiting and ongoing visits (or no status) are not. */
export function billableClaims(rows: readonly ClaimRow[]): ClaimRow[] {
  return rows.filter((row) => row.status === VISIT_STATUS.completed);
}

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last 30 days, today included, in the viewer's calendar. */
export function last30Days(now: Date = new Date()): Range {
  const from = new Date(now);
  from.setDate(from.getDate() - 29);
  return { from_date: iso(from), to_date: iso(now) };
}

interface Column {
  key: string;
  label: MessageDescriptor;
  /** The shown (and exported) text. */
  text: (row: ClaimRow, zone: string) => string;
  /** The value sorted by. */
  sort: (row: ClaimRow) => string | number;
}

export const CLAIM_COLUMNS: Column[] = [
  {
    key: 'start',
    label: msg`Visit date`,
    text: (r, z) => (r.start === undefined ? '' : formatDateTime(r.start, z)),
    sort: (r) => r.start ?? -1,
  },
  {
    key: 'patient',
    label: msg`Patient`,
    text: (r) => r.patient_name ?? '',
    sort: (r) => (r.patient_name ?? '').toLowerCase(),
  },
  {
    key: 'provider',
    label: msg`Provider`,
    text: (r) => r.provider_name ?? '',
    sort: (r) => r.provider_name ?? '',
  },
  {
    key: 'insurer',
    label: msg`Insurer`,
    text: (r) => r.insurer_name ?? r.insurer_code ?? t`Self-pay / none`,
    sort: (r) => r.insurer_name ?? '',
  },
  {
    key: 'subscriber',
    label: msg`Member ID`,
    text: (r) => r.subscriber_number ?? '',
    sort: (r) => r.subscriber_number ?? '',
  },
  {
    key: 'dx',
    label: msg`Diagnoses`,
    text: (r) => r.diagnosis_codes.join(' '),
    sort: (r) => r.diagnosis_codes.join(' '),
  },
  {
    key: 'cpt',
    label: msg`Procedures`,
    text: (r) => r.procedure_codes.join(' '),
    sort: (r) => r.procedure_codes.join(' '),
  },
  {
    key: 'amount',
    label: msg`Amount`,
    text: (r) => (typeof r.amount === 'number' ? r.amount.toFixed(2) : ''),
    sort: (r) => r.amount ?? -1,
  },
];

type Sort = { key: string; dir: 'ascending' | 'descending' };

export function sortClaims(rows: readonly ClaimRow[], sort: Sort): ClaimRow[] {
  const column = CLAIM_COLUMNS.find((c) => c.key === sort.key) ?? CLAIM_COLUMNS[0];
  if (!column) return [...rows];
  const factor = sort.dir === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = column.sort(a);
    const y = column.sort(b);
    return (x < y ? -1 : x > y ? 1 : 0) * factor;
  });
}

/** What the export knows of a visit's room: its payment currency and the clinic's time zone. */
export interface ClaimRoomFacts {
  currency?: string;
  zone?: string;
}

export interface ClaimsCsvContext {
  /** Facts per room code (from the room detail). */
  rooms: ReadonlyMap<string, ClaimRoomFacts>;
  /** The zone of `service_date` when the room has none: the viewer's. */
  fallbackZone: string;
}

/** UNIX seconds as ISO 8601 UTC without fractions: `2026-11-20T14:30:00Z`. */
export function isoUtc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface ExportColumn {
  header: string;
  value: (row: ClaimRow, context: ClaimsCsvContext) => CsvCell;
}

const roomOf = (row: ClaimRow, context: ClaimsCsvContext): ClaimRoomFacts =>
  (row.room_code ? context.rooms.get(row.room_code) : undefined) ?? {};

/** The export's columns, for a billing office's import (recorded in docs/spec-decisions.md). */
export const CLAIM_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'visit_id', value: (r) => r.id },
  { header: 'visit_start_utc', value: (r) => (r.start === undefined ? '' : isoUtc(r.start)) },
  {
    header: 'service_date',
    value: (r, c) => {
      if (r.start === undefined) return '';
      const zone = roomOf(r, c).zone;
      return calendarDateIn(r.start, zone && isValidTimeZone(zone) ? zone : c.fallbackZone);
    },
  },
  { header: 'patient_id', value: (r) => r.member_id ?? '' },
  { header: 'patient_name', value: (r) => r.patient_name ?? '' },
  { header: 'patient_dob', value: (r) => r.patient_dob ?? '' },
  { header: 'provider_name', value: (r) => r.provider_name ?? '' },
  { header: 'insurer_code', value: (r) => r.insurer_code ?? '' },
  { header: 'insurer_name', value: (r) => r.insurer_name ?? '' },
  { header: 'subscriber_number', value: (r) => r.subscriber_number ?? '' },
  { header: 'diagnosis_codes', value: (r) => r.diagnosis_codes.join(' ') },
  { header: 'procedure_codes', value: (r) => r.procedure_codes.join(' ') },
  { header: 'amount', value: (r) => (typeof r.amount === 'number' ? fixed(r.amount, 2) : '') },
  {
    header: 'currency',
    value: (r, c) => (r.currency || roomOf(r, c).currency || '').toUpperCase(),
  },
];

/**
 * The billable rows (completed visits), in the order given, as CSV for a billing office: ISO 8601
 * times in UTC, the service date in the clinic's zone, ISO 4217 currency, amounts with two decimals.
 */
export function claimsCsv(rows: readonly ClaimRow[], context: ClaimsCsvContext): string {
  return toCsv(
    CLAIM_EXPORT_COLUMNS.map((c) => c.header),
    billableClaims(rows).map((row) => CLAIM_EXPORT_COLUMNS.map((c) => c.value(row, context))),
  );
}

/** Currency and zone of each room the rows name, read from the room details (cached per room). */
function useClaimRooms(rows: readonly ClaimRow[]): ReadonlyMap<string, ClaimRoomFacts> {
  const codes = [...new Set(rows.flatMap((r) => (r.room_code ? [r.room_code] : [])))].sort();
  return useQueries({
    queries: codes.map((code) => ({ ...roomQueries.detail(code), staleTime: 5 * 60_000 })),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) => {
          const code = codes[index];
          if (!code || !result.data) return [];
          const room = result.data;
          const zone = room.operation_settings?.default_timezone ?? undefined;
          return [[code, { currency: roomCurrency(room), ...(zone ? { zone } : {}) }] as const];
        }),
      ),
  });
}

/**
 * Claims report for clinic admins (GET /reports/claims, clinic admin token): the completed visits
 * with their claim data between two days, sortable by any column, exported as CSV in the order shown.
 */
export function ClaimsReport() {
  const zone = useViewerTimeZone();
  const [range, setRange] = useState<ClaimsReportQuery>(() => last30Days());
  const [sort, setSort] = useState<Sort>({ key: 'start', dir: 'descending' });
  const claims = useQuery(insuranceQueries.claims(range));
  const form = useForm<Range>({ resolver: zodResolver(RangeSchema), defaultValues: last30Days() });
  const billable = useMemo(() => billableClaims(claims.data ?? []), [claims.data]);
  const rows = useMemo(() => sortClaims(billable, sort), [billable, sort]);
  const leftOut = (claims.data?.length ?? 0) - billable.length;
  const rooms = useClaimRooms(billable);

  const download = () => {
    const csv = claimsCsv(rows, { rooms, fallbackZone: zone });
    const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `claims-${range.from_date ?? 'start'}-to-${range.to_date ?? 'today'}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const count = rows.length;
  const from = range.from_date ?? '';
  const to = range.to_date ?? '';
  const summary =
    leftOut > 0
      ? t`${plural(count, { one: '# completed visit', other: '# completed visits' })} from ${from} to ${to} (${plural(leftOut, { one: '# other visit left out', other: '# other visits left out' })}). Times in ${zone}.`
      : t`${plural(count, { one: '# completed visit', other: '# completed visits' })} from ${from} to ${to}. Times in ${zone}.`;

  const toggle = (key: string) =>
    setSort((s) => ({ key, dir: s.key === key && s.dir === 'ascending' ? 'descending' : 'ascending' }));

  return (
    <>
      <FormProvider {...form}>
        <form
          className="card filter-form"
          aria-label={t`Report dates`}
          noValidate
          onSubmit={(event) => void form.handleSubmit((values) => setRange(values))(event)}
        >
          <div className="form-grid">
            <TextField<Range> name="from_date" label={t`First day`} type="date" required />
            <TextField<Range> name="to_date" label={t`Last day`} type="date" required />
          </div>
          <div className="form-actions">
            <Button type="submit">
              <Trans>Show claims</Trans>
            </Button>
          </div>
        </form>
      </FormProvider>
      {claims.isPending ? <Spinner label={t`Loading claims…`} /> : null}
      <QueryError query={claims} title={t`The claims could not be loaded`} />
      <DroppedRowsNotice list={claims.data} />
      {claims.isSuccess ? <p>{i18n._(BILLABLE_MESSAGE)}</p> : null}
      {claims.isSuccess && rows.length === 0 ? (
        <EmptyState title={t`No completed visits in these dates`} />
      ) : null}
      {rows.length > 0 ? (
        <>
          <div className="form-actions">
            <p role="status">{summary}</p>
            <Button variant="secondary" onClick={download}>
              <Trans>Export CSV</Trans>
            </Button>
          </div>
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            aria-label={t`Claims table, scrolls sideways`}
          >
            <table className="data-table">
              <caption className="visually-hidden">
                <Trans>Claims, sortable by each column</Trans>
              </caption>
              <thead>
                <tr>
                  {CLAIM_COLUMNS.map((c) => (
                    <th key={c.key} scope="col" aria-sort={sort.key === c.key ? sort.dir : undefined}>
                      <button type="button" className="btn btn-link" onClick={() => toggle(c.key)}>
                        {i18n._(c.label)}
                        <span aria-hidden="true">
                          {sort.key === c.key ? (sort.dir === 'ascending' ? ' ▲' : ' ▼') : ''}
                        </span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    {CLAIM_COLUMNS.map((c) => (
                      <td key={c.key}>{c.text(row, zone)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
