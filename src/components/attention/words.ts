import { t } from '@lingui/core/macro';
/**
 * What alerts say. Notifications show on a lock screen and in screen shares: no patient name, no
 * health information, only that something is waiting. The clinic's name is the title.
 */
export const ATTENTION_TEXT = {
  // Getters: the words are made when an alert is, in the page's language.
  get ready() {
    return { body: t`Your provider is ready`, titleMarker: t`● Ready · ` };
  },
  get join() {
    return { body: t`Your visit can start now`, titleMarker: t`● Join now · ` };
  },
  get message() {
    return { body: t`You have a new message from the clinic`, titleMarker: t`● New message · ` };
  },
};

/** One notification per event and visit: two tabs or two polls of it show one. */
export function attentionTag(kind: keyof typeof ATTENTION_TEXT, visitId: string): string {
  return `visit-${kind}-${visitId}`;
}
