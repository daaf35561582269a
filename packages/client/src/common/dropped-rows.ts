/**
 * The count of rows a tolerant list answer left out, kept on the array itself. A module of its own,
 * without zod: the query client (on the first page) reads it, and the schemas set it.
 */

/** How many malformed rows a tolerant list left out; kept off the enumerable keys of the array. */
const DROPPED_ROWS = Symbol('droppedRows');

/** A list answer after its malformed rows were left out. */
export type TolerantList<T> = T[] & { readonly [DROPPED_ROWS]?: number };

/** How many rows of a list answer could not be read (0 for any other value). */
export function droppedRows(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  const count = (list as { [DROPPED_ROWS]?: unknown })[DROPPED_ROWS];
  return typeof count === 'number' ? count : 0;
}

/** Marks a list with the number of rows left out of it (used again when a cache shares rows). */
export function markDroppedRows<T>(list: T[], count: number): TolerantList<T> {
  Object.defineProperty(list, DROPPED_ROWS, { value: count, enumerable: false, configurable: true });
  return list;
}
