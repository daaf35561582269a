import { isApiError } from '@/api/errors';

/**
 * The mock (docs/spec-decisions.md) starts a 400 message about one field with its name:
 * "pcp_phone: must be exactly 10 digits". Returns that field and a sentence to show under it
 * ("Primary-care provider phone must be exactly 10 digits"), when the field is one of `labels`;
 * anything else belongs to the form as a whole.
 */
export function fieldErrorFrom<F extends string>(
  error: unknown,
  labels: Readonly<Record<F, string>>,
): { field: F; message: string } | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 400 || !error.serverMessage)
    return null;
  const match = /^([a-z_]+):\s*(.+)$/s.exec(error.serverMessage);
  if (!match) return null;
  const field = (Object.keys(labels) as F[]).find((f) => f === match[1]);
  const text = (match[2] ?? '').trim();
  if (!field || !text || text.length > 300 || /[<>]/.test(text)) return null;
  const sentence = /^[a-z]/.test(text) ? `${labels[field]} ${text}` : text;
  return { field, message: sentence.endsWith('.') ? sentence : `${sentence}.` };
}
