import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { insuranceQueries } from '@/api/insurance/queries';
import type { ClaimRow, ClaimsReportQuery } from '@/api/insurance/schemas';
import { VISIT_STATUS } from '@/api/visits/schemas';
import { DroppedRowsNotice } from '@/components/feedback/dropped-rows-notice';
import { QueryError } from '@/components/feedback/query-state';
import { EmptyState, Spinner } from '@/components/feedback/status';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { formatDateTime } from '@/lib/dates';
import { useViewerTimeZone } from '@/lib/use-time-zone';
import { toCsv } from './csv';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const RangeSchema = z
  .object({
    from_date: z.string().regex(DATE, 'Enter the first day as a date.'),
    to_date: z.string().regex(DATE, 'Enter the last day as a date.'),
  })
  .refine((v) => v.from_date <= v.to_date, {
    path: ['to_date'],
    message: 'The last day must be on or after the first day.',
  });
type Range = z.infer<typeof RangeSchema>;

const STATUS_WORDS: Record<number, string> = {
  [VISIT_STATUS.pending]: 'Pending',
  [VISIT_STATUS.confirmed]: 'Confirmed',
  [VISIT_STATUS.inProgress]: 'In progress',
  [VISIT_STATUS.completed]: 'Completed',
  [VISIT_STATUS.cancelled]: 'Cancelled',
};

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
  label: string;
  /** The shown (and exported) text. */
  text: (row: ClaimRow, zone: string) => string;
  /** The value sorted by. */
  sort: (row: ClaimRow) => string | number;
}

export const CLAIM_COLUMNS: Column[] = [
  {
    key: 'start',
    label: 'Visit date',
    text: (r, z) => (r.start === undefined ? '' : formatDateTime(r.start, z)),
    sort: (r) => r.start ?? -1,
  },
  {
    key: 'patient',
    label: 'Patient',
    text: (r) => r.patient_name ?? '',
    sort: (r) => (r.patient_name ?? '').toLowerCase(),
  },
  {
    key: 'provider',
    label: 'Provider',
    text: (r) => r.provider_name ?? '',
    sort: (r) => r.provider_name ?? '',
  },
  {
    key: 'status',
    label: 'Status',
    text: (r) => (r.status === undefined ? '' : (STATUS_WORDS[r.status] ?? String(r.status))),
    sort: (r) => r.status ?? -1,
  },
  {
    key: 'insurer',
    label: 'Insurer',
    text: (r) => r.insurer_name ?? r.insurer_code ?? 'Self-pay / none',
    sort: (r) => r.insurer_name ?? '',
  },
  {
    key: 'subscriber',
    label: 'Member ID',
    text: (r) => r.subscriber_number ?? '',
    sort: (r) => r.subscriber_number ?? '',
  },
  {
    key: 'dx',
    label: 'Diagnoses',
    text: (r) => r.diagnosis_codes.join(' '),
    sort: (r) => r.diagnosis_codes.join(' '),
  },
  {
    key: 'cpt',
    label: 'Procedures',
    text: (r) => r.procedure_codes.join(' '),
    sort: (r) => r.procedure_codes.join(' '),
  },
  {
    key: 'amount',
    label: 'Amount',
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

/** The table's rows as CSV text (the same words as on screen). */
export function claimsCsv(rows: readonly ClaimRow[], zone: string): string {
  return toCsv(
    CLAIM_COLUMNS.map((c) => c.label),
    rows.map((row) => CLAIM_COLUMNS.map((c) => c.text(row, zone))),
  );
}

/**
 * Claims report for clinic admins (GET /reports/claims, clinic admin token): visits with their
 * claim data between two days, sortable by any column, exported as CSV in the order shown.
 */
export function ClaimsReport() {
  const zone = useViewerTimeZone();
  const [range, setRange] = useState<ClaimsReportQuery>(() => last30Days());
  const [sort, setSort] = useState<Sort>({ key: 'start', dir: 'descending' });
  const claims = useQuery(insuranceQueries.claims(range));
  const form = useForm<Range>({ resolver: zodResolver(RangeSchema), defaultValues: last30Days() });
  const rows = useMemo(() => sortClaims(claims.data ?? [], sort), [claims.data, sort]);

  const download = () => {
    const blob = new Blob([claimsCsv(rows, zone)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `claims-${range.from_date ?? 'start'}-to-${range.to_date ?? 'today'}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const toggle = (key: string) =>
    setSort((s) => ({ key, dir: s.key === key && s.dir === 'ascending' ? 'descending' : 'ascending' }));

  return (
    <>
      <FormProvider {...form}>
        <form
          className="card filter-form"
          aria-label="Report dates"
          noValidate
          onSubmit={(event) => void form.handleSubmit((values) => setRange(values))(event)}
        >
          <div className="form-grid">
            <TextField<Range> name="from_date" label="First day" type="date" required />
            <TextField<Range> name="to_date" label="Last day" type="date" required />
          </div>
          <div className="form-actions">
            <Button type="submit">Show claims</Button>
          </div>
        </form>
      </FormProvider>
      {claims.isPending ? <Spinner label="Loading claims…" /> : null}
      <QueryError query={claims} title="The claims could not be loaded" />
      <DroppedRowsNotice list={claims.data} />
      {claims.isSuccess && rows.length === 0 ? <EmptyState title="No visits in these dates" /> : null}
      {rows.length > 0 ? (
        <>
          <div className="form-actions">
            <p role="status">
              {rows.length} visits from {range.from_date} to {range.to_date}. Times in {zone}.
            </p>
            <Button variant="secondary" onClick={download}>
              Export CSV
            </Button>
          </div>
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            aria-label="Claims table, scrolls sideways"
          >
            <table className="data-table">
              <caption className="visually-hidden">Claims, sortable by each column</caption>
              <thead>
                <tr>
                  {CLAIM_COLUMNS.map((c) => (
                    <th key={c.key} scope="col" aria-sort={sort.key === c.key ? sort.dir : undefined}>
                      <button type="button" className="btn btn-link" onClick={() => toggle(c.key)}>
                        {c.label}
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
