/**
 * A typed collection of the mock database: a `Map` keyed by id (so code written against `Map`
 * keeps working: get, set, has, delete, values, entries, size, iteration) that also keeps
 * secondary indexes up to date on every `set`, `delete` and `clear`.
 *
 * An index maps a key computed from a record (for example a visit's `member_id`) to the ids of
 * the records with that key. An ordered index keeps each key's records sorted by its comparator
 * (ties keep insertion order), so a caller reading it never re-sorts.
 *
 * Indexed fields are read when a record is stored. A handler that changes an indexed field in
 * place calls `set` (or `reindex`) again afterwards; fields that are not indexed can be changed
 * in place freely.
 */

/** The key or keys a record is filed under in one index; undefined or null leave it out. */
export type IndexKeyOf<T> = (record: T) => string | readonly string[] | null | undefined;

export interface IndexDefinition<T> {
  key: IndexKeyOf<T>;
  /** Keeps each key's records in this order; without it, insertion order. */
  order?: (a: T, b: T) => number;
}

interface IndexState<T> {
  definition: IndexDefinition<T>;
  /** Key to the ids filed under it, in index order. */
  lists: Map<string, string[]>;
  /** Id to the keys it is filed under, as computed when it was stored. */
  keysOf: Map<string, readonly string[]>;
}

function keysFor<T>(definition: IndexDefinition<T>, record: T): readonly string[] {
  const value = definition.key(record);
  if (value === undefined || value === null) return [];
  return typeof value === 'string' ? [value] : [...new Set(value)];
}

export class Collection<T, I extends string = never> extends Map<string, T> {
  // `declare` keeps the field out of the class-fields initialisation order: Map's constructor
  // may call `set` before a normal field initialiser has run.
  declare private indexes: Map<I, IndexState<T>>;

  constructor(definitions?: { readonly [K in I]: IndexDefinition<T> }) {
    super();
    this.indexes = new Map();
    if (definitions) {
      for (const name of Object.keys(definitions) as I[]) {
        this.indexes.set(name, { definition: definitions[name], lists: new Map(), keysOf: new Map() });
      }
    }
  }

  /** The names of this collection's indexes. */
  get indexNames(): I[] {
    return [...this.indexes.keys()];
  }

  override set(id: string, record: T): this {
    // Map's constructor never calls this here (no entries are passed to super), but stay safe.
    if (!this.indexes) return super.set(id, record);
    if (super.has(id)) this.unfile(id);
    super.set(id, record);
    this.file(id, record);
    return this;
  }

  override delete(id: string): boolean {
    if (!super.has(id)) return false;
    this.unfile(id);
    return super.delete(id);
  }

  override clear(): void {
    super.clear();
    for (const state of this.indexes.values()) {
      state.lists.clear();
      state.keysOf.clear();
    }
  }

  /** Files a record again after an indexed field was changed in place. */
  reindex(id: string): void {
    const record = super.get(id);
    if (record === undefined) return;
    this.unfile(id);
    this.file(id, record);
  }

  /** Rebuilds every index from the records (after a restore, or many in-place changes). */
  rebuildIndexes(): void {
    for (const state of this.indexes.values()) {
      state.lists.clear();
      state.keysOf.clear();
    }
    for (const [id, record] of super.entries()) this.file(id, record);
  }

  /** The records filed under `key` in index `name`, in index order. A fresh array each call. */
  by(name: I, key: string): T[] {
    const ids = this.state(name).lists.get(key);
    if (!ids) return [];
    const records: T[] = [];
    for (const id of ids) {
      const record = super.get(id);
      if (record !== undefined) records.push(record);
    }
    return records;
  }

  /** How many records are filed under `key` in index `name`. */
  countBy(name: I, key: string): number {
    return this.state(name).lists.get(key)?.length ?? 0;
  }

  /** The last record filed under `key` (the newest, for an ordered index). */
  lastBy(name: I, key: string): T | undefined {
    const id = this.state(name).lists.get(key)?.at(-1);
    return id === undefined ? undefined : super.get(id);
  }

  /** The keys of index `name` that hold at least one record. */
  keysOf(name: I): string[] {
    return [...this.state(name).lists.keys()];
  }

  private state(name: I): IndexState<T> {
    const state = this.indexes.get(name);
    if (!state) throw new Error(`Unknown index ${name}`);
    return state;
  }

  private file(id: string, record: T): void {
    for (const state of this.indexes.values()) {
      const keys = keysFor(state.definition, record);
      state.keysOf.set(id, keys);
      for (const key of keys) {
        let list = state.lists.get(key);
        if (!list) {
          list = [];
          state.lists.set(key, list);
        }
        insertOrdered(list, id, record, state.definition.order, (other) => super.get(other));
      }
    }
  }

  private unfile(id: string): void {
    for (const state of this.indexes.values()) {
      const keys = state.keysOf.get(id) ?? [];
      state.keysOf.delete(id);
      for (const key of keys) {
        const list = state.lists.get(key);
        if (!list) continue;
        const at = list.lastIndexOf(id);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0) state.lists.delete(key);
      }
    }
  }
}

/** Inserts after every id that does not sort after it: appends in the common in-order case. */
function insertOrdered<T>(
  list: string[],
  id: string,
  record: T,
  order: ((a: T, b: T) => number) | undefined,
  read: (id: string) => T | undefined,
): void {
  const compare = (other: string) => {
    const value = read(other);
    return value === undefined || !order ? 0 : order(value, record);
  };
  if (!order || list.length === 0 || compare(list[list.length - 1]!) <= 0) {
    list.push(id);
    return;
  }
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(list[mid]!) <= 0) low = mid + 1;
    else high = mid;
  }
  list.splice(low, 0, id);
}
