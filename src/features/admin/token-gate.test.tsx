import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';

const outsideTheTab = () => JSON.stringify([{ ...window.localStorage }, document.cookie]);

describe('the clinic admin token', () => {
  it('survives a reload of the same tab, kept like the session and never in localStorage or the address', async () => {
    const view = renderRoute('/admin/rooms', { as: 'demo-admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rooms' })).toBeInTheDocument();
    await view.user.type(screen.getByLabelText(/Clinic admin API token/), 'demo-admin-token');
    await view.user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(JSON.stringify({ ...window.sessionStorage })).toContain('demo-admin-token');
    expect(outsideTheTab()).not.toContain('demo-admin-token');
    expect(view.router.state.location.search + view.router.state.location.hash).not.toContain('demo-admin');

    // A reload: a new session store, query client and router read this tab's storage again.
    view.unmount();
    view.session.dispose();
    const { session: reloadedSession } = renderRoute('/admin/rooms', { as: null });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Clinic admin API token/)).toBeNull();
    expect(reloadedSession.getAdminToken()).toBe('demo-admin-token');
    expect(outsideTheTab()).not.toContain('demo-admin-token');
  });

  it('is forgotten at sign-out, in memory and in the tab’s storage', async () => {
    const { user, session, unmount } = renderRoute('/admin/rooms', { as: 'demo-admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rooms' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Clinic admin API token/), 'demo-admin-token');
    await user.click(screen.getByRole('button', { name: 'Use this token' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(session.getAdminToken()).toBeNull();
    const stored = () =>
      JSON.stringify([{ ...window.sessionStorage }, { ...window.localStorage }, document.cookie]);
    expect(stored()).not.toContain('demo-admin-token');

    // Signing in again in the same tab asks for the token again.
    unmount();
    session.dispose();
    renderRoute('/admin/rooms', { as: 'demo-admin' });
    expect(await screen.findByLabelText(/Clinic admin API token/)).toBeInTheDocument();
  });
});
