import DOMPurify, { type Config } from 'dompurify';

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

/** Sanitised HTML as a string, ready for `dangerouslySetInnerHTML`; empty when the browser cannot sanitise. */
export function sanitizeHtml(dirty: unknown): string {
  if (typeof dirty !== 'string' || dirty.trim() === '') return '';
  const purify = instance();
  if (!purify.isSupported) return '';
  return purify.sanitize(dirty, { ...CONFIG, RETURN_TRUSTED_TYPE: false });
}
