import { describe, expect, it } from 'vitest';
import {
  EMPTY_ARRIVALS,
  SEEN_LIMIT,
  messageWords,
  restoreArrivals,
  storedIds,
  takeAnswer,
  walkinWords,
} from './arrivals-model';

describe('arrivals model', () => {
  it('announces nothing on the first answer of a source, then a new id once', () => {
    const first = takeAnswer(EMPTY_ARRIVALS, 'walkins:general', ['vis_1', 'vis_2']);
    expect(first.fresh).toEqual([]);
    const second = takeAnswer(first.state, 'walkins:general', ['vis_1', 'vis_2', 'vis_3']);
    expect(second.fresh).toEqual(['vis_3']);
    const third = takeAnswer(second.state, 'walkins:general', ['vis_1', 'vis_2', 'vis_3']);
    expect(third.fresh).toEqual([]);
    expect(third.state).toBe(second.state);
  });

  it('takes each source’s first answer in silence, even when another source already answered', () => {
    const general = takeAnswer(EMPTY_ARRIVALS, 'walkins:general', ['vis_1']).state;
    const derm = takeAnswer(general, 'walkins:derm', ['vis_9']);
    expect(derm.fresh).toEqual([]);
    const messages = takeAnswer(derm.state, 'messages', []);
    expect(takeAnswer(messages.state, 'messages', ['ntf_1']).fresh).toEqual(['ntf_1']);
  });

  it('never announces an id again after it left the list and came back', () => {
    let state = takeAnswer(EMPTY_ARRIVALS, 'walkins:general', []).state;
    const arrived = takeAnswer(state, 'walkins:general', ['vis_5']);
    expect(arrived.fresh).toEqual(['vis_5']);
    state = takeAnswer(arrived.state, 'walkins:general', []).state;
    expect(takeAnswer(state, 'walkins:general', ['vis_5']).fresh).toEqual([]);
  });

  it('after a reload of the tab, remembers what was seen and announces only what is new', () => {
    const before = takeAnswer(EMPTY_ARRIVALS, 'walkins:general', ['vis_1', 'vis_2']).state;
    const reloaded = restoreArrivals(storedIds(before));
    const answer = takeAnswer(reloaded, 'walkins:general', ['vis_1', 'vis_2', 'vis_3']);
    expect(answer.fresh).toEqual(['vis_3']);
    // Nothing kept (a new tab, or after sign-out): the first answer is silent again.
    expect(takeAnswer(restoreArrivals(null), 'walkins:general', ['vis_3']).fresh).toEqual([]);
  });

  it('keeps only opaque ids, and at most the newest few hundred', () => {
    let state = takeAnswer(EMPTY_ARRIVALS, 'messages', []).state;
    for (let i = 0; i < SEEN_LIMIT + 10; i += 1) state = takeAnswer(state, 'messages', [`ntf_${i}`]).state;
    const kept = storedIds(state);
    expect(kept).toHaveLength(SEEN_LIMIT);
    expect(kept.at(-1)).toBe(`ntf_${SEEN_LIMIT + 9}`);
    expect(kept.every((id) => id.startsWith('ntf_'))).toBe(true);
  });

  it('words say how many and where, never who', () => {
    expect(walkinWords(1, 'General practice')).toBe('A new patient is waiting in General practice');
    expect(walkinWords(3, 'General practice')).toBe('3 new patients are waiting in General practice');
    expect(messageWords(1)).toBe('You have a new message');
    expect(messageWords(2)).toBe('You have 2 new messages');
  });
});
