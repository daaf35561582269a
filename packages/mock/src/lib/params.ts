/** Reads request parameters the way a strict server would, throwing a 400 Response when they break the spec. */
export type Fail = (message: string) => Response;

export function queryOf(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}

export function requiredString(
  params: URLSearchParams | FormData | Record<string, unknown>,
  key: string,
  fail: Fail,
): string {
  const value = read(params, key);
  if (typeof value !== 'string' || value.trim() === '') throw fail(`${key} is required`);
  return value;
}

export function optionalString(
  params: URLSearchParams | FormData | Record<string, unknown>,
  key: string,
): string | undefined {
  const value = read(params, key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function optionalInt(
  params: URLSearchParams | FormData | Record<string, unknown>,
  key: string,
  fail: Fail,
  { min, max }: { min?: number; max?: number } = {},
): number | undefined {
  const value = read(params, key);
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : decimalInt(value);
  if (n === null || !Number.isSafeInteger(n)) throw fail(`${key} must be an integer`);
  if (min !== undefined && n < min) throw fail(`${key} must be at least ${min}`);
  if (max !== undefined && n > max) throw fail(`${key} must be at most ${max}`);
  return n;
}

/**
 * An integer written in plain decimal digits (an optional leading minus): `Number()` alone would
 * also take `0x10`, `1e1`, `10.0` and surrounding spaces, which a strict server refuses.
 */
export function decimalInt(value: unknown): number | null {
  if (typeof value !== 'string' || !/^-?[0-9]{1,16}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

export function requiredInt(
  params: URLSearchParams | FormData | Record<string, unknown>,
  key: string,
  fail: Fail,
  range: { min?: number; max?: number } = {},
): number {
  const n = optionalInt(params, key, fail, range);
  if (n === undefined) throw fail(`${key} is required`);
  return n;
}

function read(params: URLSearchParams | FormData | Record<string, unknown>, key: string): unknown {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  if (typeof FormData !== 'undefined' && params instanceof FormData) {
    const v = params.get(key);
    return v === null ? undefined : v;
  }
  return Object.hasOwn(params, key) ? (params as Record<string, unknown>)[key] : undefined;
}

/** Whether the request says its body is JSON (`application/json`, with or without a charset). */
export function isJsonContentType(request: Request): boolean {
  const type = request.headers.get('Content-Type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Parses a JSON body, answering 400 for anything that is not a JSON object. */
export async function jsonBody(request: Request, fail: Fail): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw fail('body must be JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw fail('body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Parses a form-urlencoded body. */
export async function formBody(request: Request): Promise<URLSearchParams> {
  const text = await request.text();
  return new URLSearchParams(text);
}
