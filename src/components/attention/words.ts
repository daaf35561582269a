/**
 * What alerts say. Notifications show on a lock screen and in screen shares: no patient name, no
 * health information, only that something is waiting. The clinic's name is the title.
 */
export const ATTENTION_TEXT = {
  ready: { body: 'Your provider is ready', titleMarker: '● Ready · ' },
  join: { body: 'Your visit can start now', titleMarker: '● Join now · ' },
  message: { body: 'You have a new message from the clinic', titleMarker: '● New message · ' },
} as const;

/** One notification per event and visit: two tabs or two polls of it show one. */
export function attentionTag(kind: keyof typeof ATTENTION_TEXT, visitId: string): string {
  return `visit-${kind}-${visitId}`;
}
