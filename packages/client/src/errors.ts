import { i18n } from './i18n.ts';

/** The sentence in the page's language (English in Node, where no other is ever chosen). */
const say = (d: { id: string }) => i18n._(d);

/**
 * Every failure of the API layer is an ApiError. The category comes from the HTTP status first
 * and the body second: several user-area endpoints answer 400/401 with `code: 404` in the body,
 * and that is still a 400/401 (spec section 7).
 */
export type ApiErrorKind =
  | 'http' // the server answered with a non-2xx status
  | 'network' // no answer: offline, DNS, connection reset, CORS refusal
  | 'timeout' // we gave up waiting
  | 'aborted' // the caller cancelled (navigated away)
  | 'contract' // the server answered 2xx with something that breaks the contract
  | 'session'; // the session ended (refresh refused): sign in again

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number | null;
  code?: number | string | null;
  serverMessage?: string | null;
  body?: unknown;
  field?: string | null;
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when there was no answer. */
  readonly status: number | null;
  /** The body's `code` (integer shape) or `error` (string shape), if any. */
  readonly code: number | string | null;
  /** The body's `message`, as text. Only ever rendered as text, and never for 5xx. */
  readonly serverMessage: string | null;
  /** The raw body, kept for developers' logs only. */
  readonly body: unknown;
  /** For contract errors: the path of the field that broke the contract. */
  readonly field: string | null;
  /** From a Retry-After header (429). */
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit) {
    super(describe(init), { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.body = init.body;
    this.field = init.field ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** A sentence safe to show anyone. Features replace it with something more specific where they can. */
  get userMessage(): string {
    switch (this.kind) {
      case 'network':
        return say(/*i18n*/ { id: 'We could not reach the clinic. Check your connection and try again.' });
      case 'timeout':
        return say(/*i18n*/ { id: 'This is taking too long. Please try again.' });
      case 'aborted':
        return say(/*i18n*/ { id: 'The request was cancelled.' });
      case 'contract':
        return say(/*i18n*/ { id: 'The clinic sent an unexpected response. Please try again later.' });
      case 'session':
        return say(/*i18n*/ { id: 'Your session has ended. Please sign in again.' });
      case 'http':
        return httpUserMessage(this.status ?? 0, this.serverMessage);
    }
  }
}

function describe(init: ApiErrorInit): string {
  const parts = [`${init.kind}`];
  if (init.status) parts.push(String(init.status));
  if (init.field) parts.push(`field ${init.field}`);
  if (init.serverMessage) parts.push(init.serverMessage);
  return `ApiError(${parts.join(': ')})`;
}

function httpUserMessage(status: number, serverMessage: string | null): string {
  if (status >= 500)
    return say(/*i18n*/ { id: 'The clinic is having trouble right now. Please try again in a moment.' });
  const safe =
    serverMessage && isPlainSentence(serverMessage) && !isDeveloperWording(serverMessage)
      ? serverMessage
      : null;
  switch (status) {
    case 401:
      return say(/*i18n*/ { id: 'Your session has ended. Please sign in again.' });
    case 403:
      return say(/*i18n*/ { id: 'You do not have access to this.' });
    case 404:
      return say(/*i18n*/ { id: 'We could not find what you were looking for.' });
    case 409:
      return (
        safe ??
        say(
          /*i18n*/ {
            id: 'This was changed elsewhere, perhaps by the clinic. Reload the page to see it as it is now.',
          },
        )
      );
    case 429:
      return safe ?? say(/*i18n*/ { id: 'Too many attempts. Please wait a moment and try again.' });
    default:
      return (
        safe ??
        say(
          /*i18n*/ {
            id: 'The clinic could not accept this. Please check what you entered; if it keeps happening, contact the clinic.',
          },
        )
      );
  }
}

/**
 * Server words meant for developers, not patients: identifiers (`intake_id`), status numbers,
 * "HTTP", "null", "not found" of a record, lists of allowed values. Those give way to the
 * portal's own sentence.
 */
function isDeveloperWording(text: string): boolean {
  return /\b[a-z]+_[a-z_]+\b|\bHTTP\b|\bnull\b|\bundefined\b|\bnot found\b|\bslug\b|must be one of|\bX-[A-Za-z]/i.test(
    text,
  );
}

/** A server string we are willing to show: short, no markup-looking content. */
function isPlainSentence(text: string): boolean {
  return text.length > 0 && text.length <= 300 && !/[<>]/.test(text);
}

/** Reads either error body shape ({code, message} or {error, message}) from whatever came back. */
export function readErrorBody(body: unknown): { code: number | string | null; message: string | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { code: null, message: null };
  }
  const record = body as Record<string, unknown>;
  const code =
    typeof record.code === 'number' || typeof record.code === 'string'
      ? record.code
      : typeof record.error === 'string'
        ? record.error
        : null;
  const message = typeof record.message === 'string' ? record.message : null;
  return { code, message };
}

/** Parses a Retry-After header given in seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const hasStatus = (error: unknown, status: number): boolean =>
  isApiError(error) && error.kind === 'http' && error.status === status;

/** Network trouble, timeouts and 5xx are worth another try; 4xx and contract errors are not. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.status ?? 0) >= 500;
}

/** A refusal about one field: the path the server named, split on dots, and its words about it. */
export interface FieldRefusal {
  /** `['pcp_phone']`, `['data', '1', 'substance']`, `['insurances', '1', 'guarantor_zip']`. */
  path: string[];
  /** The words after the field's name, trimmed: "must be exactly 10 digits". */
  text: string;
}

/** `field: words` or `a.1.b: words`: the mock (and the servers it stands for) name the field first. */
const FIELD_REFUSAL = /^([a-z0-9_]+(?:\.[a-z0-9_]+)*):\s*(.+)$/s;

/**
 * Reads a 400 whose message names its field first (docs/spec-decisions.md "Refusals name their
 * field"): `pcp_phone: must be exactly 10 digits`, `data.1.substance: repeats entry 1`,
 * `insurances.1.guarantor_zip: must be …`. Either error body shape carries the message. With
 * `under`, the path must start with that prefix (`'data'`), which is removed; a refusal of the
 * prefix itself belongs to the whole. Null when the refusal names no field, or when its words are
 * not fit to show (empty, over 300 characters, markup-looking). Callers map the path onto their
 * form's fields and word the sentence.
 */
export function fieldRefusal(error: unknown, options: { under?: string } = {}): FieldRefusal | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 400 || !error.serverMessage)
    return null;
  const match = FIELD_REFUSAL.exec(error.serverMessage);
  if (!match?.[1] || match[2] === undefined) return null;
  const text = match[2].trim();
  if (!text || text.length > 300 || /[<>]/.test(text)) return null;
  let path = match[1].split('.');
  if (options.under !== undefined) {
    const prefix = options.under.split('.');
    if (path.length <= prefix.length || prefix.some((part, i) => path[i] !== part)) return null;
    path = path.slice(prefix.length);
  }
  return { path, text };
}

/** "Allergy 2" + "repeats entry 1" -> "Allergy 2 repeats entry 1."; words that start a sentence stay as they are. */
export function fieldSentence(label: string, text: string): string {
  const sentence = /^[a-z]/.test(text) ? `${label} ${text}` : text;
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}
