import { USER_STORAGE_PREFIX } from '@/lib/session';

/**
 * Message drafts per thread live in sessionStorage under the user prefix, so signing out wipes
 * them (DESIGN.md section 5). A draft is dropped only when the server confirms the message.
 */
export const draftKey = (userId: string, visitId: string) =>
  `${USER_STORAGE_PREFIX}${userId}.message-draft.${visitId}`;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function readDraft(userId: string, visitId: string): string {
  return storage()?.getItem(draftKey(userId, visitId)) ?? '';
}

export function writeDraft(userId: string, visitId: string, text: string): void {
  const store = storage();
  if (!store) return;
  try {
    if (text) store.setItem(draftKey(userId, visitId), text);
    else store.removeItem(draftKey(userId, visitId));
  } catch {
    // Storage full or blocked: the draft simply is not kept across reloads.
  }
}
