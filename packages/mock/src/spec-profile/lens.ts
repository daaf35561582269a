import type { Field, Scalar, Table } from './fields.ts';

/**
 * Writes a value the way a spec field table says (fields.ts): fields not named are left out,
 * named nested objects are cut the same way, and each named field is written as its kind says.
 * A field the value does not hold stays absent: the lens never adds a field.
 */
export function applyTable(field: Field, value: unknown): unknown {
  if (typeof field === 'string') return scalar(field, value);
  if (field.kind === 'list')
    return Array.isArray(value) ? value.map((item) => applyTable(field.of, item)) : empty(value);
  if (!isPlainObject(value)) return empty(value);
  if (field.kind === 'map') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, applyTable(field.of, item)]));
  }
  return cut(field, value);
}

function cut(table: Table, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const named = Object.hasOwn(table.fields, key) ? table.fields[key] : undefined;
    if (named !== undefined) out[key] = applyTable(named, item);
    // `_` fields are the mock's own (db.ts); they never go out, on any profile.
    else if (table.others && !table.others.except.includes(key) && !key.startsWith('_')) out[key] = item;
  }
  return out;
}

function scalar(kind: Scalar, value: unknown): unknown {
  switch (kind) {
    case 'whole':
    case 'text':
      return value;
    case 'value':
      return empty(value);
    case 'boolean':
      return typeof value === 'boolean' ? (value ? 1 : 0) : empty(value);
    case 'integer':
      return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : empty(value);
    case 'provider-ref':
      return value === null || value === '' ? 0 : value;
  }
}

/** An optional value left empty (`''`) is sent as null; anything else as it is. */
const empty = (value: unknown) => (value === '' ? null : value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
