import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LOCALES, firstWeekday, formatLocale, plural } from './locale';

const visits = { one: '# visit', other: '# visits' };

describe('formatLocale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const pageIn = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });

  it('formats in US English where there is no page', () => {
    expect(typeof document).toBe('undefined');
    expect(formatLocale()).toBe('en-US');
  });

  it.each(SUPPORTED_LOCALES)('follows the page when it is in %s', (lang) => {
    pageIn(lang);
    expect(formatLocale()).toBe(lang);
  });

  it.each(['', 'en', 'es', 'fr-FR', 'EN-us'])('falls back to US English when the page says %j', (lang) => {
    pageIn(lang);
    expect(formatLocale()).toBe('en-US');
  });
});

describe('plural', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [0, '0 visits'],
    [1, '1 visit'],
    [1.5, '1.5 visits'],
    [2, '2 visits'],
  ])('says %d in English as %j', (count, words) => {
    expect(plural(count, visits, 'en-US')).toBe(words);
  });

  it('writes the count as the language does, thousands separator included', () => {
    expect(plural(12050, visits, 'en-US')).toBe('12,050 visits');
    expect(plural(1, { one: 'one visit (#)', other: '# visits' }, 'en-US')).toBe('one visit (1)');
    expect(plural(2, { one: 'a visit', other: 'visits: #, # in all' }, 'en-US')).toBe('visits: 2, 2 in all');
  });

  it('follows Spanish rules: one for 1, other for 0 and 1.5', () => {
    const citas = { one: '# cita', other: '# citas' };
    expect(plural(1, citas, 'es-US')).toBe('1 cita');
    expect(plural(0, citas, 'es-US')).toBe('0 citas');
    expect(plural(1.5, citas, 'es-US')).toBe('1.5 citas');
  });

  it("uses the page's locale when none is given", () => {
    expect(plural(1, visits)).toBe('1 visit');
    vi.stubGlobal('document', { documentElement: { lang: 'es-US' } });
    expect(plural(1, { one: '# cita', other: '# citas' })).toBe('1 cita');
    expect(plural(3, { one: '# cita', other: '# citas' })).toBe('3 citas');
  });
});

describe('firstWeekday', () => {
  it('starts the week where the language and country start it', () => {
    expect(firstWeekday('en-US')).toBe(0);
    expect(firstWeekday('es-US')).toBe(0);
    expect(firstWeekday('es-ES')).toBe(1);
    expect(firstWeekday('en-GB')).toBe(1);
  });
});
