import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/lib/contrast';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Read from disk: the test runner hands CSS imports to modules as empty strings.
const css = readFileSync(resolve(process.cwd(), 'src/styles.css'), 'utf8');

/** The colour tokens of one theme: the first `:root` block is light, the one inside the dark media query is dark. */
function tokens(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--(c-[\w-]+):\s*(?:var\(--[\w-]+,\s*)?(#[0-9a-f]{6})\b/gi)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}
const light = tokens(css.slice(0, css.indexOf('@media (prefers-color-scheme: dark)')));
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');
const dark = tokens(css.slice(darkStart, css.indexOf('}\n}', darkStart)));

/** Text on background pairs the components use, each held to 4.5:1; focus rings to 3:1. */
const TEXT_PAIRS: [string, string][] = [
  ['c-text', 'c-bg'],
  ['c-text', 'c-surface'],
  ['c-text', 'c-surface-2'],
  ['c-muted', 'c-bg'],
  ['c-muted', 'c-surface'],
  ['c-muted', 'c-surface-2'],
  ['c-primary', 'c-bg'],
  ['c-primary', 'c-surface'],
  ['c-primary-dark', 'c-accent-bg'],
  ['c-primary-dark', 'c-surface'],
  ['c-on-primary', 'c-primary'],
  ['c-on-danger', 'c-danger'],
  ['c-danger', 'c-surface'],
  ['c-danger', 'c-bg'],
  ['c-danger', 'c-warning-bg'],
  ['c-danger-text', 'c-danger-bg'],
  ['c-success', 'c-success-bg'],
  ['c-success', 'c-surface'],
  ['c-text', 'c-warning-bg'],
  ['c-text', 'c-accent-bg'],
  ['c-disabled-text', 'c-disabled-bg'],
  ['c-bg', 'c-text'],
];
const UI_PAIRS: [string, string][] = [
  ['c-focus', 'c-bg'],
  ['c-focus', 'c-surface'],
  ['c-field-border', 'c-surface'],
  ['c-primary', 'c-surface'],
];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, theme) => {
  it('defines every token the light theme defines', () => {
    expect(Object.keys(theme).sort()).toEqual(Object.keys(light).sort());
  });

  it.each(TEXT_PAIRS)('keeps %s on %s at 4.5:1 or more', (fg, bg) => {
    expect(contrastRatio(theme[fg]!, theme[bg]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)('keeps %s against %s at 3:1 or more', (fg, bg) => {
    expect(contrastRatio(theme[fg]!, theme[bg]!)).toBeGreaterThanOrEqual(3);
  });
});
