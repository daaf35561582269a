import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
