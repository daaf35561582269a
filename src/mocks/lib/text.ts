import { codeError } from './errors';

/** Bounds on the free text the mock stores (docs/spec-decisions.md, Mock authorization). */
export const TEXT_LIMITS = {
  personName: 100,
  roomName: 100,
  fileName: 255,
  description: 2000,
} as const;

/**
 * Checks a stored text field: at most `max` characters, no NUL, and for single-line fields (names)
 * no line breaks. A 400 names the field.
 */
export function checkText(field: string, value: string | undefined, max: number, singleLine = true): void {
  if (value === undefined) return;
  if (value.length > max) throw codeError(400, `${field} must be at most ${max} characters`);
  if (value.includes('\u0000')) throw codeError(400, `${field} must not contain NUL characters`);
  if (singleLine && /[\r\n]/.test(value)) throw codeError(400, `${field} must be on one line`);
}
