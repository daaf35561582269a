import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';

describe('the clinic admin token', () => {
  it('is forgotten at sign-out and never written to browser storage', async () => {
    const { user, session } = renderRoute('/admin/rooms', { as: 'demo-admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rooms' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Clinic admin API token/), 'demo-admin-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const stored = () =>
      JSON.stringify([{ ...window.sessionStorage }, { ...window.localStorage }, document.cookie]);
    expect(stored()).not.toContain('demo-admin-token');

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(session.getAdminToken()).toBeNull();
    expect(stored()).not.toContain('demo-admin-token');
  });
});
