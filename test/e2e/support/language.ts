import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import PO from 'pofile';
import { pseudoText } from '../../../build/i18n';

/**
 * The portal's languages in browser tests (docs/i18n.md): choosing one as the switcher does (its
 * cookie), the Spanish of a label, and the portal's own English labels found on a page.
 */
const SPANISH = PO.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../src/locales/es.po'), 'utf8'),
);

const translations = new Map(
  SPANISH.items
    .filter((item) => !item.obsolete && !item.msgctxt)
    .map((item) => [item.msgid, item.msgstr[0] ?? '']),
);

/** The Spanish of one of the portal's messages (without placeholders); throws if it has none. */
export function es(english: string): string {
  const spanish = translations.get(english);
  if (!spanish) throw new Error(`no Spanish for "${english}" in src/locales/es.po`);
  return spanish;
}

/**
 * The portal's own English labels a Spanish page must not show: every message with no placeholder
 * or tag whose Spanish is another text, of two words at least (single words such as "Email" may
 * also be a name or a value from the data).
 */
export const ENGLISH_LABELS: ReadonlySet<string> = new Set(
  SPANISH.items
    .filter((item) => !item.obsolete)
    .map((item) => ({ english: item.msgid, spanish: item.msgstr[0] ?? '' }))
    .filter(
      ({ english, spanish }) => !/[{}<>]/.test(english) && spanish !== english && /\S+\s+\S+/.test(english),
    )
    .map(({ english }) => english),
);

/** Shows the portal in a language from the next page load on, as the switcher would remember it. */
export async function useLanguage(page: Page, baseURL: string, language: 'en' | 'es' | 'pseudo') {
  await page.context().addCookies([{ name: 'portal-lang', value: language, url: baseURL }]);
}

/**
 * What a person reads or hears on the page, piece by piece: each element's own text, the accessible
 * words of its attributes and the tab's title.
 */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>([document.title]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Not read: scripts, styles, hidden parts, the no-JavaScript notice, words in another language
      // on purpose (the switcher names each language in itself) and the developers' own link.
      if (
        !parent ||
        parent.closest('script, style, noscript, [hidden], [aria-hidden="true"], [lang], a[href^="/dev/"]')
      ) {
        continue;
      }
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) texts.add(text);
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-description]',
    )) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/**
 * The portal's own English labels among the page's texts (whole texts, and sentences within them),
 * but for texts the server sent as they are (a step's name from the clinic's account).
 */
export async function englishLabelsOn(page: Page, server: ServerData = NO_SERVER_DATA): Promise<string[]> {
  const texts = await pageTexts(page);
  return texts.filter(
    (text) =>
      !server.texts.has(text) && (ENGLISH_LABELS.has(text) || ENGLISH_LABELS.has(text.replace(/[.:…]$/, ''))),
  );
}

/**
 * Collects every word the API sends the page (names, room names, reasons, messages, the clinic's
 * own texts): what stays as sent in any language. Call before the page loads.
 */
export interface ServerData {
  /** Every string the API sent, trimmed. */
  texts: Set<string>;
  /** Every word of those, in lower case. */
  words: Set<string>;
}
const NO_SERVER_DATA: ServerData = { texts: new Set(), words: new Set() };

export function recordServerData(page: Page, apiOrigin: string): ServerData {
  const words = new Set<string>();
  const texts = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') {
      texts.add(value.trim());
      for (const word of value.match(/\p{L}+/gu) ?? []) words.add(word.toLowerCase());
    } else if (Array.isArray(value)) {
      value.forEach(collect);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(collect);
    }
  };
  page.on('response', (response) => {
    if (!response.url().startsWith(apiOrigin)) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    response.json().then(collect, () => {});
  });
  return { texts, words };
}

/**
 * In the pseudo-locale every word of the portal is accented and between ⟦ ⟧: the texts of the page
 * that still hold a plain word of two letters or more that the server did not send are words the
 * portal forgot to translate.
 */
export async function untranslatedOn(page: Page, { words: serverWords }: ServerData): Promise<string[]> {
  const texts = await pageTexts(page);
  return texts.filter((text) =>
    text
      .split(/[^\p{L}]+/u)
      // A pseudo word has accents; a plain one the server did not send is English the portal forgot.
      // Abbreviations in capitals (PDF, MB, a patient's initials) are the same in every language.
      .some(
        (word) =>
          /^[A-Za-z]{2,}$/.test(word) && !/^[A-Z]{2,5}$/.test(word) && !serverWords.has(word.toLowerCase()),
      ),
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A label as the Spanish page shows it: the portal's own words in Spanish, and the clinic's (a step's
 * name, a button title the account sets) as sent, in English. Matches either, whole.
 */
export function either(english: string): RegExp {
  const spanish = translations.get(english);
  // A required field's label ends in its marker (" *").
  return new RegExp(`^(${[english, ...(spanish ? [spanish] : [])].map(escaped).join('|')})( \\*)?$`);
}

/** The words of a page still loading, as the pseudo-locale writes them (for `navigate`). */
export const PSEUDO_LOADING = new RegExp(
  ['Loading', 'Checking'].map((word) => escaped(pseudoText(word).replace(/^⟦|·*⟧$/g, ''))).join('|'),
);
