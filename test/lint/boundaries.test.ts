import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint boundaries (eslint.config.js, eslint/boundaries.js) proven on probe files: each probe in
 * test/lint/probes/ is linted with the project's own config as if it sat at `as` in src/, and must
 * produce exactly the listed errors. The probes are left out of the normal lint run and of tsc.
 */
const root = path.resolve(import.meta.dirname, '../..');
const probe = (name: string) => readFileSync(path.join(import.meta.dirname, 'probes', name), 'utf8');

const boundary = (messageId: string) => ({ ruleId: 'house/boundaries', messageId });
const storage = { ruleId: 'no-restricted-syntax', messageId: 'restrictedSyntax' };

const settingsChange = { ruleId: 'no-restricted-syntax', messageId: 'restrictedSyntax' };
const fixedLocale = { ruleId: 'no-restricted-syntax', messageId: 'restrictedSyntax' };
const moduleReplacement = { ruleId: 'no-restricted-properties', messageId: 'restrictedObjectProperty' };
const bareText = { ruleId: 'words/no-bare-text', messageId: 'text' };
const bareAttribute = { ruleId: 'words/no-bare-text', messageId: 'attribute' };

const CASES = [
  {
    file: 'cross-feature-alias.ts',
    as: 'src/features/documents/probe.ts',
    expected: [boundary('crossFeature')],
  },
  {
    file: 'cross-feature-relative.ts',
    as: 'src/features/documents/panels/probe.ts',
    expected: [boundary('crossFeature'), boundary('crossFeature')],
  },
  {
    file: 'shared-imports-feature.ts',
    as: 'src/lib/probe.ts',
    expected: [boundary('sharedUp'), boundary('sharedUp'), boundary('sharedUp')],
  },
  { file: 'app-deep-import.ts', as: 'src/app/routes/probe.ts', expected: [boundary('deepFeature')] },
  // window., globalThis., self., the bare global, optional chaining, brackets, destructuring,
  // defaultView, reflection and `in` (one error per probe line, checked by line below).
  { file: 'local-storage.ts', as: 'src/lib/probe.ts', expected: Array.from({ length: 10 }, () => storage) },
  { file: 'clean.ts', as: 'src/app/routes/probe.ts', expected: [] },
  { file: 'clean-feature.ts', as: 'src/features/documents/panels/probe.ts', expected: [] },
  // The real client never depends on the mock, by alias, relative path, re-export or import().
  {
    file: 'mock-from-feature.ts',
    as: 'src/features/documents/panels/probe.ts',
    expected: Array.from({ length: 4 }, () => boundary('importsMock')),
  },
  {
    file: 'mock-from-shared.ts',
    as: 'src/api/probe.ts',
    expected: [boundary('importsMock'), boundary('importsMock')],
  },
  {
    file: 'mock-from-shared.ts',
    as: 'src/lib/probe.ts',
    expected: [boundary('importsMock'), boundary('importsMock')],
  },
  { file: 'mock-from-test.ts', as: 'src/features/documents/panels/probe.test.ts', expected: [] },
  // The mock package imports the client's schemas and itself only, never a request function.
  {
    file: 'mock-imports-app.ts',
    as: 'packages/mock/src/handlers/probe.ts',
    expected: [
      ...Array.from({ length: 6 }, () => boundary('mockImportsApp')),
      boundary('mockImportsRequests'),
    ],
  },
  // The client package imports nothing of the app, the mock or test/.
  {
    file: 'client-imports-app.ts',
    as: 'packages/client/src/visits/probe.ts',
    expected: [
      boundary('clientImportsOthers'),
      boundary('clientImportsOthers'),
      boundary('clientImportsOthers'),
      boundary('importsTest'),
    ],
  },
  {
    file: 'src-imports-test.ts',
    as: 'src/lib/probe.ts',
    expected: Array.from({ length: 3 }, () => boundary('importsTest')),
  },
  {
    file: 'package-imports-test.ts',
    as: 'packages/mock/src/probe.ts',
    expected: Array.from({ length: 3 }, () => boundary('importsTest')),
  },
  // Test files share modules (vite.config.ts isolate: false): none replaces one; vi.fn() is fine.
  {
    file: 'module-replacement.ts',
    as: 'src/lib/probe.test.ts',
    expected: [moduleReplacement, moduleReplacement],
  },
  // ...nor changes Testing Library's settings for the files after it.
  { file: 'testing-library-config.ts', as: 'src/lib/probe.test.ts', expected: [settingsChange] },
  // Screens submit through the one kit (components/form); a guard of their own is refused.
  {
    file: 'hand-rolled-guard.ts',
    as: 'src/features/documents/probe.ts',
    expected: Array.from({ length: 5 }, () => settingsChange),
  },
  { file: 'hand-rolled-guard.ts', as: 'src/components/form/probe.ts', expected: [] },
  // One place decides the formatting locale (src/lib/locale.ts): a fixed one is refused anywhere in
  // src/, the mock included, and the localStorage and guard selectors of each area still hold beside it.
  ...[
    'src/features/documents/probe.ts',
    'src/components/form/probe.ts',
    'src/lib/probe.ts',
    'src/api/probe.ts',
    'packages/mock/src/handlers/probe.ts',
  ].map((as) => ({ file: 'fixed-locale.ts', as, expected: Array.from({ length: 4 }, () => fixedLocale) })),
  { file: 'fixed-locale.ts', as: 'src/features/documents/probe.test.ts', expected: [] },
  // Words readers see go through the translation layer (docs/i18n.md): text, a string child, the
  // attributes readers see or hear (both branches of a condition), a component's label; never a
  // class name, an id, a type, a message or a value from the data.
  {
    file: 'bare-text.tsx',
    as: 'src/features/documents/probe.tsx',
    expected: [bareText, bareText, bareAttribute, bareAttribute, bareAttribute, bareAttribute],
  },
  { file: 'bare-text.tsx', as: 'src/features/documents/probe.test.tsx', expected: [] },
];

describe('lint boundaries', () => {
  let eslint: ESLint;
  beforeAll(() => {
    // The probes do not exist at `as`, so they are linted without type information (those rules are
    // off for them); every other rule and setting is the project's, but for the cycle check: it would
    // follow each probe's imports through the whole app, and has a case of its own below.
    eslint = new ESLint({
      cwd: root,
      overrideConfig: [
        {
          files: [
            '{src,packages/*/src}/**/probe.ts',
            'src/**/probe.test.ts',
            'src/**/probe.tsx',
            'src/**/probe.test.tsx',
          ],
          ...tseslint.configs.disableTypeChecked,
          rules: { ...tseslint.configs.disableTypeChecked.rules, 'import-x/no-cycle': 'off' },
        },
      ],
    });
  });

  it.each(CASES)('$file linted as $as gives the expected errors', async ({ file, as, expected }) => {
    const [result] = await eslint.lintText(probe(file), { filePath: path.join(root, as) });
    const found = (result?.messages ?? []).map(({ ruleId, messageId, message }) =>
      ruleId ? { ruleId, messageId } : { message },
    );
    expect(found).toEqual(expected);
  });

  it('catches localStorage on every line of its probe, whatever the spelling', async () => {
    const text = probe('local-storage.ts');
    const [result] = await eslint.lintText(text, { filePath: path.join(root, 'src/lib/probe.ts') });
    const lines = text.split('\n');
    const probeLines = lines
      .map((line, i) => ({ line, number: i + 1 }))
      .filter(({ line }) => line.includes('localStorage') && !line.startsWith('//'));
    const flagged = (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => m.line);
    expect(flagged).toEqual(probeLines.map(({ number }) => number));
  });

  it('refuses a fixed locale on every line of its probe, and only src/lib/locale.ts may name one', async () => {
    const text = probe('fixed-locale.ts');
    const [result] = await eslint.lintText(text, {
      filePath: path.join(root, 'src/features/documents/probe.ts'),
    });
    const probeLines = text
      .split('\n')
      .map((line, i) => ({ line, number: i + 1 }))
      .filter(({ line }) => line.includes('en-US') && !line.startsWith('//'));
    expect((result?.messages ?? []).map(({ line, message }) => ({ line, message }))).toEqual(
      probeLines.map(({ number }) => ({
        line: number,
        message: 'Format with formatLocale() from @/lib/locale, not a fixed locale.',
      })),
    );

    const selectors = async (file: string) => {
      const config: unknown = await eslint.calculateConfigForFile(path.join(root, file));
      const rule = (config as Pick<Linter.Config, 'rules'>).rules?.['no-restricted-syntax'];
      return JSON.stringify(rule ?? null);
    };
    expect(await selectors('src/lib/locale.ts')).not.toContain('en-US');
    // ...but it keeps the localStorage check every file of src/ has.
    expect(await selectors('src/lib/locale.ts')).toContain('localStorage');
    expect(await selectors('src/lib/dates.ts')).toContain('en-US');
  });

  it('refuses an import cycle in src/, and a cycle of type-only imports is none', async () => {
    // no-cycle follows imports on disk, so the probes are linted where they lie, with the rule, its
    // options and its resolver exactly as eslint.config.js sets them for src/.
    const forSrc: unknown = await eslint.calculateConfigForFile(path.join(root, 'src/lib/module.ts'));
    const config = forSrc as Pick<Linter.Config, 'rules' | 'settings'>;
    const cycleLint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      ignore: false,
      overrideConfig: [
        {
          files: ['test/lint/probes/cycle/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { 'import-x': importX },
          settings: config.settings ?? {},
          rules: { 'import-x/no-cycle': config.rules?.['import-x/no-cycle'] ?? 'off' },
        },
      ],
    });
    const results = await cycleLint.lintFiles(['test/lint/probes/cycle/*.ts']);
    const found = Object.fromEntries(
      results.map(({ filePath, messages }) => [
        path.basename(filePath),
        messages.map(({ ruleId, line }) => ({ ruleId, line })),
      ]),
    );
    const cycle = (line: number) => [{ ruleId: 'import-x/no-cycle', line }];
    expect(found).toEqual({ 'a.ts': cycle(2), 'b.ts': cycle(2), 'types-a.ts': [], 'types-b.ts': [] });
  });
});
