/**
 * URL-valued fields from the API (photos, logos, file and join links) reach `src`/`href` only
 * when they are https, or a path on this origin; anything else (javascript:, data:, other
 * schemes) is refused and the caller shows a placeholder.
 */
export function safeResourceUrl(value: unknown, origin: string = window.location.origin): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  let url: URL;
  try {
    url = new URL(value.trim(), `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin === origin) return url.href;
  if (url.protocol === 'https:') return url.href;
  // Plain http only for local development servers (the mock on 127.0.0.1).
  if (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
    return url.href;
  return null;
}
