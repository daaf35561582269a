/**
 * The catalogue checks of `npm test` (docs/i18n.md), as functions the tests run on the real catalogues
 * and on probes: extraction leaves no change, every message has its Spanish, and a translation keeps the
 * English message's placeholders and element tags.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { compiled, type Compiled } from '../../build/i18n';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const LOCALES_DIR = path.join(ROOT, 'src/locales');

/**
 * Runs `lingui extract` over the sources into a copy of `catalogueDir` and returns what it wrote,
 * file by file (about 15 s: it parses every source file).
 */
export function extracted(catalogueDir: string): Record<string, string> {
  const work = path.join(ROOT, 'node_modules/.cache/i18n-extract-check');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'locales'), { recursive: true });
  const files = readdirSync(catalogueDir).filter((file) => file.endsWith('.po'));
  for (const file of files) cpSync(path.join(catalogueDir, file), path.join(work, 'locales', file));
  const config = path.join(work, 'lingui.config.ts');
  writeFileSync(
    config,
    [
      `import base from ${JSON.stringify(path.join(ROOT, 'lingui.config.ts'))};`,
      `const [catalog] = base.catalogs ?? [];`,
      `export default { ...base, rootDir: ${JSON.stringify(ROOT)},`,
      `  catalogs: [{ ...catalog, path: ${JSON.stringify(path.join(work, 'locales/{locale}'))} }] };`,
    ].join('\n'),
  );
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean', '--config', config],
    {
      cwd: ROOT,
      stdio: 'pipe',
    },
  );
  const written = Object.fromEntries(
    readdirSync(path.join(work, 'locales')).map((file) => [
      file,
      readFileSync(path.join(work, 'locales', file), 'utf8'),
    ]),
  );
  rmSync(work, { recursive: true, force: true });
  return written;
}

/** The catalogues (file name -> text) that differ from what extraction wrote: none when up to date. */
export function changedBy(written: Record<string, string>, catalogues: Record<string, string>): string[] {
  const names = new Set([...Object.keys(written), ...Object.keys(catalogues)]);
  return [...names].filter((name) => written[name] !== catalogues[name]).sort();
}

/** The PO files of a folder, by name. */
export function cataloguesIn(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.po'))
      .map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]),
  );
}

/** The placeholder names and element tags of a compiled message, sorted. */
export function slots(message: Compiled): string[] {
  const found = new Set<string>();
  const walk = (tokens: Compiled) => {
    if (typeof tokens === 'string') {
      for (const tag of tokens.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${tag[1]}>`);
      return;
    }
    for (const token of tokens) {
      if (typeof token === 'string') {
        walk(token);
        continue;
      }
      const [name, type, format] = token;
      found.add(`{${name}}`);
      if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format) {
        for (const [form, value] of Object.entries(format as Record<string, Compiled>)) {
          if (form !== 'offset') walk(value);
        }
      }
    }
  };
  walk(message);
  return [...found].sort();
}

/**
 * What is wrong with a PO file's translations: a message without one, one that does not compile,
 * or one whose placeholders or tags differ from the English.
 */
export function translationProblems(poText: string): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, string>();
  for (const item of PO.parse(poText).items) {
    if (item.obsolete) continue;
    const translation = item.msgstr[0] ?? '';
    // One key, one translation (a text can be two entries: a screen's and a marked one of src/api/).
    const key = `${item.msgctxt ?? ''}\u0004${item.msgid}`;
    const earlier = byKey.get(key);
    if (earlier !== undefined && earlier !== translation) {
      problems.push(`"${item.msgid}": translated both "${earlier}" and "${translation}"`);
    }
    byKey.set(key, translation);
    if (!translation.trim()) {
      problems.push(`no translation: "${item.msgid}"`);
      continue;
    }
    try {
      const english = slots(compiled(item.msgid)).join(' ');
      const translated = slots(compiled(translation)).join(' ');
      if (english !== translated) {
        problems.push(`"${item.msgid}": placeholders ${english || 'none'} but ${translated || 'none'}`);
      }
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return problems;
}
