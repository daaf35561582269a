import { describe, expect, it } from 'vitest';
import type { VisitMessage, VisitMessagePage } from '@telehealth/client/messages/schemas';
import {
  EMPTY_WINDOW,
  FIRST_PAGE_SIZE,
  appendNewer,
  fromNewestPage,
  hasOlder,
  heldEnd,
  isCaughtUp,
  newestPageParams,
  olderParams,
  pollParams,
  prependOlder,
  tailLinesUp,
  tailParams,
  windowOf,
  type ThreadWindow,
} from './window';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

/** Message `m<i>` sits at server index i. */
const msg = (i: number): VisitMessage => ({
  id: `m${i}`,
  type: 'provider_message',
  actor: { id: SEED_USERS.provider, type: 400, display_name: 'Dr. Samira Okafor' },
  content: `message ${i}`,
  created: 1_700_000_000 + i,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => msg(from + k));
/** A window holding server indices [from, to) of a thread of `total`. */
const held = (from: number, to: number, total = to) =>
  windowOf({ messages: range(from, to), start: from, total });
const page = (data: VisitMessage[], total: number): VisitMessagePage => ({ data, total_count: total });
const ids = (w: ThreadWindow) => w.messages.map((m) => m.id);

describe('window: where it stands', () => {
  it.each([
    ['nothing held', 0, true, false, EMPTY_WINDOW],
    ['the whole thread', 3, true, false, held(0, 3)],
    ['the newest 100 of 150', 150, true, true, held(50, 150)],
    ['behind the server', 3, false, false, held(0, 3, 5)],
  ])('%s: held up to %i, caught up %s, older ones %s', (_name, end, caughtUp, older, w) => {
    expect(heldEnd(w)).toBe(end);
    expect(isCaughtUp(w)).toBe(caughtUp);
    expect(hasOlder(w)).toBe(older);
  });

  it('rebuilds the id set of a window kept in the cache', () => {
    const w = windowOf({ messages: range(2, 4), start: 2, total: 4 });
    expect([...w.ids]).toEqual(['m2', 'm3']);
    expect(windowOf(null)).toEqual(EMPTY_WINDOW);
  });
});

describe('window: requests', () => {
  it('asks for the newest page newest first', () => {
    expect(newestPageParams()).toEqual({ sort: 'created:desc', limit: FIRST_PAGE_SIZE });
  });

  it.each([
    ['nothing held', EMPTY_WINDOW, { skip: 0, limit: 200 }],
    ['3 held', held(0, 3), { skip: 3, limit: 200 }],
    ['the newest 100 of 10,000', held(9_900, 10_000), { skip: 10_000, limit: 200 }],
  ])('polls with skip = the count held: %s', (_name, w, params) => {
    expect(pollParams(w)).toEqual(params);
  });

  it.each([
    ['nothing held', EMPTY_WINDOW, null],
    ['one held', held(0, 1), { skip: 0, limit: 1, order: 'asc' }],
    ['the newest 100 of 150', held(50, 150), { skip: 149, limit: 1, order: 'asc' }],
  ])('reads the newest held message again: %s', (_name, w, params) => {
    expect(tailParams(w)).toEqual(params);
  });

  it.each([
    ['from the first message', held(0, 3), null],
    ['150 before', held(150, 250), { skip: 0, limit: 150, order: 'asc' }],
    ['exactly one page before', held(200, 300), { skip: 0, limit: 200, order: 'asc' }],
    [
      'more than a page before (the spec caps limit at 200)',
      held(500, 600),
      { skip: 300, limit: 200, order: 'asc' },
    ],
  ])('asks for the page before the oldest held: %s', (_name, w, params) => {
    expect(olderParams(w)).toEqual(params);
  });
});

describe('window: merging pages', () => {
  it.each([
    ['a whole short thread', range(0, 3), 3, 0],
    ['the newest 100 of 150', range(50, 150), 150, 50],
    ['a count below the page (the server is inconsistent)', range(0, 3), 2, 0],
  ])('holds the newest page oldest first: %s', (_name, data, total, start) => {
    const w = fromNewestPage(page([...data].reverse(), total));
    expect(ids(w)).toEqual(data.map((m) => m.id));
    expect(w.start).toBe(start);
    expect(w.total).toBe(total);
    expect([...w.ids]).toEqual(data.map((m) => m.id));
  });

  /** null: the window no longer lines up with the server and must be loaded afresh. */
  type Appended = { size: number; total: number; added: number } | null;
  it.each<[string, ThreadWindow, VisitMessagePage, Appended]>([
    ['new replies', held(0, 3), page(range(3, 5), 5), { size: 5, total: 5, added: 2 }],
    ['nothing new', held(0, 3), page([], 3), { size: 3, total: 3, added: 0 }],
    ['a count past a full page', held(0, 3), page(range(3, 5), 300), { size: 5, total: 300, added: 2 }],
    ['a message already held (the list shifted)', held(0, 3), page(range(2, 4), 4), null],
    ['a count below what is held (messages were deleted)', held(0, 3), page([], 2), null],
  ])('adds a poll’s answer: %s', (_name, w, answer, expected) => {
    const merge = appendNewer(w, answer);
    expect(merge.kind).toBe(expected ? 'merged' : 'resync');
    if (merge.kind !== 'merged' || !expected) return;
    expect(merge.window.messages).toHaveLength(expected.size);
    expect(merge.window.ids.size).toBe(expected.size);
    expect(merge.window.total).toBe(expected.total);
    expect(merge.added).toHaveLength(expected.added);
    expect(merge.window.start).toBe(w.start);
  });

  it('keeps the same window when a poll brings nothing and the count is unchanged', () => {
    const w = held(0, 3);
    const merge = appendNewer(w, page([], 3));
    expect(merge.kind === 'merged' && merge.window).toBe(w);
  });

  it('never changes the window it was given', () => {
    const w = held(0, 3);
    appendNewer(w, page(range(3, 5), 5));
    prependOlder(held(3, 5), page(range(0, 3), 5));
    expect(ids(w)).toEqual(['m0', 'm1', 'm2']);
    expect(w.ids.size).toBe(3);
  });

  /** null: the window no longer lines up with the server and must be loaded afresh. */
  type Prepended = { start: number; first: string; size: number } | null;
  it.each<[string, ThreadWindow, VisitMessagePage, Prepended]>([
    ['the page before', held(150, 250), page(range(0, 150), 250), { start: 0, first: 'm0', size: 250 }],
    [
      'a longer history',
      held(500, 600),
      page(range(300, 500), 600),
      { start: 300, first: 'm300', size: 300 },
    ],
    ['an overlap with what is held', held(150, 250), page(range(1, 151), 250), null],
    ['a count below what is held', held(150, 250), page(range(0, 150), 200), null],
    ['a window from the first message (nothing is older)', held(0, 3), page([], 3), null],
  ])('adds an older page in front: %s', (_name, w, answer, expected) => {
    const merge = prependOlder(w, answer);
    expect(merge.kind).toBe(expected ? 'merged' : 'resync');
    if (merge.kind !== 'merged' || !expected) return;
    expect(merge.window.start).toBe(expected.start);
    expect(merge.window.messages[0]?.id).toBe(expected.first);
    expect(merge.window.ids.size).toBe(expected.size);
    expect(merge.window.total).toBe(w.total);
  });

  it.each([
    ['nothing held', EMPTY_WINDOW, page([], 0), true],
    ['the newest held message where it was', held(0, 3), page([msg(2)], 3), true],
    ['another message in its place', held(0, 3), page([msg(7)], 3), false],
    ['nothing in its place', held(0, 3), page([], 2), false],
  ])('checks the newest held message: %s', (_name, w, answer, linesUp) => {
    expect(tailLinesUp(w, answer)).toBe(linesUp);
  });
});
