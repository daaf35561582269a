/**
 * The one place that decides which locale dates, numbers, lists and plurals are formatted in. Every
 * `Intl` call passes `formatLocale()` (lint refuses a fixed locale elsewhere in src/), so the Spanish
 * portal becomes a matter of setting `<html lang>`, not of hunting for literals.
 */

export const SUPPORTED_LOCALES = ['en-US', 'es-US'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

const DEFAULT_LOCALE: SupportedLocale = 'en-US';

const isSupported = (tag: string): tag is SupportedLocale =>
  (SUPPORTED_LOCALES as readonly string[]).includes(tag);

/**
 * The test pseudo-locale's page language (src/lib/i18n/languages.ts) and what it formats in: Arabic
 * with Latin digits, so its dates and money hold no English word (the tests look for English left
 * on a page) and read right to left like its text.
 */
export const PSEUDO_PAGE_LANG = 'ar-XB';
const PSEUDO_FORMAT_LOCALE = 'ar-u-nu-latn';

/**
 * The locale every `Intl` formatter uses: the page's `<html lang>` when it is a supported tag,
 * English (United States) otherwise, and always outside a browser (the mock server, tests without a DOM).
 */
export function formatLocale(): SupportedLocale | typeof PSEUDO_FORMAT_LOCALE {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang === PSEUDO_PAGE_LANG) return PSEUDO_FORMAT_LOCALE;
  return isSupported(lang) ? lang : DEFAULT_LOCALE;
}

// Building Intl objects costs far more than using them; plurals are worked out on every render.
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The form of a word for a count, by the language's own plural rules, with `#` replaced by the count
 * as that language writes numbers: `plural(1200, { one: '# visit', other: '# visits' })` is "1,200 visits".
 */
export function plural(
  count: number,
  forms: { one: string; other: string },
  locale: string = formatLocale(),
): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  let numbers = numberFormats.get(locale);
  if (!numbers) {
    numbers = new Intl.NumberFormat(locale);
    numberFormats.set(locale, numbers);
  }
  const form = rules.select(count) === 'one' ? forms.one : forms.other;
  return form.replaceAll('#', numbers.format(count));
}

/**
 * The weekday a calendar week starts on where the page's language is read, 0 = Sunday … 6 = Saturday
 * (`Intl.Locale` week info; Sunday where the browser does not tell, as in the United States).
 */
export function firstWeekday(locale: string = formatLocale()): number {
  const tag = new Intl.Locale(locale) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const firstDay = tag.getWeekInfo?.().firstDay ?? tag.weekInfo?.firstDay ?? 7;
  return firstDay % 7;
}
