import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMockConfig } from '@telehealth/mock/lib/auth';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';

afterEach(() => {
  vi.useRealTimers();
});

async function openRecordings() {
  const utils = renderRoute('/admin/recordings', { as: 'demo-admin' });
  utils.session.setAdminToken('demo-admin-token');
  expect(await screen.findByRole('heading', { level: 1, name: 'Recordings' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Recordings of visits' });
  return { ...utils, table };
}

const openSpy = () => vi.spyOn(window, 'open').mockImplementation(() => null);
const openedUrls = (spy: ReturnType<typeof openSpy>) => spy.mock.calls.map((call) => String(call[0]));

describe('recordings (spec 4.12)', () => {
  it('lists recorded visits with participants, times and length, and filters by room', async () => {
    const { user, table } = await openRecordings();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const peds = within(table).getByRole('row', { name: /Recording 502/ });
    expect(peds).toHaveTextContent(/Logan \S+, Tomás Reyes/);
    expect(peds).toHaveTextContent('18 minutes');
    await user.selectOptions(screen.getByLabelText('Room'), 'pediatrics');
    await user.click(screen.getByRole('button', { name: 'Show recordings' }));
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).queryByRole('row', { name: /Recording 501/ })).not.toBeInTheDocument();
  });

  it('opens a recording through a fresh link, reuses it while valid and fetches a new one once it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setMockConfig({ recordingUrlSeconds: 60 });
    const spy = openSpy();
    const { user } = await openRecordings();
    const button = () => screen.getByRole('button', { name: 'Open Recording 502' });
    await user.click(button());
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    const [first] = openedUrls(spy);
    expect(first).toMatch(/^https:\/\/recordings\.example\.test\/demo\/vis_peds_recorded\/502\.mp4\?/);
    expect(spy.mock.calls[0]?.slice(1)).toEqual(['_blank', 'noopener,noreferrer']);

    await user.click(button());
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    expect(openedUrls(spy)[1]).toBe(first);

    vi.setSystemTime(Date.now() + 61_000);
    await user.click(button());
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(3));
    expect(openedUrls(spy)[2]).not.toBe(first);
    expect(openedUrls(spy)[2]).toMatch(/^https:\/\/recordings\.example\.test\//);
    // Nothing of the link is kept in browser storage.
    expect(JSON.stringify({ ...window.sessionStorage, ...window.localStorage })).not.toContain('recordings.');
  });

  it('refuses a link on a host the deployment does not allow', async () => {
    server.use(
      http.get('*/api_v3/visits/:id/recordings/:rid', () =>
        HttpResponse.json({
          id: 502,
          visit_id: SEED_VISITS.pedsRecorded,
          path: { url: 'https://evil.example.com/rec.mp4', expiry: Math.floor(Date.now() / 1000) + 600 },
        }),
      ),
    );
    const spy = openSpy();
    const { user } = await openRecordings();
    await user.click(screen.getByRole('button', { name: 'Open Recording 502' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('points to a site this portal does not trust');
    expect(spy).not.toHaveBeenCalled();
  });

  it('says so when the recording is gone', async () => {
    server.use(
      http.get('*/api_v3/visits/:id/recordings/:rid', () =>
        HttpResponse.json({ error: 'not_found', message: 'Recording not found' }, { status: 404 }),
      ),
    );
    const spy = openSpy();
    const { user } = await openRecordings();
    await user.click(screen.getByRole('button', { name: 'Open Recording 502' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find what you were looking for.',
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it('asks for the token again in place when it is refused', async () => {
    const spy = openSpy();
    const { user, session } = await openRecordings();
    session.setAdminToken('revoked-admin-token');
    await user.click(await screen.findByRole('button', { name: 'Open Recording 502' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That token was refused');
    expect(spy).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('active');
  });
});
