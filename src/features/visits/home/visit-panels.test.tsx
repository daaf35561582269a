import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { env } from '@/config/env';
import { db } from '@telehealth/mock/db';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { SEED_VISITS } from '@telehealth/mock/seed/ids';
import { renderRoute } from '~test/render';

/** The portal as built with `VITE_ACCOUNT_CODE=<code>`, for this test only. */
function portalOf(code: string) {
  const mutable = env as { VITE_ACCOUNT_CODE: string };
  const before = mutable.VITE_ACCOUNT_CODE;
  mutable.VITE_ACCOUNT_CODE = code;
  onTestFinished(() => {
    mutable.VITE_ACCOUNT_CODE = before;
  });
}

/** Every answer the mock gives during the test, as "METHOD /path status". */
function recordAnswers(): string[] {
  const answers: string[] = [];
  const listener = ({ request, response }: { request: Request; response: Response }) => {
    answers.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
  };
  server.events.on('response:mocked', listener);
  onTestFinished(() => server.events.removeListener('response:mocked', listener));
  return answers;
}

const failed = (answers: string[]) => answers.filter((a) => / [45]\d\d$/.test(a));
const panel = (name: string) => screen.findByRole('region', { name });
const PLACE_ERROR = 'We couldn’t check your place in line just now';

describe('waiting room panel on the home', () => {
  it('on the demo-quick portal, reads only that account’s rooms and shows no error', async () => {
    portalOf('demo-quick');
    const answers = recordAnswers();
    renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByText('Harborview Quick Care', { selector: 'strong' })).toBeInTheDocument();
    const now = within(await panel('See a provider now'));
    expect(await now.findByRole('link', { name: 'Start a walk-in visit in Quick care' })).toBeInTheDocument();

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(PLACE_ERROR)).not.toBeInTheDocument();
    expect(failed(answers)).toEqual([]);
    // Only demo-quick's own room is ever looked up.
    const roomReads = answers.filter((a) => a.includes('/rooms/'));
    expect(roomReads).not.toHaveLength(0);
    expect(roomReads.filter((a) => !a.includes('/api_v3/rooms/quick-care'))).toEqual([]);
  });

  it('names a visit in a room this account does not list "your clinic", without looking the room up', async () => {
    // Casey's walk-in, as if it were in another account's room.
    db.visits.get(SEED_VISITS.walkInWaiting)!.room_code = 'quick-care';
    const answers = recordAnswers();
    renderRoute('/patient', { as: 'demo-patient' });
    const waiting = within(await panel('In the waiting room'));
    expect(await waiting.findByRole('link', { name: 'Waiting in your clinic' })).toHaveAttribute(
      'href',
      `/patient/visits/${SEED_VISITS.walkInWaiting}`,
    );
    expect(waiting.getByRole('link', { name: 'Your provider is ready — join' })).toBeInTheDocument();
    expect(waiting.queryByRole('alert')).not.toBeInTheDocument();
    expect(waiting.queryByText(/ahead of you|next in line/)).not.toBeInTheDocument();
    expect(answers.filter((a) => a.includes('/rooms/quick-care'))).toEqual([]);
    expect(failed(answers)).toEqual([]);
  });

  it('names the room and the place in line of a walk-in in this account’s room', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    const waiting = within(await panel('In the waiting room'));
    expect(await waiting.findByRole('link', { name: 'Waiting in General practice' })).toBeInTheDocument();
    expect(await waiting.findByText('2 people are ahead of you.')).toBeInTheDocument();
  });

  it('says once that the place in line could not be checked, and checks again on request', async () => {
    // A read retries a 5xx three times, 1, 2 and 4 s apart: the clock is moved past them, not waited out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let isDown = true;
    let queueReads = 0;
    server.use(
      http.get(api('/rooms/:code/queue'), () => {
        queueReads += 1;
        return isDown ? HttpResponse.json({ error: 'boom' }, { status: 503 }) : undefined;
      }),
    );
    const { user } = renderRoute('/patient', {
      as: 'demo-patient',
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    const waiting = within(await panel('In the waiting room'));
    await waiting.findByRole('link', { name: 'Waiting in General practice' });
    for (const backoff of [1_000, 2_000, 4_000]) {
      await act(() => vi.advanceTimersByTimeAsync(backoff));
    }
    // Two walk-ins (one waiting, one with the provider already): only the waiting one asks.
    const alert = await waiting.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: PLACE_ERROR })).toBeInTheDocument();
    expect(waiting.getAllByRole('alert')).toHaveLength(1);
    expect(queueReads).toBe(4);

    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await waiting.findByText('2 people are ahead of you.')).toBeInTheDocument();
    expect(waiting.queryByRole('alert')).not.toBeInTheDocument();
  });
});
