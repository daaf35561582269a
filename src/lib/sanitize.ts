import DOMPurify, { type Config } from 'dompurify';
import type { TrustedHTML, TrustedTypePolicy, TrustedTypesWindow } from 'trusted-types/lib';

/**
 * The one way server HTML (a room's `close_message.html`) reaches the page (RELIABILITY C22).
 * Only simple text markup and links survive; links may only go to https, mailto or tel and
 * always open in a new tab without handing over `window.opener` or a Referer.
 */
const ALLOWED_TAGS = ['p', 'b', 'i', 'em', 'strong', 'ul', 'ol', 'li', 'br', 'a'];
const ALLOWED_URL = /^(?:https:|mailto:|tel:)/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: ALLOWED_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Content of dropped elements such as <style> or <template> never becomes text.
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [
    'script',
    'style',
    'template',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'title',
    'textarea',
    'select',
    'option',
  ],
  SANITIZE_NAMED_PROPS: true,
};

/**
 * The Trusted Types policy of the sanitiser, named in the production CSP
 * (`trusted-types portal-sanitizer`). Its `createHTML` passes HTML through unchanged, so it is
 * never exported: only DOMPurify calls it, on its input (to parse) and on its sanitised output.
 */
export const SANITIZER_POLICY_NAME = 'portal-sanitizer';

let policy: TrustedTypePolicy | null | undefined;

function sanitizerPolicy(): TrustedTypePolicy | null {
  if (policy === undefined) {
    const factory = (window as unknown as TrustedTypesWindow).trustedTypes;
    policy = factory
      ? factory.createPolicy(SANITIZER_POLICY_NAME, {
          createHTML: (html: string) => html,
          createScript: (): string => {
            throw new TypeError('The sanitiser never produces scripts');
          },
          createScriptURL: (): string => {
            throw new TypeError('The sanitiser never produces script URLs');
          },
        })
      : null;
  }
  return policy;
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A private DOMPurify instance, so these hooks never leak into another caller's sanitising. */
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const created = DOMPurify(window);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !ALLOWED_URL.test(href.trim())) node.removeAttribute('href');
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = created;
  return created;
}

/**
 * Renames event-handler attributes (`onerror=` → `data-removed-onerror=`) before DOMPurify
 * parses the markup. DOMPurify removes them anyway (data attributes are not allowed); renaming
 * first keeps Chromium from checking each handler against the page's CSP while parsing the
 * inert copy, which it reports as a (blocked) script-src-attr violation. Not a security
 * boundary: DOMPurify is.
 */
export function renameEventHandlers(html: string): string {
  return html.replace(/([\s/"'])on([a-z]+\s*=)/gi, '$1data-removed-on$2');
}

/** What `dangerouslySetInnerHTML` receives: TrustedHTML where the browser has Trusted Types. */
export type SanitizedHtml = string | TrustedHTML;

/** Whether sanitised HTML has anything to show (TrustedHTML stringifies to its markup). */
export function hasMarkup(html: SanitizedHtml): boolean {
  return (typeof html === 'string' ? html : (html as { toString(): string }).toString()).trim() !== '';
}

/**
 * Sanitised HTML ready for `dangerouslySetInnerHTML`: a TrustedHTML from the `portal-sanitizer`
 * policy where the browser enforces Trusted Types (CSP `require-trusted-types-for 'script'`),
 * else a string; empty when there is nothing to show or the browser cannot sanitise.
 */
export function sanitizeHtml(dirty: unknown): SanitizedHtml {
  if (typeof dirty !== 'string' || dirty.trim() === '') return '';
  const purify = instance();
  if (!purify.isSupported) return '';
  const trusted = sanitizerPolicy();
  const input = renameEventHandlers(dirty);
  if (!trusted) return purify.sanitize(input, { ...CONFIG, RETURN_TRUSTED_TYPE: false });
  return purify.sanitize(input, { ...CONFIG, TRUSTED_TYPES_POLICY: trusted, RETURN_TRUSTED_TYPE: true });
}
