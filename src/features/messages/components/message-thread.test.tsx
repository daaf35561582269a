/* eslint-disable testing-library/no-node-access -- these cases check DOM structure (no elements inside a bubble, <bdi>, dir, rows kept by the virtualiser) that roles cannot express */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { messageQueries } from '@/api/messages/queries';
import { resetAttention, setAttentionPrefs } from '@/components/attention';
import { createSessionStore } from '@/lib/session';
import { MemoryStorage } from '@/lib/session/test-support';
import { db, type VisitRecord } from '@telehealth/mock/db';
import { appendMessage } from '@telehealth/mock/handlers/messages';
import { server } from '@telehealth/mock/node';
import { renderRoute, sessionFor } from '~test/render';
import { draftKey } from '../drafts';
import { POLL_BASE_MS, POLL_MAX_MS } from '../thread-controller';
import { SEED_USERS, SEED_VISITS } from '@telehealth/mock/seed/ids';

const OPEN = SEED_VISITS.econsultOpen;
const CLOSED = SEED_VISITS.econsultClosed;
const OPEN_PATH = `/patient/visits/${OPEN}`;
const THREAD_URL = '*/messaging/api/visits/:id/messages';

// jsdom has no layout. The virtualiser reads the scroll box from clientHeight/clientWidth and
// each row from offsetHeight: a 600 px box and short rows, so a small thread fits.
let rowHeight = 10;
const stubbed = ['clientHeight', 'clientWidth', 'offsetHeight'] as const;
const descriptors = Object.fromEntries(
  stubbed.map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
);
beforeEach(() => {
  rowHeight = 10;
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => rowHeight });
});
afterEach(() => {
  for (const key of stubbed) {
    const d = descriptors[key];
    if (d) Object.defineProperty(HTMLElement.prototype, key, d);
  }
});

/** The thread as the mock stores it, oldest first. */
const stored = (visitId: string) =>
  [...db.messages.values()]
    .filter((m) => m.visit_id === visitId)
    .sort((a, b) => Number(a.created) - Number(b.created));

/** Advances the fake clock and lets the requests it starts settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Focuses the window, then skips the clock past the longest poll interval: a thread that still
 * polled would have asked again by then. No real time passes.
 */
async function focusAndWaitOutPolls() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  fireEvent.focus(window);
  await advance(POLL_MAX_MS * 2);
  await new Promise((resolve) => setImmediate(resolve));
  vi.useRealTimers();
}

/** Records every message-API request the app makes. */
function recordRequests() {
  const seen: { method: string; url: URL }[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname.includes('/messaging/')) seen.push({ method: request.method, url });
  };
  server.events.on('request:start', listener);
  return {
    seen,
    gets: () => seen.filter((r) => r.method === 'GET'),
    posts: () => seen.filter((r) => r.method === 'POST'),
    stop: () => server.events.removeListener('request:start', listener),
  };
}

async function openThread(
  path = OPEN_PATH,
  as: 'demo-patient' | 'demo-provider' = 'demo-patient',
  firstText = /A small mole on my shoulder/,
) {
  const utils = renderRoute(path, { as });
  const history = await screen.findByRole('region', { name: 'Message history' });
  await within(history).findByText(firstText);
  return { ...utils, history };
}

const visit = (id: string) => db.visits.get(id) as VisitRecord;
const patient = () => db.users.get(SEED_USERS.patient)!;
const provider = () => db.users.get(SEED_USERS.provider)!;

describe('e-consult thread: reading', () => {
  it('shows the thread oldest first with author, role and time in the viewer’s zone', async () => {
    const { history } = await openThread(
      `/patient/visits/${CLOSED}`,
      'demo-patient',
      /Hello, I have had an itchy rash/,
    );
    const articles = await within(history).findAllByRole('article');
    expect(articles).toHaveLength(5);
    expect(articles[0]).toHaveTextContent('Casey Morgan (you)');
    expect(articles[1]).toHaveTextContent('Dr. Elena Marchetti · Provider');
    expect(within(articles[1]!).getByText(/Has the rash spread/)).toBeInTheDocument();
    expect(articles[0]!.querySelector('time')?.textContent).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M \S+/);
    // Completed: history readable, composer replaced.
    expect(screen.getByText('This consultation is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });

  it('renders hostile content strictly as text, with a constant structure per bubble (case C20)', async () => {
    const pool = [
      '<img src=x onerror="window.__xss(1)">',
      '<script>window.__xss(2)</script>',
      '"><svg onload=window.__xss(3)>',
      '<a href="javascript:window.__xss(4)">click</a>',
      '<iframe srcdoc="<script>parent.__xss(5)</script>">',
      '{{constructor.constructor("window.__xss(6)")()}}',
      '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss(7)>',
    ];
    const generated = fc.sample(
      fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => s.trim() !== ''),
      { numRuns: 40, seed: 20 },
    );
    const payloads = [...pool, ...generated];
    const trap = vi.fn();
    (window as unknown as { __xss: unknown }).__xss = trap;
    for (const content of payloads) appendMessage(visit(OPEN), provider(), content, { quiet: true });
    const { history } = await openThread();
    await waitFor(() =>
      expect(within(history).getAllByRole('article').length).toBeGreaterThanOrEqual(payloads.length),
    );
    const texts = [...history.querySelectorAll('.msg-text')];
    for (const content of payloads) {
      const bubble = texts.find((el) => el.textContent === content);
      expect(bubble, JSON.stringify(content)).toBeDefined();
      expect(bubble!.children).toHaveLength(0);
      expect(bubble!.getAttribute('dir')).toBe('auto');
    }
    expect(history.querySelectorAll('img, script, svg, iframe, a[href]')).toHaveLength(0);
    expect(trap).not.toHaveBeenCalled();
    delete (window as unknown as { __xss?: unknown }).__xss;
  });

  it('isolates bidi text so an RLO in the content or a name cannot flip author and time (case C21)', async () => {
    const tricky = [
      '\u202Egnp.exe',
      'a\u2066b\u2069c',
      '👩‍⚕️ ok',
      'Z̷̢͔a̴l̶g̸o',
      '𝒜𝓈𝓉𝓇𝒶𝓁',
      'x'.repeat(10_000),
      'line1\r\nline2',
      'nul\u0000char',
      'lone\ud800',
    ];
    const derm = db.users.get(SEED_USERS.derm)!;
    const renamed = { ...derm, full_name: '\u202EDr. Flipped', title: '' };
    for (const content of tricky) appendMessage(visit(OPEN), renamed, content, { quiet: true });
    const { history } = await openThread();
    await waitFor(() =>
      expect(within(history).getAllByRole('article').length).toBeGreaterThanOrEqual(tricky.length + 1),
    );
    const articles = within(history).getAllByRole('article');
    for (const article of articles) {
      expect(article.querySelector('.msg-author')?.tagName).toBe('BDI');
      expect(article.querySelector('.msg-text')?.getAttribute('dir')).toBe('auto');
      // Author, time and text are separate elements: nothing in the text can reorder the others.
      const meta = article.querySelector('.msg-meta');
      expect(meta?.querySelector('time')).not.toBeNull();
    }
    const texts = [...history.querySelectorAll('.msg-text')].map((el) => el.textContent);
    for (const content of tricky) expect(texts).toContain(content);
  });
});

describe('e-consult thread: sending', () => {
  it('shows a sent message at once as sending, then sent, and stores it once', async () => {
    const { user, history } = await openThread();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(box, 'It is about 5 mm wide.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(history).findByText('It is about 5 mm wide.')).toBeInTheDocument();
    await waitFor(() => expect(within(history).getByText('Sent')).toBeInTheDocument());
    expect(box).toHaveValue('');
    expect(stored(OPEN).map((m) => m.content)).toEqual([
      'A small mole on my shoulder looks darker than last year. Should I be worried?',
      'It is about 5 mm wide.',
    ]);
    await waitFor(() => expect(within(history).getAllByText('It is about 5 mm wide.')).toHaveLength(1));
  });

  it('refuses empty content before sending', async () => {
    const requests = recordRequests();
    const { user } = await openThread();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message before sending.')).toBeInTheDocument();
    expect(requests.posts()).toHaveLength(0);
    expect(stored(OPEN)).toHaveLength(1);
    requests.stop();
  });

  it('shows a counter near the limit and refuses text over it', async () => {
    const { user } = await openThread();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.change(box, { target: { value: 'a'.repeat(4990) } });
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(5003) } });
    expect(screen.getByText('3 characters over the limit')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/at most 5000 characters/)).toBeInTheDocument();
    expect(stored(OPEN)).toHaveLength(1);
  });

  it.each([
    ['a double click', 'dblclick'],
    ['two clicks in the same tick', 'two-clicks'],
    ['Enter then a click', 'enter-click'],
  ] as const)('stores and shows one message after %s on Send (case D28)', async (_name, how) => {
    const { user, history } = await openThread();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Only once please');
    const send = screen.getByRole('button', { name: 'Send' });
    if (how === 'dblclick') await user.dblClick(send);
    if (how === 'two-clicks') {
      act(() => {
        send.click();
        send.click();
      });
    }
    if (how === 'enter-click') {
      act(() => {
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        send.click();
      });
    }
    await waitFor(() => expect(within(history).getByText('Sent')).toBeInTheDocument());
    expect(stored(OPEN).filter((m) => m.content === 'Only once please')).toHaveLength(1);
    expect(within(history).getAllByText('Only once please')).toHaveLength(1);
  });

  it('reconciles a send whose answer was lost after the server stored it, without a second copy (case D30)', async () => {
    const requests = recordRequests();
    server.use(
      http.post(
        THREAD_URL,
        ({ params }) => {
          appendMessage(visit(String(params.id)), patient(), 'Did this arrive?');
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const { user, history } = await openThread();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Did this arrive?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The next poll finds the stored copy: the bubble becomes the stored message, shown once.
    await waitFor(() => expect(within(history).getByText('Sent')).toBeInTheDocument());
    expect(within(history).getAllByText('Did this arrive?')).toHaveLength(1);
    expect(stored(OPEN).filter((m) => m.content === 'Did this arrive?')).toHaveLength(1);
    expect(requests.posts()).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
    requests.stop();
  });

  it('re-polls before re-sending when Retry is pressed after an unknown outcome, and sends once if it was not stored (case D30)', async () => {
    const requests = recordRequests();
    // The connection dies before the server stores anything, and the polls fail too.
    const { user, history } = await openThread();
    server.use(
      http.post(THREAD_URL, () => HttpResponse.error(), { once: true }),
      http.get(THREAD_URL, () => HttpResponse.error(), { once: true }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Second try');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(history).findByText(/Not confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Second try');
    const before = requests.seen.length;
    await user.click(within(history).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(history).getByText('Sent')).toBeInTheDocument());
    const after = requests.seen.slice(before).map((r) => r.method);
    expect(after.indexOf('GET')).toBeLessThan(after.indexOf('POST'));
    expect(stored(OPEN).filter((m) => m.content === 'Second try')).toHaveLength(1);
    expect(within(history).getAllByText('Second try')).toHaveLength(1);
    requests.stop();
  });
});

describe('e-consult thread: attachments', () => {
  it('uploads a file first, then sends its id with the message, and shows it as a downloadable file', async () => {
    const { user, history } = await openThread();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'shoulder.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(screen.getByLabelText('Attach files'), photo);
    await screen.findByRole('button', { name: 'Remove shoulder.jpg from this list' });
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Photo attached');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(history).getByText('Sent')).toBeInTheDocument());
    const message = stored(OPEN).at(-1)!;
    expect(message.content).toBe('Photo attached');
    const ids = message.attachment_ids;
    expect(ids).toHaveLength(1);
    expect(db.files.get(ids[0]!)).toMatchObject({ name: 'shoulder.jpg' });
    expect(await within(history).findByRole('button', { name: 'Download shoulder.jpg' })).toBeInTheDocument();
    // The uploader is cleared for the next message.
    expect(
      screen.queryByRole('button', { name: 'Remove shoulder.jpg from this list' }),
    ).not.toBeInTheDocument();
  });
});

describe('e-consult thread: drafts (case D36)', () => {
  it('keeps a draft per thread across navigation and a remount, and drops it only when the message is confirmed', async () => {
    const first = await openThread();
    await first.user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Half-written question');
    await act(() => first.router.navigate(`/patient/visits/${SEED_VISITS.econsultClosed}`));
    await screen.findByText(/This consultation is closed/);
    expect(window.sessionStorage.getItem(draftKey(SEED_USERS.patient, OPEN))).toBe('Half-written question');
    await act(() => first.router.navigate(OPEN_PATH));
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toHaveValue('Half-written question');
    first.unmount();

    const second = await openThread();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    expect(box).toHaveValue('Half-written question');
    await second.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(window.sessionStorage.getItem(draftKey(SEED_USERS.patient, OPEN))).toBeNull();
  });

  it('keeps the text when the send is refused', async () => {
    server.use(
      http.post(
        THREAD_URL,
        () => HttpResponse.json({ code: 400, message: 'content is required' }, { status: 400 }),
        { once: true },
      ),
    );
    const { user, history } = await openThread();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Please keep me');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Your message was not sent/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Please keep me');
    expect(within(history).getByText(/Not sent/)).toBeInTheDocument();
    await waitFor(() =>
      expect(window.sessionStorage.getItem(draftKey(SEED_USERS.patient, OPEN))).toBe('Please keep me'),
    );
    expect(stored(OPEN)).toHaveLength(1);
  });

  it('keeps every typed word on screen behind the sign-in-again prompt when the refresh is refused, and sends it once the session is back', async () => {
    const { user, session } = await openThread();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Is the swelling normal?');
    // The server ends the session: the access token and the refresh are both refused.
    db.tokens.get(session.tokens!.accessToken)!.revoked = true;
    db.tokens.get(session.tokens!.refreshToken)!.revoked = true;
    fireEvent.focus(window);

    expect(await screen.findByRole('dialog', { name: 'Your session has ended' })).toBeInTheDocument();
    expect(await screen.findByText(/what you typed is kept here/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Is the swelling normal?');

    // Signing in again in another tab brings the thread back, text and all, and it sends.
    const other = createSessionStore(new MemoryStorage());
    onTestFinished(() => other.dispose());
    other.signIn(sessionFor('demo-patient'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(/what you typed is kept here/)).not.toBeInTheDocument());
    const again = screen.getByRole('textbox', { name: 'Your message' });
    expect(again).toHaveValue('Is the swelling normal?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stored(OPEN).at(-1)?.content).toBe('Is the swelling normal?'));
  });

  it('wipes drafts at sign-out', async () => {
    const { user, session } = await openThread();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Private draft');
    await waitFor(() =>
      expect(window.sessionStorage.getItem(draftKey(SEED_USERS.patient, OPEN))).toBe('Private draft'),
    );
    await act(() => session.signOut());
    expect(Object.keys(window.sessionStorage).filter((k) => k.includes('message-draft'))).toEqual([]);
  });
});

describe('e-consult thread: server refusals', () => {
  it.each([
    ['{code, message}', { code: 409, message: 'Visit is closed for new messages' }],
    ['{error, message}', { error: 'conflict', message: 'Visit is closed for new messages' }],
  ])(
    'turns the composer into a closed notice on 409 %s, keeps the draft copyable and the history readable (case E45)',
    async (_shape, body) => {
      const requests = recordRequests();
      server.use(http.post(THREAD_URL, () => HttpResponse.json(body, { status: 409 })));
      const { user, history } = await openThread();
      await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'One more question');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('This consultation is closed.')).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Your unsent message/ })).toHaveValue('One more question');
      expect(within(history).getByText(/A small mole/)).toBeInTheDocument();
      expect(requests.posts()).toHaveLength(1);
      const gets = requests.gets().length;
      // No more polling, even on focus.
      await focusAndWaitOutPolls();
      expect(requests.gets()).toHaveLength(gets);
      expect(stored(OPEN)).toHaveLength(1);
      requests.stop();
    },
  );

  it('stops polling when a poll answers 409', async () => {
    const requests = recordRequests();
    const { history } = await openThread();
    server.use(
      http.get(THREAD_URL, () =>
        HttpResponse.json(
          { error: 'conflict', message: 'Visit is closed for new messages' },
          { status: 409 },
        ),
      ),
    );
    fireEvent.focus(window);
    expect(await screen.findByText('This consultation is closed.')).toBeInTheDocument();
    expect(within(history).getByText(/A small mole/)).toBeInTheDocument();
    const gets = requests.gets().length;
    await focusAndWaitOutPolls();
    expect(requests.gets()).toHaveLength(gets);
    requests.stop();
  });

  it('shows "no access" on 403, stops polling, keeps the session and drops the cached thread (case E46)', async () => {
    const requests = recordRequests();
    const { queryClient, session } = await openThread();
    expect(queryClient.getQueryData(messageQueries.thread(OPEN))).toBeDefined();
    server.use(
      http.get(THREAD_URL, () =>
        HttpResponse.json({ code: 403, message: 'Not a participant on this visit' }, { status: 403 }),
      ),
    );
    fireEvent.focus(window);
    expect(await screen.findByText(/not taking part in this consultation/)).toBeInTheDocument();
    expect(screen.queryByText(/A small mole/)).not.toBeInTheDocument();
    expect(queryClient.getQueryData(messageQueries.thread(OPEN))).toBeUndefined();
    expect(session.getState().status).toBe('active');
    const gets = requests.gets().length;
    await focusAndWaitOutPolls();
    expect(requests.gets()).toHaveLength(gets);
    requests.stop();
  });

  it('shows its own plain message for 404', async () => {
    server.use(
      http.get(THREAD_URL, () =>
        HttpResponse.json({ code: 404, message: 'Visit not found' }, { status: 404 }),
      ),
    );
    renderRoute(OPEN_PATH, { as: 'demo-patient' });
    expect(await screen.findByText(/could not find the messages of this consultation/)).toBeInTheDocument();
  });
});

describe('e-consult thread: new replies', () => {
  it('shows a provider reply without a reload, announces who wrote it (not what) and polls with skip = messages held (case E44)', async () => {
    const requests = recordRequests();
    const { history } = await openThread();
    appendMessage(visit(OPEN), provider(), 'Please send a photo of it.');
    fireEvent.focus(window);
    expect(await within(history).findByText('Please send a photo of it.')).toBeInTheDocument();
    const live = screen
      .getAllByRole('status')
      .find((el) => el.getAttribute('aria-live') === 'polite' && el.textContent?.startsWith('New message'));
    expect(live).toHaveTextContent('New message from Dr. Samira Okafor');
    expect(live?.textContent).not.toContain('photo');
    const pollSkips = requests
      .gets()
      .filter((r) => r.url.searchParams.get('limit') === '200')
      .map((r) => Number(r.url.searchParams.get('skip')));
    expect(pollSkips).toContain(1);
    expect(stored(OPEN)).toHaveLength(2);
    requests.stop();
  });

  it('lets the assigned provider read the thread and reply as a provider', async () => {
    const { user, history } = await openThread(`/provider/visits/${OPEN}`, 'demo-provider');
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Please book an in-person check.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(history).getByText('Sent')).toBeInTheDocument());
    expect(stored(OPEN).at(-1)).toMatchObject({
      content: 'Please book an in-person check.',
      type: 'provider_message',
      actor: { id: SEED_USERS.provider, type: 400 },
    });
  });
});

describe('e-consult thread: polling lifecycle (case E47)', () => {
  it('pauses while the page is hidden (the provider’s view), catches up at once when shown, and stops on unmount and sign-out', async () => {
    // The poll runs on a fake clock; it still moves with real time so the mock's answers and
    // Testing Library's own waits go on, but the test jumps over poll intervals instead of sleeping.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const requests = recordRequests();
    // The patient's open e-consult polls on in a hidden tab (next test); the provider's does not.
    const { unmount } = await openThread(`/provider/visits/${OPEN}`, 'demo-provider');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    const hiddenAt = requests.gets().length;
    appendMessage(visit(OPEN), provider(), 'Sent while you were away');
    await advance(POLL_BASE_MS * 3);
    expect(requests.gets()).toHaveLength(hiddenAt);
    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    expect(await screen.findByText('Sent while you were away')).toBeInTheDocument();
    // While visible it does poll on its own: the clock, not the test, is what is being skipped.
    const visibleAt = requests.gets().length;
    await advance(POLL_BASE_MS + 100);
    await waitFor(() => expect(requests.gets().length).toBeGreaterThan(visibleAt));
    unmount();
    const unmountedAt = requests.gets().length;
    await advance(POLL_MAX_MS * 2);
    expect(requests.gets()).toHaveLength(unmountedAt);

    // Sign-out: a thread open again polls on its own, then signing out stops it for good.
    const again = await openThread();
    const openedAt = requests.gets().length;
    await advance(POLL_BASE_MS + 100);
    await waitFor(() => expect(requests.gets().length).toBeGreaterThan(openedAt));
    await act(() => again.session.signOut());
    expect(again.session.getState().status).not.toBe('active');
    const signedOutAt = requests.gets().length;
    await advance(POLL_MAX_MS * 2);
    expect(requests.gets()).toHaveLength(signedOutAt);
    expect(again.queryClient.getQueryData(messageQueries.thread(OPEN))).toBeUndefined();
    requests.stop();
  });
  it('keeps polling the patient’s open e-consult in a hidden tab and alerts once when a reply comes', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const shown: { title: string; options?: NotificationOptions }[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        onclick: (() => void) | null = null;
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, options });
        }
        close() {}
      },
    );
    setAttentionPrefs({ optedIn: true });
    onTestFinished(() => {
      vi.unstubAllGlobals();
      resetAttention();
    });
    const requests = recordRequests();
    await openThread();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    const hiddenAt = requests.gets().length;
    appendMessage(visit(OPEN), provider(), 'A reply while you were away');
    await advance(POLL_BASE_MS * 2);
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(requests.gets().length).toBeGreaterThan(hiddenAt);
    // The clinic's name and a plain sentence: no sender, no content.
    expect(shown[0]).toEqual({
      title: 'Harborview Virtual Care',
      options: {
        body: 'You have a new message from the clinic',
        tag: `visit-message-${OPEN}`,
        icon: '/favicon.svg',
      },
    });
    expect(document.title).toMatch(/^● New message · /);
    await advance(POLL_BASE_MS * 2);
    expect(shown).toHaveLength(1);

    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    expect(document.title).not.toMatch(/^●/);
    expect(await screen.findByText('A reply while you were away')).toBeInTheDocument();
    requests.stop();
  });
});

describe('e-consult thread: a 10,000-message thread (case F50)', () => {
  it('loads only the newest page, keeps few rows in the DOM and polls with skip = 10000', async () => {
    rowHeight = 90;
    const requests = recordRequests();
    const v = visit(OPEN);
    const p = patient();
    const pr = provider();
    const start = Date.now() / 1000 - 20_000;
    for (let i = 0; i < 9_999; i += 1)
      appendMessage(v, i % 2 ? p : pr, `Bulk message ${i}`, { quiet: true, created: start + i });
    const { history } = await openThread(OPEN_PATH, 'demo-patient', /^Bulk message 9998$/);
    expect(stored(OPEN)).toHaveLength(10_000);
    const first = requests.gets()[0]!;
    expect(first.url.searchParams.get('limit')).toBe('100');
    expect(history.querySelectorAll('.thread-row').length).toBeLessThan(300);
    fireEvent.focus(window);
    await waitFor(() =>
      expect(
        requests
          .gets()
          .some(
            (r) => r.url.searchParams.get('skip') === '10000' && r.url.searchParams.get('limit') === '200',
          ),
      ).toBe(true),
    );
    expect(history.querySelector('.thread-row')?.getAttribute('aria-setsize')).toBe('100');
    appendMessage(v, pr, 'Message ten thousand and one');
    fireEvent.focus(window);
    await waitFor(() =>
      expect(history.querySelector('.thread-row')?.getAttribute('aria-setsize')).toBe('101'),
    );
    expect(stored(OPEN)).toHaveLength(10_001);
    expect(history.querySelectorAll('.thread-row').length).toBeLessThan(300);
    requests.stop();
  });
});
