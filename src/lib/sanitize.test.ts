import { afterEach, describe, expect, it, vi } from 'vitest';
import { renameEventHandlers, sanitizeHtml } from './sanitize';

/** Renders the sanitiser's output into a detached container to inspect it as a browser would. */
function sanitizeInto(dirty: string): HTMLDivElement {
  const container = document.createElement('div');
  // jsdom has no Trusted Types: the sanitiser returns a string here.
  container.innerHTML = sanitizeHtml(dirty) as string;
  return container;
}

const HOSTILE = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '<svg><script>window.__xss=3</script></svg>',
  '<svg onload="window.__xss=4"></svg>',
  '<a href="javascript:window.__xss=5">click</a>',
  '<a href="  JaVaScRiPt:window.__xss=6">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">text</p>',
  '<details open ontoggle="alert(1)">x</details>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a id="config" name="location" href="https://ok.example">named</a>',
  '<object data="javascript:alert(1)"></object>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="http://plain.example">plain http</a>',
  '<a href="/relative">relative</a>',
];

const ALLOWED = new Set(['P', 'B', 'I', 'EM', 'STRONG', 'UL', 'OL', 'LI', 'BR', 'A']);

describe('sanitizeHtml', () => {
  afterEach(() => {
    delete (window as unknown as { __xss?: unknown }).__xss;
  });

  it('keeps simple text markup and safe links, opening links in a new tab without an opener', () => {
    const html = sanitizeInto(
      '<p><strong>Closed</strong> today. <em>Sorry</em>.</p><ul><li>Call <a href="tel:+15550100">us</a></li><li><a href="mailto:help@example.test">Write</a></li></ul><p><a href="https://example.test/help" target="_self">Help</a></p>',
    );
    expect(html.querySelector('strong')?.textContent).toBe('Closed');
    const links = [...html.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'tel:+15550100',
      'mailto:help@example.test',
      'https://example.test/help',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it.each(HOSTILE)('neutralises %s', (payload) => {
    const html = sanitizeInto(payload);
    for (const element of html.querySelectorAll('*')) {
      expect(ALLOWED.has(element.tagName)).toBe(true);
      const attributes = [...element.attributes].map((a) => a.name);
      expect(attributes.every((name) => ['href', 'target', 'rel'].includes(name))).toBe(true);
      const href = element.getAttribute('href');
      if (href !== null) expect(href).toMatch(/^(https:|mailto:|tel:)/);
    }
    expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('strips id and name so sanitised markup cannot clobber globals', () => {
    const html = sanitizeInto('<a id="config" name="location" href="https://ok.example">named</a>');
    const link = html.querySelector('a');
    expect(link?.hasAttribute('id')).toBe(false);
    expect(link?.hasAttribute('name')).toBe(false);
  });

  it('drops links that do not point to https, mailto or tel but keeps their text', () => {
    const html = sanitizeInto(
      '<a href="http://plain.example">plain</a> <a href="javascript:alert(1)">js</a>',
    );
    expect(html.textContent).toBe('plain js');
    expect(html.querySelectorAll('a[href]')).toHaveLength(0);
    expect(html.querySelectorAll('a[target]')).toHaveLength(0);
  });

  it('drops the content of script and style instead of showing it as text', () => {
    expect(sanitizeInto('<p>ok</p><script>window.__xss=2</script><style>p{}</style>').textContent).toBe('ok');
  });

  it('returns an empty string for empty or non-string input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(42)).toBe('');
  });
});

describe('sanitizeHtml under Trusted Types (case 69)', () => {
  afterEach(() => {
    delete (window as { trustedTypes?: unknown }).trustedTypes;
    vi.resetModules();
  });

  it('returns TrustedHTML from the one named policy the CSP allows, and parses through it', async () => {
    class FakeTrustedHTML {
      constructor(readonly value: string) {}
      toString() {
        return this.value;
      }
    }
    const policies: string[] = [];
    const created: string[] = [];
    (window as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: (name: string, rules: { createHTML: (s: string) => string }) => {
        policies.push(name);
        return {
          name,
          createHTML: (input: string) => {
            created.push(input);
            return new FakeTrustedHTML(rules.createHTML(input));
          },
          createScriptURL: () => {
            throw new TypeError('no');
          },
          createScript: () => {
            throw new TypeError('no');
          },
        };
      },
    };
    vi.resetModules();
    const fresh = await import('./sanitize');
    const out = fresh.sanitizeHtml('<p>Closed<img src=x onerror="window.__xss(1)"></p>');
    expect(out).toBeInstanceOf(FakeTrustedHTML);
    expect((out as unknown as FakeTrustedHTML).value).toBe('<p>Closed</p>');
    expect(fresh.hasMarkup(out)).toBe(true);
    expect(policies).toEqual([fresh.SANITIZER_POLICY_NAME]);
    expect(fresh.SANITIZER_POLICY_NAME).toBe('portal-sanitizer');
    // What DOMPurify parses carries no event handler (Chromium would report it while parsing).
    expect(created.some((html) => /\sonerror=/i.test(html))).toBe(false);
    // The raw input was wrapped only to be parsed; what comes out is the sanitised markup.
    expect(created.at(-1)).toBe('<p>Closed</p>');
    fresh.sanitizeHtml('<b>again</b>');
    expect(policies).toHaveLength(1);
  });
});

describe('renameEventHandlers', () => {
  it.each([
    ['<img src=x onerror="a()">', '<img src=x data-removed-onerror="a()">'],
    ['<svg/onload=a()>', '<svg/data-removed-onload=a()>'],
    ['<p\nONCLICK = a()>', '<p\ndata-removed-onCLICK = a()>'],
    ['<a href="x"onmouseover=a()>', '<a href="x"data-removed-onmouseover=a()>'],
    ['<p>Come on in, the door is open</p>', '<p>Come on in, the door is open</p>'],
  ])('%s', (input, expected) => {
    expect(renameEventHandlers(input)).toBe(expected);
  });

  it('leaves nothing of a handler after sanitising', () => {
    const html = sanitizeInto('<img src=x onerror="window.__xss(1)"><p onclick="x()">ok</p>');
    expect(html.innerHTML).toBe('<p>ok</p>');
  });
});
