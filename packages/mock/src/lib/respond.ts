import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { specAnswer } from '../spec-profile/answers.ts';

/**
 * Responses are built through the client's own schemas, so a mock that drifts from the contract
 * fails loudly (500 naming the field) instead of teaching the app something false. The check is on
 * the mock's whole answer; the spec profile then cuts it to the spec's fields (`specAnswer`,
 * docs/mock-profiles.md).
 */
function checked<T>(schema: z.ZodType<T> | null, payload: unknown): unknown {
  if (!schema) return payload;
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw HttpResponse.json(
      {
        code: 500,
        message: `mock contract drift at ${issue?.path.join('.') ?? '(root)'}: ${issue?.message ?? ''}`,
      },
      { status: 500 },
    );
  }
  return payload;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** 200 `{data: payload}` (or another status), checked against the schema. */
export function ok(
  schema: z.ZodType | null,
  payload: unknown,
  init: { status?: number; extra?: Record<string, unknown> } = {},
) {
  checked(schema, payload);
  return HttpResponse.json(
    { data: specAnswer(schema, payload), ...init.extra },
    { status: init.status ?? 200, headers: NO_STORE },
  );
}

/** A body that is not wrapped in `data` (recording detail, lists with their own envelope). */
export function raw(schema: z.ZodType | null, body: unknown, status = 200) {
  checked(schema, body);
  return HttpResponse.json(specAnswer(schema, body) as Record<string, unknown>, {
    status,
    headers: NO_STORE,
  });
}

export function noContent() {
  return new HttpResponse(null, { status: 204, headers: NO_STORE });
}
