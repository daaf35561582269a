import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMockProfile } from '@telehealth/mock/lib/profile';
import { maskedAddress } from './webhooks';
import { renderRoute } from '~test/render';

async function openWebhooks() {
  const utils = renderRoute('/admin/webhooks', { as: 'demo-admin' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
  return utils;
}

describe('the webhook page', () => {
  it('explains the contract and sends a test envelope the endpoint acknowledges', async () => {
    const { user, session, db } = await openWebhooks();
    expect(screen.getByText(/Answer with any 2xx within 30 seconds/)).toBeInTheDocument();
    session.setAdminToken('demo-admin-token');
    await user.click(await screen.findByRole('button', { name: 'Send a test event' }));
    expect(await screen.findByText('The test event was acknowledged.')).toBeInTheDocument();
    const receipts = [...db.webhookReceipts.values()];
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      account_code: 'demo',
      envelope: { type: 'visit.message.created', version: '1.0', account_code: 'demo' },
    });
  });

  it('asks for the token in place before sending, and again when it is refused', async () => {
    const { user, session, db } = await openWebhooks();
    expect(screen.getByText(/Sending a test event needs the clinic admin API token/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Clinic admin API token/), 'wrong-admin-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    await user.click(await screen.findByRole('button', { name: 'Send a test event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That token was refused');
    expect(session.getAdminToken()).toBeNull();
    expect(db.webhookReceipts.size).toBe(0);
  });
});

describe('the webhook delivery log', () => {
  afterEach(() => {
    setMockProfile(null);
    vi.unstubAllEnvs();
  });

  it('lists deliveries newest first with the answer and retries, and the address without its path', async () => {
    vi.stubEnv('MOCK_WEBHOOK_URL', 'https://hooks.clinic.example/secret-path-123');
    const { user, session, db } = await openWebhooks();
    db.webhookDeliveries.set('dlv_old', {
      id: 'dlv_old',
      account_code: 'demo',
      type: 'visit.created',
      sent: 1_700_000_000,
      status: null,
      attempt: 2,
    });
    db.webhookDeliveries.set('dlv_other', {
      id: 'dlv_other',
      account_code: 'other',
      type: 'visit.created',
      sent: 1_700_000_100,
      status: 200,
      attempt: 1,
    });
    session.setAdminToken('demo-admin-token');
    await user.click(await screen.findByRole('button', { name: 'Show recent deliveries' }));
    expect(
      await screen.findByText(
        'Events are sent to https://hooks.clinic.example/… (the rest of the address is hidden).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/secret-path-123/)).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Recent deliveries, newest first/ });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('cell', { name: 'No answer' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(within(table).queryByText('dlv_other')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a test event' }));
    expect(await screen.findByText('The test event was acknowledged.')).toBeInTheDocument();
    const [receipt] = [...db.webhookReceipts.values()];
    const testId = String(receipt?.envelope.id);
    expect(await within(table).findByText(testId)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText(testId)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '200 (acknowledged)' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('dlv_old')).toBeInTheDocument();
  });

  it('says the platform does not report deliveries on a server without the extension', async () => {
    setMockProfile('spec');
    const { session } = await openWebhooks();
    session.setAdminToken('demo-admin-token');
    // The account lists no extension: the log is never asked for, and the page says where it is.
    expect(
      await screen.findByText(/The platform does not report the webhook address or its deliveries here/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show recent deliveries' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test event' })).toBeInTheDocument();
  });

  it('hides the path of the address', () => {
    expect(maskedAddress('https://hooks.example/abc?x=1')).toBe('https://hooks.example/…');
    expect(maskedAddress('https://hooks.example')).toBe('https://hooks.example');
    expect(maskedAddress('not a url')).toBe('an address that is not a valid URL');
  });
});
