import { USER_STORAGE_PREFIX } from '@/lib/session/storage';

/**
 * Bookkeeping this browser tab keeps about an intake, for a server that drops what the portal
 * sends beyond the spec (DESIGN.md section 5): ids, codes, times and flags only, never free text
 * or anything that names a patient. It lives in sessionStorage under the user prefix, so signing
 * out (in any tab) wipes it, and a closed tab takes it along. Notes marked `untilVisit` matter
 * only until the intake's visit exists (`forgetUntilVisit`).
 */

const intakePrefix = (intakeId: string) => `${USER_STORAGE_PREFIX}intake.${intakeId}.`;
const UNTIL_VISIT = 'until-visit.';

function keyOf(intakeId: string, name: string, untilVisit: boolean): string {
  return `${intakePrefix(intakeId)}${untilVisit ? UNTIL_VISIT : ''}${name}`;
}

/** This tab's sessionStorage; null where there is none or it is blocked. */
export function tabStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export interface NoteOptions {
  untilVisit?: boolean;
  /** Another tab's storage in tests; this tab's sessionStorage by default. */
  storage?: Storage | null;
}

/** The note as stored (parsed JSON), or undefined; callers check its shape. */
export function readIntakeNote(intakeId: string, name: string, options: NoteOptions = {}): unknown {
  const storage = options.storage === undefined ? tabStorage() : options.storage;
  try {
    const raw = storage?.getItem(keyOf(intakeId, name, options.untilVisit ?? false)) ?? null;
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Stores the note; a full or blocked storage loses it (the caller keeps working without it). */
export function writeIntakeNote(
  intakeId: string,
  name: string,
  value: unknown,
  options: NoteOptions = {},
): void {
  const storage = options.storage === undefined ? tabStorage() : options.storage;
  try {
    storage?.setItem(keyOf(intakeId, name, options.untilVisit ?? false), JSON.stringify(value));
  } catch {
    // Nothing to do: the note is a convenience for a reload, never the only copy of an answer.
  }
}

export function removeIntakeNote(intakeId: string, name: string, options: NoteOptions = {}): void {
  const storage = options.storage === undefined ? tabStorage() : options.storage;
  try {
    storage?.removeItem(keyOf(intakeId, name, options.untilVisit ?? false));
  } catch {
    // A blocked storage holds nothing of ours.
  }
}

/** The intake's visit exists: the notes that mattered only until then go. */
export function forgetUntilVisit(intakeId: string, storage: Storage | null = tabStorage()): void {
  if (!storage) return;
  const prefix = `${intakePrefix(intakeId)}${UNTIL_VISIT}`;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null && k.startsWith(prefix),
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // A blocked storage holds nothing of ours.
  }
}
