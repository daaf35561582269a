import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPersister, PERSIST_DELAY_MS } from './persist.ts';

function setup(write: (text: string) => void = () => undefined) {
  const writes: string[] = [];
  const problems: (string | null)[] = [];
  let version = 0;
  const persister = createPersister({
    snapshot: () => `snapshot ${++version}`,
    write: (text) => {
      write(text);
      writes.push(text);
    },
    onProblem: (message) => problems.push(message),
    onRecovered: () => problems.push(null),
  });
  return { persister, writes, problems };
}

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('mock persistence policy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never saves after reads or polls (GET, HEAD, OPTIONS)', () => {
    const { persister, writes } = setup();
    for (let i = 0; i < 50; i += 1) persister.noteRequest(i % 2 ? 'GET' : 'head');
    persister.noteRequest('OPTIONS');
    vi.advanceTimersByTime(10 * PERSIST_DELAY_MS);
    persister.flush();
    expect(writes).toEqual([]);
  });

  it('saves once after a burst of writes, when the burst has been quiet for the delay', () => {
    const { persister, writes } = setup();
    persister.noteRequest('POST');
    vi.advanceTimersByTime(PERSIST_DELAY_MS - 1);
    persister.noteRequest('PUT');
    persister.noteRequest('DELETE');
    vi.advanceTimersByTime(PERSIST_DELAY_MS - 1);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['snapshot 1']);
    vi.advanceTimersByTime(10 * PERSIST_DELAY_MS);
    expect(writes).toHaveLength(1);
  });

  it('saves a pending write at once on flush (page hide), and nothing when none is pending', () => {
    const { persister, writes } = setup();
    persister.flush();
    expect(writes).toEqual([]);
    persister.noteRequest('PATCH');
    persister.flush();
    expect(writes).toEqual(['snapshot 1']);
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    expect(writes).toHaveLength(1);
  });

  it('reports a full storage once with a visible message, keeps working, and says when it recovers', () => {
    let full = true;
    const { persister, writes, problems } = setup(() => {
      if (full) throw quotaError();
    });
    persister.noteRequest('POST');
    expect(() => vi.advanceTimersByTime(PERSIST_DELAY_MS)).not.toThrow();
    persister.noteRequest('POST');
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    expect(writes).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/too large for browser storage/);
    full = false;
    persister.noteRequest('POST');
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    expect(writes).toHaveLength(1);
    expect(problems).toEqual([problems[0], null]);
  });

  it('reports blocked storage too', () => {
    const { persister, problems } = setup(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    persister.schedule();
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    expect(problems).toEqual([expect.stringMatching(/could not be saved/)]);
  });
});
