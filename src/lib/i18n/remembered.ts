import { isLanguage, type Language } from './languages';

/**
 * The language this browser chose, in a first-party cookie (`portal-lang`, a year, this site only).
 * Not `localStorage` (docs/i18n.md): the choice is no secret and names nobody, a cookie is read
 * synchronously before the first paint, and it is the one place a server in front of the portal could
 * read it too. Tokens never go in cookies; this holds two letters.
 */
const NAME = 'portal-lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberedLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === NAME && isLanguage(value)) return value;
  }
  return null;
}

export function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${NAME}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}
