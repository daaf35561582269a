import { PSEUDO_PAGE_LANG, SUPPORTED_LOCALES } from '@/lib/locale';

/**
 * The languages of the portal (docs/i18n.md). Each is named in itself, so a reader finds their own
 * whatever the page is in. `pseudo` is the test locale (accented, longer, right to left): it is
 * never offered, only chosen by the tests through the remembered choice.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', htmlLang: SUPPORTED_LOCALES[0], dir: 'ltr' },
  { code: 'es', name: 'Español', htmlLang: SUPPORTED_LOCALES[1], dir: 'ltr' },
] as const;

export type OfferedLanguage = (typeof LANGUAGES)[number]['code'];
export type Language = OfferedLanguage | 'pseudo';

export const PSEUDO = { code: 'pseudo', htmlLang: PSEUDO_PAGE_LANG, dir: 'rtl' } as const;

export const isLanguage = (value: string | null | undefined): value is Language =>
  value === 'pseudo' || LANGUAGES.some((language) => language.code === value);

/** The first of the browser's preferred languages the portal speaks; English otherwise. */
export function preferredLanguage(preferences: readonly string[]): OfferedLanguage {
  for (const tag of preferences) {
    const base = tag.toLowerCase().split('-')[0];
    const match = LANGUAGES.find((language) => language.code === base);
    if (match) return match.code;
  }
  return 'en';
}
