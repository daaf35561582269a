import { HttpResponse } from 'msw';

/**
 * Spec section 7 has two error body shapes: `{code, message}` on user, room, payment and
 * message endpoints, `{error, message}` on visit and intake endpoints. Handlers pick theirs.
 * Each returns a Response to `throw` from a resolver (msw answers with a thrown Response).
 */
export function codeError(
  status: number,
  message: string,
  code: number = status,
  extra: Record<string, unknown> = {},
) {
  return HttpResponse.json({ code, message, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } });
}

export function namedError(status: number, error: string, message: string) {
  return HttpResponse.json({ error, message }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** The user-area quirk: 400/401 whose body says code 404 with a generic page-unavailable text. */
export function userAreaError(status: 400 | 401, detail?: string) {
  return codeError(status, detail ?? 'The page you requested is not available.', 404);
}

export function notImplemented(method: string, path: string) {
  return HttpResponse.json(
    {
      code: 501,
      message: `The mock does not implement ${method} ${path} yet; its issue will.`,
    },
    { status: 501 },
  );
}
