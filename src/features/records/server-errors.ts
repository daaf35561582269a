import { isApiError } from '@/api/errors';

/**
 * A refused section write names its field first: `data.1.substance: repeats entry 1` or
 * `data.num_kids: must be …` (docs/spec-decisions.md). Returns the path inside `data` and the text,
 * or null when the refusal belongs to the section as a whole.
 */
export function sectionFieldError(error: unknown): { path: string[]; text: string } | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 400 || !error.serverMessage)
    return null;
  const match = /^data\.([a-z0-9_.]+):\s*(.+)$/s.exec(error.serverMessage);
  if (!match?.[1] || !match[2]) return null;
  const text = match[2].trim();
  if (text.length > 300 || /[<>]/.test(text)) return null;
  return { path: match[1].split('.'), text };
}

/** "repeats entry 1" -> "Allergy 2 repeats entry 1." */
export function fieldSentence(label: string, text: string): string {
  const sentence = /^[a-z]/.test(text) ? `${label} ${text}` : text;
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}

/** A message for a failed save that keeps the patient's typing in view. */
export function saveFailure(error: unknown): string {
  const reason = isApiError(error) ? error.userMessage : 'Something went wrong while saving.';
  return `${reason} Your changes are still here; press Save to try again.`;
}
