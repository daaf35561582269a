import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { db } from '@/mocks/db';
import { renderRoute } from '~test/render';
import { parseCsv } from './csv';
import { CLAIM_COLUMNS, claimsCsv, last30Days } from './claims-report';
import { SEED_USERS, SEED_VISITS, seedQueuePatient } from '@/mocks/seed/ids';

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

  it('writes the CSV with the table’s words and neutralises formula-looking names', () => {
    const rows = [
      {
        id: 'v1',
        start: 1_795_000_000,
        status: 30,
        member_id: 'u1',
        patient_name: '=HYPERLINK("http://x","y")',
        provider_name: 'Dr. "Q"',
        insurer_code: 'INS0001',
        insurer_name: 'Sample, Plan',
        subscriber_number: '-123',
        diagnosis_codes: ['A01.1'],
        procedure_codes: ['90000'],
        amount: 55,
      },
    ];
    const csv = claimsCsv(rows, 'America/New_York');
    expect(csv).toContain('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csv).toContain('"\'-123"');
    expect(parseCsv(csv)).toEqual([
      CLAIM_COLUMNS.map((c) => c.label),
      CLAIM_COLUMNS.map((c) => c.text(rows[0]!, 'America/New_York')),
    ]);
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
