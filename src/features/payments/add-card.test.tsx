import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { configureAuth } from '@telehealth/client/http';
import { PaymentGatewayLoaderContext, type PaymentGateway } from '@/lib/payment-gateway';
import { fakeGateway } from '@/lib/payment-gateway/fake-gateway';
import { sessionFor } from '~test/render';
import { AddCard } from './add-card';

function renderWith(load: () => Promise<PaymentGateway>) {
  const token = sessionFor('demo-patient').token.token;
  configureAuth({
    getAccessToken: () => Promise.resolve(token),
    refreshAfterUnauthorized: () => Promise.reject(new Error('no refresh')),
    onSessionRejected: () => undefined,
    getAdminToken: () => null,
  });
  const onAdded = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PaymentGatewayLoaderContext value={load}>
        <AddCard scope={{ room_code: 'general' }} onAdded={onAdded} />
      </PaymentGatewayLoaderContext>
    </QueryClientProvider>,
  );
  return { onAdded };
}

describe('AddCard when the card processor cannot be reached', () => {
  it('says so with a retry instead of spinning, and works after the retry', async () => {
    let attempts = 0;
    renderWith(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(fakeGateway);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Card payments are unavailable right now');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: /Card details/ })).toBeInTheDocument();
    expect(attempts).toBe(2);
    configureAuth(null);
  });
});
