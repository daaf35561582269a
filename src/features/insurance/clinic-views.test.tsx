import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { db } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { parseCsv } from './csv';
import type { ClaimRow } from '@telehealth/client/insurance/schemas';
import { BILLABLE_SENTENCE, CLAIM_EXPORT_COLUMNS, claimsCsv, last30Days } from './claims-report';
import { SEED_USERS, SEED_VISITS, seedQueuePatient } from '@telehealth/mock/seed/ids';

describe('claims report (clinic admin)', () => {
  it('asks for the clinic admin token first', async () => {
    renderRoute(paths.admin.claims(), { as: 'demo-admin' });
    expect(await screen.findByRole('heading', { name: 'Claims report', level: 1 })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('needs the clinic admin API token');
  });

  it('lists the last 30 days, sortable by column', async () => {
    const view = renderRoute(paths.admin.claims(), { as: 'demo-admin' });
    view.session.setAdminToken('demo-admin-token');
    const table = await screen.findByRole('table');
    const range = last30Days();
    expect(screen.getByLabelText(/First day/)).toHaveValue(range.from_date);
    expect(screen.getByLabelText(/Last day/)).toHaveValue(range.to_date);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(1);
    // Newest first by default; sorting by patient is announced on the column.
    await view.user.click(within(table).getByRole('button', { name: 'Amount' }));
    const header = within(table).getByRole('columnheader', { name: /Amount/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    const amounts = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => Number(within(r).getAllByRole('cell').at(-1)?.textContent));
    expect(amounts()).toEqual([...amounts()].sort((a, b) => a - b));
    await view.user.click(within(table).getByRole('button', { name: 'Amount' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(amounts()).toEqual([...amounts()].sort((a, b) => b - a));
  });

  it('refuses a last day before the first day, naming the field', async () => {
    const view = renderRoute(paths.admin.claims(), { as: 'demo-admin' });
    view.session.setAdminToken('demo-admin-token');
    await screen.findByRole('table');
    const last = screen.getByLabelText(/Last day/);
    await view.user.clear(last);
    await view.user.type(last, '2020-01-01');
    await view.user.click(screen.getByRole('button', { name: 'Show claims' }));
    expect(last).toHaveAccessibleDescription('The last day must be on or after the first day.');
  });

  it('lists only completed visits and says so in one sentence', async () => {
    const view = renderRoute(paths.admin.claims(), { as: 'demo-admin' });
    view.session.setAdminToken('demo-admin-token');
    const table = await screen.findByRole('table');
    expect(screen.getByText(BILLABLE_SENTENCE)).toBeVisible();
    const range = last30Days();
    const inRange = (v: { start?: unknown; created?: unknown }) => {
      const at = typeof v.start === 'number' ? v.start : Number(v.created ?? 0);
      return (
        at >= Date.parse(`${range.from_date}T00:00:00Z`) / 1000 &&
        at < Date.parse(`${range.to_date}T00:00:00Z`) / 1000 + 86_400
      );
    };
    const stored = [...db.visits.values()].filter((v) => v.account_code === 'demo' && inRange(v));
    const completed = stored.filter((v) => Number(v.status) === 30);
    expect(completed.length).toBeGreaterThan(0);
    expect(stored.length).toBeGreaterThan(completed.length);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(completed.length);
    expect(screen.getByRole('status')).toHaveTextContent(
      `${completed.length} completed visits from ${range.from_date} to ${range.to_date} (${stored.length - completed.length} other visits left out)`,
    );
  });

  const row = (over: Partial<ClaimRow>): ClaimRow => ({
    id: 'v1',
    start: Date.UTC(2026, 10, 20, 3, 30) / 1000,
    status: 30,
    room_code: 'general',
    member_id: 'u1',
    patient_name: 'Sam Sample',
    patient_dob: '1988-04-12',
    provider_name: 'Dr. "Q"',
    insurer_code: 'INS0001',
    insurer_name: 'Sample, Plan',
    subscriber_number: 'XHM-1',
    diagnosis_codes: ['A01.1', 'B02'],
    procedure_codes: ['90000'],
    amount: 55,
    currency: null,
    ...over,
  });
  const context = {
    rooms: new Map([['general', { currency: 'usd', zone: 'America/New_York' }]]),
    fallbackZone: 'UTC',
  };

  it('exports completed visits for a billing office and parses back to the expected rows', () => {
    const rows = [
      row({}),
      row({ id: 'v2', status: 40 }),
      row({ id: 'v3', status: 25 }),
      row({ id: 'v4', status: 10 }),
      row({ id: 'v5', status: 20 }),
      row({ id: 'v6', status: undefined }),
      row({
        id: 'v7',
        start: Date.UTC(2026, 10, 21, 14, 30) / 1000,
        room_code: 'elsewhere',
        patient_dob: null,
        currency: 'eur',
        amount: 1234.5,
        diagnosis_codes: [],
      }),
    ];
    expect(parseCsv(claimsCsv(rows, context))).toEqual([
      CLAIM_EXPORT_COLUMNS.map((c) => c.header),
      // 03:30 UTC on the 20th is still the 19th in the clinic's zone (New York).
      [
        'v1',
        '2026-11-20T03:30:00Z',
        '2026-11-19',
        'u1',
        'Sam Sample',
        '1988-04-12',
        'Dr. "Q"',
        'INS0001',
        'Sample, Plan',
        'XHM-1',
        'A01.1 B02',
        '90000',
        '55.00',
        'USD',
      ],
      // A room with no known zone: the viewer's zone; the row's own currency wins, upper case.
      [
        'v7',
        '2026-11-21T14:30:00Z',
        '2026-11-21',
        'u1',
        'Sam Sample',
        '',
        'Dr. "Q"',
        'INS0001',
        'Sample, Plan',
        'XHM-1',
        '',
        '90000',
        '1234.50',
        'EUR',
      ],
    ]);
    expect(CLAIM_EXPORT_COLUMNS.map((c) => c.header)).toEqual([
      'visit_id',
      'visit_start_utc',
      'service_date',
      'patient_id',
      'patient_name',
      'patient_dob',
      'provider_name',
      'insurer_code',
      'insurer_name',
      'subscriber_number',
      'diagnosis_codes',
      'procedure_codes',
      'amount',
      'currency',
    ]);
  });

  it('leaves cancelled and unfinished visits out of the export', () => {
    const rows = [10, 20, 25, 40].map((status, i) => row({ id: `open${i}`, status }));
    expect(parseCsv(claimsCsv(rows, context))).toEqual([CLAIM_EXPORT_COLUMNS.map((c) => c.header)]);
  });

  it('neutralises formula-looking text in the export, but not a negative amount', () => {
    const csv = claimsCsv(
      [row({ patient_name: '=HYPERLINK("http://x","y")', subscriber_number: '-123', amount: -5 })],
      context,
    );
    expect(csv).toContain('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csv).toContain('"\'-123"');
    expect(csv).toContain('"-5.00"');
    expect(parseCsv(csv)[1]?.[4]).toBe('=HYPERLINK("http://x","y")');
  });
});

describe('a patient’s cards for the clinic', () => {
  it('lets the clinic admin edit a patient’s card with the admin token', async () => {
    const view = renderRoute(paths.admin.userInsurance(seedQueuePatient(1)), { as: 'demo-admin' });
    view.session.setAdminToken('demo-admin-token');
    await view.user.click(await screen.findByRole('button', { name: 'Edit secondary card' }));
    const member = screen.getByRole('textbox', { name: /member id/i });
    await view.user.clear(member);
    await view.user.type(member, 'SEC-9000');
    await view.user.click(screen.getByRole('button', { name: 'Save secondary card' }));
    await screen.findByText('Secondary insurance saved.');
    expect(db.insuranceCards.get(`${seedQueuePatient(1)}:secondary`)?.subscriber_number).toBe('SEC-9000');
    expect(document.title).not.toMatch(/Alex|Sample/);
  });

  it('shows the cards read-only on the provider’s patient chart', async () => {
    renderRoute(paths.provider.patient(seedQueuePatient(1)), { as: 'demo-provider' });
    const section = await screen.findByRole('region', { name: 'Insurance' });
    await waitFor(() => expect(within(section).getByText('SEC-7781')).toBeVisible());
    expect(within(section).getByText('XHM48213907')).toBeVisible();
    expect(within(section).queryByRole('button', { name: /Edit|Remove|Add|Check/ })).toBeNull();
    expect(within(section).getByRole('heading', { name: 'Coverage check' })).toBeVisible();
  });

  it('shows the patient’s cards on the provider’s visit page, read-only', async () => {
    db.insuranceCards.set(`${SEED_USERS.patient}:primary`, {
      ...db.insuranceCards.get(`${seedQueuePatient(1)}:primary`)!,
      id: `${SEED_USERS.patient}:primary`,
    });
    renderRoute(paths.provider.visit(SEED_VISITS.completed), { as: 'demo-provider' });
    const section = await screen.findByRole('region', { name: 'Patient insurance' });
    await waitFor(() => expect(within(section).getByText('XHM48213907')).toBeVisible());
    expect(within(section).queryByRole('button', { name: /Edit|Remove|Add|Check/ })).toBeNull();
  });
});
