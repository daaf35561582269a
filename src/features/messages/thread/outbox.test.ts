import { describe, expect, it } from 'vitest';
import { ApiError } from '@telehealth/client/errors';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import {
  EMPTY_OUTBOX,
  addIntent,
  canDiscard,
  canRetry,
  confirmSend,
  dropOutOfView,
  findItem,
  incomingOf,
  intentFor,
  patchItem,
  postBody,
  postFailure,
  reconcile,
  removeItem,
  type OutgoingStatus,
  type Outbox,
} from './outbox';
import { windowOf, type ThreadWindow } from './window';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

const SELF: string = SEED_USERS.patient;
const OTHER: string = SEED_USERS.provider;
const T0 = 1_700_000_000;

/** Message `m<i>` sits at server index i, stored at T0 + i. */
const msg = (i: number, author = SELF, content = `message ${i}`): VisitMessage => ({
  id: `m${i}`,
  type: author === SELF ? 'patient_message' : 'provider_message',
  actor: {
    id: author,
    type: author === SELF ? 200 : 400,
    display_name: author === SELF ? 'Casey' : 'Dr. Okafor',
  },
  content,
  created: T0 + i,
});
const windowFrom = (messages: VisitMessage[], start = 0): ThreadWindow =>
  windowOf({ messages, start, total: start + messages.length });

/** An outbox with one intent per text, each sent while `window` was held. */
function outboxWith(texts: string[], window = windowFrom([]), generation = 1): Outbox {
  let outbox = EMPTY_OUTBOX;
  for (const content of texts)
    outbox = addIntent(outbox, { content, attachmentIds: [], window, generation, now: 0 }).outbox;
  return outbox;
}
const statuses = (outbox: Outbox) => outbox.items.map((o) => [o.content, o.status, o.serverId]);

describe('outbox: intents', () => {
  it.each<[string, string, OutgoingStatus | null]>([
    ['no earlier copy', 'new', null],
    ['a copy still sending (a double click)', 'duplicate', 'sending'],
    ['a copy being checked', 'duplicate', 'checking'],
    ['a copy whose answer was lost', 'retry', 'unknown'],
    ['a refused copy', 'retry', 'failed'],
    ['a stored copy (the same words again)', 'new', 'sent'],
  ])('after %s, the same text is a %s send', (_name, kind, status) => {
    const outbox = status ? patchItem(outboxWith(['Hello']), 'local-1', { status }) : EMPTY_OUTBOX;
    expect(intentFor(outbox, 'Hello').kind).toBe(kind);
    expect(intentFor(outbox, 'Something else').kind).toBe('new');
  });

  it.each<[OutgoingStatus, boolean, boolean]>([
    ['sending', false, false],
    ['checking', false, false],
    ['unknown', true, true],
    ['failed', true, true],
    ['sent', false, true],
  ])('%s bubble: retry %s, discard %s', (status, retry, discard) => {
    const item = findItem(patchItem(outboxWith(['Hello']), 'local-1', { status }), 'local-1');
    expect(canRetry(item)).toBe(retry);
    expect(canDiscard(item)).toBe(discard);
  });

  it('places a new intent after everything held, with the newest server time as its floor', () => {
    const window = windowFrom([msg(40, OTHER), msg(41, OTHER)], 40);
    const first = addIntent(EMPTY_OUTBOX, {
      content: 'A',
      attachmentIds: ['fil_1'],
      window,
      generation: 3,
      now: 5,
    });
    const second = addIntent(first.outbox, {
      content: 'B',
      attachmentIds: [],
      window,
      generation: 3,
      now: 6,
    });
    expect([first.localId, second.localId]).toEqual(['local-1', 'local-2']);
    expect(findItem(second.outbox, 'local-1')).toMatchObject({
      status: 'sending',
      heldAtSend: 42,
      floorCreated: T0 + 41,
      generation: 3,
      sentAt: 5,
    });
    expect(EMPTY_OUTBOX.items).toHaveLength(0);
    expect(removeItem(second.outbox, 'local-1').items.map((o) => o.content)).toEqual(['B']);
  });

  it.each([
    ['text only', [], { content: 'Hi' }],
    ['with files', ['fil_1', 'fil_2'], { content: 'Hi', attachment_ids: ['fil_1', 'fil_2'] }],
  ])('posts %s', (_name, attachmentIds, body) => {
    const { outbox } = addIntent(EMPTY_OUTBOX, {
      content: 'Hi',
      attachmentIds,
      window: windowFrom([]),
      generation: 1,
      now: 0,
    });
    expect(postBody(outbox.items[0]!)).toEqual(body);
  });

  it.each([
    ['no answer (offline)', 'unknown', new ApiError({ kind: 'network' })],
    ['a timeout', 'unknown', new ApiError({ kind: 'timeout' })],
    ['a 500', 'unknown', new ApiError({ kind: 'http', status: 500 })],
    ['a 503', 'unknown', new ApiError({ kind: 'http', status: 503 })],
    ['something thrown that is not an ApiError', 'unknown', new TypeError('boom')],
    ['a 400 (empty content)', 'failed', new ApiError({ kind: 'http', status: 400 })],
    ['a 422', 'failed', new ApiError({ kind: 'http', status: 422 })],
    ['an answer that breaks the contract', 'failed', new ApiError({ kind: 'contract' })],
  ])('after %s the send is %s', (_name, outcome, error) => {
    expect(postFailure(error)).toBe(outcome);
  });
});

describe('outbox: confirming', () => {
  it('marks the intent stored once and reports its text once (the draft goes once)', () => {
    const first = confirmSend(outboxWith(['Hello']), 'local-1', 'm7');
    expect(statuses(first.outbox)).toEqual([['Hello', 'sent', 'm7']]);
    expect(first.confirmed).toEqual(['Hello']);
    expect([...first.outbox.sentIds]).toEqual(['m7']);
    expect(first.outbox.claims.get('m7')).toBe('local-1');
    const again = confirmSend(first.outbox, 'local-1', 'm7');
    expect(again.confirmed).toEqual([]);
    expect(confirmSend(first.outbox, 'local-9', 'm8').outbox).toBe(first.outbox);
  });

  it('hands a copy claimed by the other of two same-text intents back, so each answers for one', () => {
    // Two intents with the same words; a poll matched the first one's copy to the second.
    let outbox = patchItem(outboxWith(['Yes', 'Yes']), 'local-1', { status: 'unknown' });
    outbox = confirmSend(outbox, 'local-2', 'm5').outbox;
    // The first intent's POST answer names m5: the second gives it up and waits for its own copy.
    const { outbox: swapped } = confirmSend(outbox, 'local-1', 'm5');
    expect(statuses(swapped)).toEqual([
      ['Yes', 'sent', 'm5'],
      ['Yes', 'unknown', null],
    ]);
    // Its own POST answer (m6) then settles it.
    const settled = confirmSend(swapped, 'local-2', 'm6').outbox;
    expect([...settled.claims]).toEqual([
      ['m5', 'local-1'],
      ['m6', 'local-2'],
    ]);
  });

  it('swaps two crosswise matches', () => {
    let outbox = outboxWith(['Yes', 'Yes']);
    outbox = confirmSend(outbox, 'local-1', 'm6').outbox;
    outbox = confirmSend(outbox, 'local-2', 'm5').outbox;
    const { outbox: swapped } = confirmSend(outbox, 'local-1', 'm5');
    expect(statuses(swapped)).toEqual([
      ['Yes', 'sent', 'm5'],
      ['Yes', 'sent', 'm6'],
    ]);
  });

  const sentAt3 = () => outboxWith(['Hello'], windowFrom([msg(0), msg(1, OTHER), msg(2, OTHER)]), 1);
  it.each<[string, string | null, VisitMessage, { fromIndex: number; generation: number }]>([
    ['its copy after the send began', 'm3', msg(3, SELF, 'Hello'), { fromIndex: 3, generation: 1 }],
    [
      'a reply by someone else with the same words',
      null,
      msg(3, OTHER, 'Hello'),
      { fromIndex: 3, generation: 1 },
    ],
    ['another text of ours', null, msg(3, SELF, 'Hello!'), { fromIndex: 3, generation: 1 }],
    ['its copy before fromIndex (not new)', null, msg(3, SELF, 'Hello'), { fromIndex: 4, generation: 1 }],
    [
      'its copy after a reload (by server time only)',
      'm3',
      msg(3, SELF, 'Hello'),
      { fromIndex: 0, generation: 2 },
    ],
  ])('an unconfirmed intent, given %s, is matched to %s', (_name, serverId, added, at) => {
    const window = windowFrom([msg(0), msg(1, OTHER), msg(2, OTHER), added]);
    const { outbox, confirmed } = reconcile(sentAt3(), window, { ...at, selfId: SELF });
    expect(findItem(outbox, 'local-1')?.serverId).toBe(serverId);
    expect(confirmed).toEqual(serverId ? ['Hello'] : []);
  });

  it('never matches a copy stored before the send began, even after a reload', () => {
    // The same words sent earlier (m0), before this intent: not its copy.
    const window = windowFrom([msg(0, SELF, 'Hello'), msg(1, OTHER), msg(2, OTHER)]);
    const outbox = outboxWith(['Hello'], window, 1);
    const { outbox: after } = reconcile(outbox, window, { fromIndex: 0, generation: 2, selfId: SELF });
    expect(findItem(after, 'local-1')?.status).toBe('sending');
  });

  it('gives two same-text intents two different copies, and leaves refused ones alone', () => {
    let outbox = outboxWith(['Yes', 'Yes', 'Yes'], windowFrom([msg(0, OTHER)]));
    outbox = patchItem(outbox, 'local-3', { status: 'failed' });
    const window = windowFrom([msg(0, OTHER), msg(1, SELF, 'Yes'), msg(2, SELF, 'Yes')]);
    const { outbox: after, confirmed } = reconcile(outbox, window, {
      fromIndex: 1,
      generation: 1,
      selfId: SELF,
    });
    expect(statuses(after)).toEqual([
      ['Yes', 'sent', 'm1'],
      ['Yes', 'sent', 'm2'],
      ['Yes', 'failed', null],
    ]);
    expect(confirmed).toEqual(['Yes', 'Yes']);
    expect(statuses(outbox).map(([, status]) => status)).toEqual(['sending', 'sending', 'failed']);
  });

  it('drops confirmed bubbles whose copies left the window after a reload, and keeps the rest', () => {
    let outbox = outboxWith(['Old', 'Shown', 'Pending']);
    outbox = confirmSend(outbox, 'local-1', 'm1').outbox;
    outbox = confirmSend(outbox, 'local-2', 'm150').outbox;
    const window = windowFrom([msg(150, SELF, 'Shown')], 150);
    expect(dropOutOfView(outbox, window).items.map((o) => o.content)).toEqual(['Shown', 'Pending']);
    const nothingToDrop = dropOutOfView(outboxWith(['Pending']), window);
    expect(nothingToDrop.items).toHaveLength(1);
  });

  it('announces only what others wrote', () => {
    const outbox = confirmSend(outboxWith(['Mine']), 'local-1', 'm2').outbox;
    const added = [msg(1, OTHER), msg(2, SELF, 'Mine'), msg(3, SELF), msg(4, OTHER)];
    expect(incomingOf(outbox, added, SELF).map((m) => m.id)).toEqual(['m1', 'm4']);
  });
});
