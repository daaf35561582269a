import { describe, expect, it } from 'vitest';
import { Collection } from './collection.ts';

interface Row {
  id: string;
  group?: string;
  tags?: string[];
  at: number;
}

const rows = () =>
  new Collection<Row, 'group' | 'tag'>({
    group: { key: (r) => r.group, order: (a, b) => a.at - b.at },
    tag: { key: (r) => r.tags },
  });

const ids = (list: Row[]) => list.map((r) => r.id);

describe('Collection', () => {
  it('works as a Map: get, set, has, delete, size, values, entries and iteration', () => {
    const c = rows();
    c.set('a', { id: 'a', at: 1 }).set('b', { id: 'b', at: 2 });
    expect(c).toBeInstanceOf(Map);
    expect(c.size).toBe(2);
    expect(c.get('a')?.at).toBe(1);
    expect(c.has('b')).toBe(true);
    expect([...c.keys()]).toEqual(['a', 'b']);
    expect(ids([...c.values()])).toEqual(['a', 'b']);
    expect([...c].map(([id]) => id)).toEqual(['a', 'b']);
    expect([...c.entries()].map(([id]) => id)).toEqual(['a', 'b']);
    expect(c.delete('a')).toBe(true);
    expect(c.delete('a')).toBe(false);
    expect(c.size).toBe(1);
  });

  it('keeps an ordered index sorted, ties in insertion order, whatever order records arrive in', () => {
    const c = rows();
    for (const [id, at] of [
      ['m3', 3],
      ['m1', 1],
      ['m2a', 2],
      ['m4', 4],
      ['m2b', 2],
    ] as const)
      c.set(id, { id, group: 'g', at });
    expect(ids(c.by('group', 'g'))).toEqual(['m1', 'm2a', 'm2b', 'm3', 'm4']);
    expect(c.lastBy('group', 'g')?.id).toBe('m4');
    expect(c.countBy('group', 'g')).toBe(5);
  });

  it('moves a record between keys when it is stored again, and forgets it on delete', () => {
    const c = rows();
    c.set('x', { id: 'x', group: 'one', tags: ['red', 'blue'], at: 1 });
    c.set('y', { id: 'y', group: 'one', tags: ['red'], at: 2 });
    c.set('x', { id: 'x', group: 'two', tags: ['blue', 'blue'], at: 1 });
    expect(ids(c.by('group', 'one'))).toEqual(['y']);
    expect(ids(c.by('group', 'two'))).toEqual(['x']);
    expect(ids(c.by('tag', 'red'))).toEqual(['y']);
    expect(ids(c.by('tag', 'blue'))).toEqual(['x']);
    c.delete('y');
    expect(c.by('group', 'one')).toEqual([]);
    expect(c.by('tag', 'red')).toEqual([]);
    expect(c.keysOf('group')).toEqual(['two']);
  });

  it('leaves records without a key out of the index', () => {
    const c = rows();
    c.set('n', { id: 'n', at: 1 });
    expect(c.keysOf('group')).toEqual([]);
    expect(c.size).toBe(1);
  });

  it('files a record again after an in-place change with reindex, and rebuilds every index', () => {
    const c = rows();
    const row: Row = { id: 'r', group: 'one', at: 1 };
    c.set('r', row);
    row.group = 'two';
    expect(ids(c.by('group', 'one'))).toEqual(['r']);
    c.reindex('r');
    expect(c.by('group', 'one')).toEqual([]);
    expect(ids(c.by('group', 'two'))).toEqual(['r']);
    row.group = 'three';
    c.rebuildIndexes();
    expect(c.keysOf('group')).toEqual(['three']);
  });

  it('empties its indexes on clear', () => {
    const c = rows();
    c.set('a', { id: 'a', group: 'g', tags: ['t'], at: 1 });
    c.clear();
    expect(c.size).toBe(0);
    expect(c.by('group', 'g')).toEqual([]);
    expect(c.keysOf('tag')).toEqual([]);
  });

  it('refuses an unknown index name', () => {
    const c = rows() as unknown as Collection<Row, string>;
    expect(() => c.by('nope', 'x')).toThrow('Unknown index nope');
  });
});
