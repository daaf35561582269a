/**
 * The translation layer (docs/i18n.md): Lingui's runtime with messages keyed by their English text.
 * English is compiled into the code at build time (build/i18n.ts) and needs no catalogue; another
 * language's catalogue is loaded on demand, before the page shows in it.
 */
import { i18n, type Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, PSEUDO, preferredLanguage, type Language } from './languages';
import { rememberLanguage, rememberedLanguage } from './remembered';

export { i18n };
export { LANGUAGES, preferredLanguage, type Language, type OfferedLanguage } from './languages';

// Messages arrive compiled (the build compiles English into the code and the catalogues on import):
// a plain string is already the final text.
i18n.setMessagesCompiler((message) => message as unknown as CompiledMessage);
i18n.loadAndActivate({ locale: 'en', messages: {} });

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
