/**
 * The translation layer (docs/i18n.md): messages keyed by their English text.
 * English is compiled into the code at build time (build/i18n.ts) and needs no catalogue; another
 * language's catalogue is loaded on demand, before the page shows in it.
 */
import { LANGUAGES, PSEUDO, preferredLanguage, type Language } from './languages';
import { rememberLanguage, rememberedLanguage } from './remembered';
import { i18n, type Messages } from './runtime';

/** The one translator: the macros' output calls it (lingui.config.ts `runtimeConfigModule`). */
export { i18n };
export { LANGUAGES, preferredLanguage, type Language, type OfferedLanguage } from './languages';

const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('@/locales/es.po'),
  pseudo: () => import('@/locales/en.po?pseudo'),
};

function setPageLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  const spec = language === 'pseudo' ? PSEUDO : LANGUAGES.find((entry) => entry.code === language);
  if (!spec) return;
  document.documentElement.lang = spec.htmlLang;
  document.documentElement.dir = spec.dir;
}

/** Loads a language's catalogue if it has one, then shows the page in it. */
export async function activateLanguage(language: Language): Promise<void> {
  const messages = language === 'en' ? {} : (await catalogues[language]()).messages;
  i18n.loadAndActivate({ locale: language, messages });
  setPageLanguage(language);
}

/** The language a page opens in: the one this browser chose, else its preferred languages. */
export function initialLanguage(): Language {
  const preferences = typeof navigator === 'undefined' ? [] : navigator.languages;
  return rememberedLanguage() ?? preferredLanguage(preferences);
}

/** A reader's choice from the switcher: remembered for this browser, then shown. */
export async function chooseLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await activateLanguage(language);
}

/** The language the page is in now. */
export const currentLanguage = (): Language => i18n.locale as Language;
