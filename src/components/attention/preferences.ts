import { useSyncExternalStore } from 'react';
import { USER_STORAGE_PREFIX } from '@/lib/session';

/** What the patient chose on the prompt; the browser itself keeps the notification permission. */
export interface AttentionPrefs {
  /** Pressed "Notify me": alerts may use system notifications (when allowed) and sound. */
  optedIn: boolean;
  /** The chime plays (the patient can turn it off). */
  soundOn: boolean;
}

const DEFAULTS: AttentionPrefs = { optedIn: false, soundOn: true };

/**
 * In this tab's sessionStorage under the user prefix, so sign-out wipes it with the drafts
 * (never localStorage). A blocked storage falls back to memory for the life of the page.
 */
export const ATTENTION_PREFS_KEY = `${USER_STORAGE_PREFIX}attention`;

let memory: string | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    const store = storage();
    if (store) return store.getItem(ATTENTION_PREFS_KEY);
  } catch {
    // Blocked storage: what this page was told is in memory.
  }
  return memory;
}

function writeRaw(raw: string | null): void {
  memory = raw;
  try {
    const store = storage();
    if (raw === null) store?.removeItem(ATTENTION_PREFS_KEY);
    else store?.setItem(ATTENTION_PREFS_KEY, raw);
  } catch {
    // Kept in memory only.
  }
}

function parse(raw: string | null): AttentionPrefs {
  if (!raw) return DEFAULTS;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULTS;
    const { optedIn, soundOn } = value as Record<string, unknown>;
    return {
      optedIn: optedIn === true,
      soundOn: typeof soundOn === 'boolean' ? soundOn : DEFAULTS.soundOn,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The patient's choices now (read afresh: sign-out may have wiped them). */
export function getAttentionPrefs(): AttentionPrefs {
  return parse(readRaw());
}

/** Changes some of the patient's choices and tells every prompt on the page. */
export function setAttentionPrefs(patch: Partial<AttentionPrefs>): void {
  writeRaw(JSON.stringify({ ...getAttentionPrefs(), ...patch }));
  for (const listener of listeners) listener();
}

/** Forgets the choices (tests; a new patient in this tab starts unasked). */
export function clearAttentionPrefs(): void {
  writeRaw(null);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The patient's choices, kept up to date. */
export function useAttentionPrefs(): AttentionPrefs {
  // The raw string is the snapshot: equal strings are equal snapshots, so no render loop.
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return parse(raw);
}
