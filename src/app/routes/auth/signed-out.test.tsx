import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '@telehealth/mock/node';
import { api } from '@telehealth/mock/lib/routes';
import { renderRoute } from '~test/render';

describe('the signed-out page', () => {
  it('D18: a signed-in user sent here by a link is not told they are signed out', async () => {
    const { router } = renderRoute('/signed-out?reason=idle', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient');
    expect(screen.queryByText(/signed out/i)).not.toBeInTheDocument();
  });

  it('D3: an idle sign-out the clinic could not confirm says so', async () => {
    server.use(http.post(api('/users/logout'), () => HttpResponse.error()));
    const { session } = renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    await session.signOut('idle');
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('no activity');
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
  });
});
