import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { server } from '@telehealth/mock/node';
import { renderRoute, type PersonaCode } from '~test/render';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';

// The route modules are lazy; load them once up front so the first test does not spend its
// findBy timeout on the transform.
beforeAll(async () => {
  await import('../patient/visit');
  await import('../provider/visit');
});

/** Every request to the message API, by its query (`sort=created:desc&limit=100` is the newest page). */
function recordThreadRequests() {
  const seen: URLSearchParams[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && /\/messaging\/api\/visits\/[^/]+\/messages$/.test(url.pathname))
      seen.push(url.searchParams);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return {
    all: () => seen.length,
    newestPages: () => seen.filter((q) => q.get('sort') === 'created:desc').length,
  };
}

describe('visit page loader: the e-consult thread', () => {
  // Each page's last text comes from a request made after the visit arrived: by then a thread
  // request would have been sent.
  it.each<[string, string, PersonaCode, string]>([
    [
      'the patient’s',
      `/patient/visits/${SEED_VISITS.walkInWaiting}`,
      'demo-patient',
      'You are number 3 in line (2 patients ahead of you).',
    ],
    [
      'the provider’s',
      `/provider/visits/${SEED_VISITS.walkInWaiting}`,
      'demo-provider',
      'Sneezing and itchy eyes, worse in the morning.',
    ],
  ])('sends no thread request on %s walk-in visit page', async (_whose, path, as, lastText) => {
    const requests = recordThreadRequests();
    renderRoute(path, { as });
    expect(await screen.findByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeInTheDocument();
    expect(await screen.findByText(lastText)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Messages' })).not.toBeInTheDocument();
    expect(requests.all()).toBe(0);
  });

  it('asks for the newest page of an e-consult’s thread once, and the thread takes that answer', async () => {
    const requests = recordThreadRequests();
    renderRoute(`/patient/visits/${SEED_VISITS.econsultOpen}`, { as: 'demo-patient' });
    // The history shows once the newest page has arrived (its rows need a layout jsdom has not).
    expect(await screen.findByRole('region', { name: 'Message history' })).toBeInTheDocument();
    expect(requests.newestPages()).toBe(1);
  });
});
