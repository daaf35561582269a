import { readFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { compileCatalogue, compiled, pseudoText } from '../../build/i18n';
import { cataloguesIn, changedBy, LOCALES_DIR, slots, translationProblems } from './catalogues';

const spanish = () => readFileSync(path.join(LOCALES_DIR, 'es.po'), 'utf8');
const probe = (name: string) => readFileSync(path.join(import.meta.dirname, 'probes', name), 'utf8');

describe('the catalogues', () => {
  // Extraction itself runs in `npm run test:i18n` (test/i18n/extract-check.ts, about 15 s); here the
  // comparison it ends with is proven on a probe.
  it('a catalogue missing a message of the code is not what extraction writes (probe)', () => {
    const catalogues = cataloguesIn(LOCALES_DIR);
    expect(changedBy(catalogues, catalogues)).toEqual([]);
    const po = PO.parse(spanish());
    po.items = po.items.slice(1);
    expect(changedBy(catalogues, { ...catalogues, 'es.po': po.toString() + '\n' })).toEqual(['es.po']);
    expect(changedBy(catalogues, { 'en.po': catalogues['en.po'] ?? '' })).toEqual(['es.po']);
  });

  it('have every message in Spanish, with the English placeholders and tags', () => {
    expect(translationProblems(spanish())).toEqual([]);
    expect(PO.parse(spanish()).items.length).toBeGreaterThan(5);
  });

  it('refuse a missing Spanish message, a broken one and a lost placeholder (probe)', () => {
    expect(translationProblems(probe('es-broken.po'))).toEqual([
      'no translation: "Your visits"',
      expect.stringContaining('cannot compile message "Hola {name"'),
      '"Book a <0>visit</0> for {name}": placeholders <0> {name} but <0>',
    ]);
    // The build's compile is strict too: the bundle is never made with a message missing.
    expect(() => compileCatalogue(probe('es-broken.po'))).toThrow(/Hola \{name|no translation/);
  });
});

describe('the pseudo-locale', () => {
  it('changes every word but keeps placeholders, plurals and tags', () => {
    const english = 'Book a <0>visit</0> for {name}: {count, plural, one {# slot} other {# slots}}';
    const pseudo = compiled(english, pseudoText);
    expect(slots(pseudo)).toEqual(slots(compiled(english)));
    expect(JSON.stringify(pseudo)).not.toMatch(/Book|visit|slot/);
    expect(pseudoText('Save')).toBe('⟦Šáṽé··⟧');
    // Each word grows, so long sentences still wrap between words.
    expect(pseudoText('Save the visit')).toBe('⟦Šáṽé·· ţĥé· ṽíšíţ··⟧');
  });

  it('is compiled from the English catalogue for every message', () => {
    const english = readFileSync(path.join(LOCALES_DIR, 'en.po'), 'utf8');
    const catalogue = compileCatalogue(english, { pseudo: true });
    const messages = Object.values(catalogue).map((m) => JSON.stringify(m));
    // A text written both in a screen and as a marked sentence of src/api/ is two entries, one key.
    const keys = new Set(
      PO.parse(english)
        .items.filter((i) => !i.obsolete)
        .map((i) => `${i.msgctxt ?? ''}\u0004${i.msgid}`),
    );
    expect(messages.length).toBe(keys.size);
    for (const message of messages) expect(message).toContain('⟦');
  });
});
