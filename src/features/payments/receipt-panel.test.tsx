import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';

describe('receipt on the visit page', () => {
  it('shows the patient what was paid, the coupon, the amount and the card', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    const receipt = await screen.findByRole('region', { name: 'Your payment' });
    expect(within(receipt).getByText('Standard consultation ($89.00)')).toBeInTheDocument();
    expect(within(receipt).getByText('WELCOME10 (10% off)')).toBeInTheDocument();
    expect(within(receipt).getByText('$80.10')).toBeInTheDocument();
    expect(within(receipt).getByText('Visa ending 4242')).toBeInTheDocument();
  });

  it('shows the provider the same receipt', async () => {
    renderRoute(`/provider/visits/${SEED_VISITS.upcoming}`, { as: 'demo-provider' });
    const receipt = await screen.findByRole('region', { name: 'Payment' });
    expect(within(receipt).getByText('$80.10')).toBeInTheDocument();
    expect(within(receipt).getByText('WELCOME10 (10% off)')).toBeInTheDocument();
  });

  it('shows nothing for a visit with nothing to pay', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.pending}`, { as: 'demo-patient' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Your payment' })).not.toBeInTheDocument();
  });

  it('offers a retry when the payment details cannot be loaded', async () => {
    server.use(
      http.post(api('/billing/invoices/process'), () =>
        HttpResponse.json({ code: 500, message: 'x' }, { status: 500 }),
      ),
    );
    renderRoute(`/patient/visits/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    const receipt = await screen.findByRole('region', { name: 'Your payment' });
    expect(within(receipt).getByRole('alert')).toHaveTextContent(
      'We could not load the payment details just now.',
    );
    expect(within(receipt).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
