import { MESSAGE_MAX_LENGTH } from '@telehealth/client/messages/schemas';
import { codeError } from './errors.ts';

/**
 * Bounds on every text field the mock stores (the spec gives none; docs/spec-decisions.md,
 * "Bounds on stored text"). Two kinds:
 * - `line`: names, codes and other one-line values: no control characters (so no NUL, tab or
 *   line break, nor U+2028/U+2029), at most `max` characters;
 * - `text`: free text: line breaks allowed, no NUL, at most `max` characters.
 * Nested values the mock stores as sent (a pharmacy's `extra`, extra keys on a record entry) are
 * free text of `nested` size each.
 */
export interface TextBound {
  kind: 'line' | 'text';
  max: number;
}

const line = (max: number): TextBound => ({ kind: 'line', max });
const text = (max: number): TextBound => ({ kind: 'text', max });

export const TEXT_BOUNDS = {
  user: {
    first_name: line(100),
    last_name: line(100),
    username: line(100),
    email: line(254),
    street_addr: line(200),
    city: line(100),
    zip: line(10),
    phone: line(32),
  },
  room: {
    name: line(100),
    code: line(64),
    slug: line(64),
    domain: line(64),
    close_msg: text(500),
  },
  file: { name: line(255), 'meta.title': line(255), 'meta.description': text(2000) },
  message: { content: text(MESSAGE_MAX_LENGTH) },
  pharmacy: {
    name: line(200),
    code: line(64),
    address: line(200),
    address_more: line(200),
    city: line(100),
    state: line(2),
    country: line(100),
    zip: line(10),
    phone: line(32),
    fax: line(32),
    type: line(64),
  },
  device: { device_id: line(128), device_name: line(100), type: line(64) },
  measurement: {
    type: line(64),
    date: line(10),
    device_id: line(128),
    data_type: line(32),
    data_class: line(32),
    temperature_body: line(16),
    temperature_unit: line(16),
    bg_unit: line(16),
    bp_unit: line(16),
    weight_unit: line(16),
    illuminance_unit: line(16),
    humidity_unit: line(16),
    noise_unit: line(16),
    range_unit: line(16),
    gas: line(100),
  },
  /** Entries of the list sections and the fields of social history and health habits. */
  emr: { entry: line(120) },
  pushEndpoint: { key: line(4096) },
  insurance: {
    insurer_code: line(64),
    subscriber_number: line(40),
    group_number: line(40),
    responsible_party: line(60),
    guarantor_first_name: line(100),
    guarantor_middle_name: line(100),
    guarantor_last_name: line(100),
    guarantor_address: line(200),
    guarantor_address_2: line(200),
    guarantor_city: line(100),
    guarantor_zip: line(10),
    guarantor_state: line(2),
  },
  visit: { cancel_reason: text(500) },
  /** Any string nested in a stored object. */
  nested: { value: text(2000) },
} as const satisfies Record<string, Record<string, TextBound>>;

/** The older names of some bounds, kept for the handlers that use them. */
export const TEXT_LIMITS = {
  personName: TEXT_BOUNDS.user.first_name.max,
  roomName: TEXT_BOUNDS.room.name.max,
  fileName: TEXT_BOUNDS.file.name.max,
  description: TEXT_BOUNDS.file['meta.description'].max,
} as const;

export type Fail = (message: string) => Response;
const badRequest: Fail = (message) => codeError(400, message);

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- NUL is what free text refuses
const NUL = /\u0000/;

/** Why a value breaks its bound (`must …`), or null when it keeps it. */
export function textProblem(value: string, bound: TextBound): string | null {
  if (value.length > bound.max) return `must be at most ${bound.max} characters`;
  if (NUL.test(value)) return 'must not contain NUL characters';
  if (bound.kind === 'line' && /[\r\n\u2028\u2029]/.test(value)) return 'must be on one line';
  if (bound.kind === 'line' && CONTROL.test(value)) return 'must not contain control characters';
  return null;
}

/**
 * Checks one stored text field against its bound; a refusal is 400 `field: must …` in the
 * caller's error shape (`fail`, the `{code, message}` shape by default). Non-strings are left to
 * the handler's own type checks.
 */
export function checkBound(field: string, value: unknown, bound: TextBound, fail: Fail = badRequest): void {
  if (typeof value !== 'string') return;
  const problem = textProblem(value, bound);
  if (problem) throw fail(`${field}: ${problem}`);
}

/** Checks every field of `values` that the family's table names. */
export function checkFields<F extends keyof typeof TEXT_BOUNDS>(
  family: F,
  values: Record<string, unknown>,
  fail: Fail = badRequest,
  prefix = '',
): void {
  for (const [field, bound] of Object.entries<TextBound>(TEXT_BOUNDS[family])) {
    if (Object.hasOwn(values, field)) checkBound(`${prefix}${field}`, values[field], bound, fail);
  }
}

/** Checks every string nested in a stored value (objects, arrays) as free text. */
export function checkNested(field: string, value: unknown, fail: Fail = badRequest, depth = 0): void {
  if (depth > 8) throw fail(`${field}: is nested too deeply`);
  if (typeof value === 'string') return checkBound(field, value, TEXT_BOUNDS.nested.value, fail);
  if (Array.isArray(value)) {
    if (value.length > 200) throw fail(`${field}: must have at most 200 entries`);
    value.forEach((item, index) => checkNested(`${field}.${index}`, item, fail, depth + 1));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length > 200) throw fail(`${field}: must have at most 200 keys`);
    for (const [key, item] of entries) {
      checkBound(`${field} key`, key, TEXT_BOUNDS.nested.value, fail);
      checkNested(`${field}.${key}`, item, fail, depth + 1);
    }
  }
}

/**
 * The older form: a field of at most `max` characters, one line unless `singleLine` is false.
 * Kept for the first handlers that used it; new code names its bound in TEXT_BOUNDS.
 */
export function checkText(field: string, value: string | undefined, max: number, singleLine = true): void {
  checkBound(field, value, singleLine ? line(max) : text(max));
}
