import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';

describe('patient home', () => {
  it('greets the signed-in patient and names the clinic', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(await screen.findByText('Harborview Virtual Care', { selector: 'strong' })).toBeInTheDocument();
  });

  it('keeps the patient’s name out of the tab title and isolates it from bidi controls', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome, Casey' });
    expect(within(heading).getByText('Casey', { selector: 'bdi' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Home/);
    expect(document.title).not.toMatch(/Casey/);
  });

  it('sends a signed-out visitor to sign in with a return path', async () => {
    const { router } = renderRoute('/patient?tab=1', { as: null });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/patient?tab=1');
  });

  it('sends a provider who opens the patient area to the provider dashboard', async () => {
    renderRoute('/patient', { as: 'demo-provider' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
