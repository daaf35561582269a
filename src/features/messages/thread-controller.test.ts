import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@telehealth/client/errors';
import type {
  PostMessageInput,
  VisitMessage,
  VisitMessageListParams,
  VisitMessagePage,
} from '@telehealth/client/messages/schemas';
import { POLL_BASE_MS, POLL_MAX_MS, ThreadController, type ThreadDeps } from './thread-controller';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const SELF = SEED_USERS.patient;
const OTHER = SEED_USERS.provider;

/** A small model of the message API: append-only, oldest first, `skip`/`limit`/`sort`. */
class FakeServer {
  messages: VisitMessage[] = [];
  private seq = 0;
  private clock = 1_700_000_000;
  closed = false;

  constructor(initial = 0) {
    for (let i = 0; i < initial; i += 1) this.append(i % 2 ? SELF : OTHER, `seed ${i}`);
  }

  append(author: string, content: string): VisitMessage {
    this.seq += 1;
    this.clock += 1.5;
    const message: VisitMessage = {
      id: `m${this.seq}`,
      type: author === SELF ? 'patient_message' : 'provider_message',
      actor: {
        id: author,
        type: author === SELF ? 200 : 400,
        display_name: author === SELF ? 'Casey Morgan' : 'Dr. Samira Okafor',
      },
      content,
      created: this.clock,
    };
    this.messages.push(message);
    return message;
  }

  /** The server loses messages (an operator deleted some): clients must resync. */
  shrink(count: number): void {
    this.messages.splice(Math.max(0, this.messages.length - count), count);
  }

  list(params: VisitMessageListParams): VisitMessagePage {
    const desc = params.sort === 'created:desc' || params.order === 'desc';
    const ordered = desc ? [...this.messages].reverse() : this.messages;
    const limit = params.limit ?? 25;
    const skip = params.skip ?? 0;
    return { data: ordered.slice(skip, skip + limit), total_count: this.messages.length };
  }

  post(input: PostMessageInput): VisitMessage {
    if (this.closed)
      throw new ApiError({
        kind: 'http',
        status: 409,
        code: 409,
        serverMessage: 'Visit is closed for new messages',
      });
    return this.append(SELF, input.content);
  }

  copies(content: string): number {
    return this.messages.filter((m) => m.content === content).length;
  }
}

const lost = () => new ApiError({ kind: 'network' });

/** What the screen shows: held messages, then outgoing bubbles not yet matched to a held copy. */
function shown(controller: ThreadController): string[] {
  const snapshot = controller.getSnapshot();
  const held = new Set(snapshot.messages.map((m) => m.id));
  return [
    ...snapshot.messages.map((m) => m.content),
    ...snapshot.outgoing.filter((o) => !(o.serverId && held.has(o.serverId))).map((o) => o.content),
  ];
}

function makeController(deps: Partial<ThreadDeps> & Pick<ThreadDeps, 'list' | 'post'>) {
  return new ThreadController({ selfId: SELF, ...deps });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('thread controller: polling with skip (case E44)', () => {
  type Op =
    | { kind: 'append'; count: number }
    | { kind: 'send'; text: string }
    | { kind: 'poll' }
    | { kind: 'shrink'; count: number };

  async function runScenario(s: fc.Scheduler, ops: Op[], initial: number) {
    const server = new FakeServer(initial);
    let inFlightPolls = 0;
    let maxInFlight = 0;
    const skips: { skip: number; held: number }[] = [];
    const holder: { controller?: ThreadController } = {};
    const list = s.scheduleFunction(async (params: VisitMessageListParams) =>
      Promise.resolve(server.list(params)),
    );
    const deps: ThreadDeps = {
      selfId: SELF,
      list: async (params) => {
        // Polls carry no order; history pages and the tail check ask for `asc` explicitly.
        const isPoll = params.skip !== undefined && params.order === undefined;
        if (isPoll) {
          skips.push({ skip: params.skip ?? 0, held: holder.controller?.held ?? -1 });
          inFlightPolls += 1;
          maxInFlight = Math.max(maxInFlight, inFlightPolls);
        }
        try {
          return await list(params);
        } finally {
          if (isPoll) inFlightPolls -= 1;
        }
      },
      post: s.scheduleFunction(async (input: PostMessageInput) => Promise.resolve(server.post(input))),
    };
    const controller = new ThreadController(deps);
    holder.controller = controller;
    controller.start();
    const sent = new Set<string>();
    for (const o of ops) {
      void s.schedule(Promise.resolve(o.kind)).then(async () => {
        if (o.kind === 'append')
          for (let i = 0; i < o.count; i += 1) server.append(OTHER, `other ${server.messages.length}`);
        if (o.kind === 'shrink') server.shrink(o.count);
        if (o.kind === 'poll') await controller.poll();
        if (o.kind === 'send' && !sent.has(o.text)) {
          sent.add(o.text);
          await controller.send(o.text);
        }
      });
    }
    await s.waitAll();
    // Settle: the window gets focus (the tail is checked), then polls until caught up.
    for (let i = 0; i < 4; i += 1) {
      const p = controller.poll({ verify: i === 0 });
      await s.waitFor(p);
      await s.waitAll();
    }
    const heldIds = controller.getSnapshot().messages.map((m) => m.id);
    expect(new Set(heldIds).size).toBe(heldIds.length);
    for (const { skip, held } of skips) expect(skip).toBe(held);
    expect(maxInFlight).toBeLessThanOrEqual(1);
    controller.stop();
    return { server, controller, sent };
  }

  const appendOrSendOrPoll: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('append' as const), count: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ kind: fc.constant('send' as const), text: fc.string({ minLength: 1, maxLength: 6 }) }),
    fc.record({ kind: fc.constant('poll' as const) }),
  );

  it('keeps the client list equal to the server list through random appends, sends and overlapping polls', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(appendOrSendOrPoll, { maxLength: 12 }),
        fc.integer({ min: 0, max: 260 }),
        async (s, ops, initial) => {
          const { server, controller, sent } = await runScenario(s, ops, initial);
          const snapshot = controller.getSnapshot();
          expect(snapshot.messages.map((m) => m.id)).toEqual(
            server.messages.slice(snapshot.start).map((m) => m.id),
          );
          expect(controller.held).toBe(server.messages.length);
          // Every message sent shows exactly once (its bubble gave way to the stored copy).
          for (const text of sent)
            expect(shown(controller).filter((c) => c === text)).toHaveLength(server.copies(text));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never holds a message twice or polls with a skip other than the count held when the server count shrinks', async () => {
    const withShrinks = fc.oneof(
      appendOrSendOrPoll,
      fc.record({ kind: fc.constant('shrink' as const), count: fc.integer({ min: 1, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(withShrinks, { maxLength: 12 }),
        fc.integer({ min: 0, max: 260 }),
        async (s, ops, initial) => {
          await runScenario(s, ops, initial);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('resyncs from the newest page when the server count shrinks', async () => {
    const server = new FakeServer(30);
    const controller = makeController({
      list: (p) => Promise.resolve(server.list(p)),
      post: (i) => Promise.resolve(server.post(i)),
    });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('ready'));
    server.shrink(5);
    server.append(OTHER, 'after the shrink');
    await controller.poll();
    expect(controller.getSnapshot().messages.map((m) => m.id)).toEqual(server.messages.map((m) => m.id));
    controller.stop();
  });
  it('catches, on focus, a thread that shrank and grew back to the same count between polls', async () => {
    const server = new FakeServer(5);
    const controller = makeController({
      list: (p) => Promise.resolve(server.list(p)),
      post: (i) => Promise.resolve(server.post(i)),
    });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('ready'));
    server.shrink(2);
    server.append(OTHER, 'x');
    server.append(OTHER, 'y');
    await controller.poll();
    // Same count: a poll with skip = held cannot tell; the tail check on focus can.
    expect(controller.getSnapshot().messages.map((m) => m.id)).not.toEqual(server.messages.map((m) => m.id));
    controller.focus();
    await vi.waitFor(() =>
      expect(controller.getSnapshot().messages.map((m) => m.id)).toEqual(server.messages.map((m) => m.id)),
    );
    controller.stop();
  });
});

describe('thread controller: lost send answers (case D30)', () => {
  it('stores one copy per intent and shows one, for every interleaving of the lost answer, a poll, a retry and reconnect', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        async (s, storeBeforeLoss, retryTwice, othersMeanwhile) => {
          const server = new FakeServer(3);
          let offline = false;
          let firstPost = true;
          const controller = makeController({
            list: s.scheduleFunction(async (params: VisitMessageListParams) => {
              if (offline) throw lost();
              return Promise.resolve(server.list(params));
            }),
            post: s.scheduleFunction(async (input: PostMessageInput) => {
              if (firstPost) {
                firstPost = false;
                // The server applied the write (or not), then the connection died.
                if (storeBeforeLoss) server.post(input);
                throw lost();
              }
              if (offline) throw lost();
              return Promise.resolve(server.post(input));
            }),
          });
          controller.start();
          await s.waitAll();
          const intent = 'Is the rash contagious?';
          const sending = controller.send(intent);
          void s.schedule(Promise.resolve('others')).then(() => {
            for (let i = 0; i < othersMeanwhile; i += 1) server.append(OTHER, `reply ${i}`);
          });
          void s.schedule(Promise.resolve('poll')).then(() => controller.poll());
          void s.schedule(Promise.resolve('offline')).then(() => {
            offline = true;
          });
          void s.schedule(Promise.resolve('reconnect')).then(() => {
            offline = false;
          });
          await s.waitFor(sending);
          await s.waitAll();
          offline = false;
          // The user presses Retry (maybe twice) until the bubble is settled.
          for (let i = 0; i < 5; i += 1) {
            const bubble = controller.getSnapshot().outgoing.find((o) => o.content === intent);
            if (!bubble || bubble.status === 'sent') break;
            const retry = controller.retry(bubble.localId);
            if (retryTwice) void controller.retry(bubble.localId);
            await s.waitFor(retry);
            await s.waitAll();
          }
          for (let i = 0; i < 3; i += 1) {
            const p = controller.poll();
            await s.waitFor(p);
            await s.waitAll();
          }
          expect(server.copies(intent)).toBe(1);
          expect(shown(controller).filter((c) => c === intent)).toHaveLength(1);
          controller.stop();
        },
      ),
      { numRuns: 80 },
    );
  });

  it('re-polls before re-sending after an unknown outcome', async () => {
    const server = new FakeServer(2);
    const calls: string[] = [];
    let lose = true;
    const controller = makeController({
      list: (p) => {
        calls.push(`GET skip=${p.skip ?? '-'}`);
        return Promise.resolve(server.list(p));
      },
      post: (input) => {
        calls.push('POST');
        server.post(input);
        if (lose) {
          lose = false;
          return Promise.reject(lost());
        }
        return Promise.resolve(server.messages.at(-1)!);
      },
    });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('ready'));
    await controller.send('hello');
    await vi.waitFor(() => expect(controller.getSnapshot().outgoing[0]?.status).toBe('sent'));
    expect(server.copies('hello')).toBe(1);
    expect(calls.filter((c) => c === 'POST')).toHaveLength(1);
    controller.stop();
  });
});

describe('thread controller: polling lifecycle (case E47)', () => {
  async function ready(server: FakeServer, extra: Partial<ThreadDeps> = {}) {
    const list = vi.fn((p: VisitMessageListParams) => Promise.resolve(server.list(p)));
    const controller = makeController({ list, post: (i) => Promise.resolve(server.post(i)), ...extra });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('ready'));
    list.mockClear();
    return { controller, list };
  }

  it('polls every few seconds while active, pauses while hidden and catches up at once when shown', async () => {
    const server = new FakeServer(1);
    const { controller, list } = await ready(server);
    await vi.advanceTimersByTimeAsync(POLL_BASE_MS);
    expect(list).toHaveBeenCalledTimes(1);
    controller.setVisible(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(list).toHaveBeenCalledTimes(1);
    server.append(OTHER, 'while hidden');
    controller.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    // At once: the tail check (skip = held - 1) and the poll (skip = held).
    expect(list.mock.calls.slice(1).map(([p]) => p.skip)).toEqual([0, 1]);
    expect(controller.getSnapshot().messages.at(-1)?.content).toBe('while hidden');
    controller.stop();
  });

  it('backs off ×2 up to 60 s on consecutive errors and when idle, and resets on activity', async () => {
    const server = new FakeServer(1);
    let failing = true;
    const list = vi.fn((p: VisitMessageListParams) =>
      failing && p.skip !== undefined
        ? Promise.reject(new ApiError({ kind: 'http', status: 503 }))
        : Promise.resolve(server.list(p)),
    );
    const controller = makeController({ list, post: (i) => Promise.resolve(server.post(i)) });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('ready'));
    const intervals: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      intervals.push(controller.pollInterval);
      await vi.advanceTimersByTimeAsync(controller.pollInterval);
    }
    expect(intervals).toEqual([POLL_BASE_MS, 8_000, 16_000, 32_000, POLL_MAX_MS, POLL_MAX_MS]);
    expect(controller.getSnapshot().pollError?.status).toBe(503);
    failing = false;
    await vi.advanceTimersByTimeAsync(controller.pollInterval);
    expect(controller.getSnapshot().pollError).toBeNull();
    // Idle for over a minute: the interval doubles; activity brings it back.
    for (let i = 0; i < 30 && controller.pollInterval < POLL_MAX_MS; i += 1)
      await vi.advanceTimersByTimeAsync(controller.pollInterval);
    expect(controller.pollInterval).toBe(POLL_MAX_MS);
    controller.noteActivity();
    expect(controller.pollInterval).toBe(POLL_BASE_MS);
    controller.stop();
  });

  it.each([
    [409, 'closed'],
    [403, 'forbidden'],
    [404, 'not-found'],
  ] as const)('stops polling for good on %i', async (status, block) => {
    const server = new FakeServer(2);
    let answer = 200;
    const list = vi.fn((p: VisitMessageListParams) =>
      answer === 200
        ? Promise.resolve(server.list(p))
        : Promise.reject(new ApiError({ kind: 'http', status: answer })),
    );
    const controller = makeController({ list, post: (i) => Promise.resolve(server.post(i)) });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('ready'));
    answer = status;
    await vi.advanceTimersByTimeAsync(POLL_BASE_MS);
    expect(controller.getSnapshot().block).toBe(block);
    const calls = list.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    controller.focus();
    controller.setVisible(false);
    controller.setVisible(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(list).toHaveBeenCalledTimes(calls);
    // 403 and 404 forget the messages they had shown; 409 keeps the history readable.
    expect(controller.getSnapshot().messages.length).toBe(block === 'closed' ? 2 : 0);
    controller.stop();
  });

  it('stops on unmount (stop) with a request in flight', async () => {
    const server = new FakeServer(1);
    const { controller, list } = await ready(server);
    controller.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(list).not.toHaveBeenCalled();
  });
});

describe('thread controller: the first page started by the route', () => {
  it('takes the page the loader already asked for, and asks the server itself when it resyncs later', async () => {
    const server = new FakeServer(150);
    const list = vi.fn((params: VisitMessageListParams) => Promise.resolve(server.list(params)));
    const firstPage = vi.fn(() => Promise.resolve(server.list({ sort: 'created:desc', limit: 100 })));
    const controller = makeController({
      list,
      post: (input) => Promise.resolve(server.post(input)),
      firstPage,
    });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('ready'));
    expect(firstPage).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
    expect(controller.getSnapshot().messages).toHaveLength(100);
    expect(controller.held).toBe(150);

    await controller.resync();
    expect(firstPage).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith({ sort: 'created:desc', limit: 100 }, expect.any(AbortSignal));
    controller.stop();
  });
});
