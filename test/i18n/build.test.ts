import { transformAsync } from '@babel/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageKeys } from '../../build/i18n';

/** What the build makes of a source file (build/i18n.ts), as a production build does. */
async function built(code: string): Promise<string> {
  vi.stubEnv('NODE_ENV', 'production');
  const result = await transformAsync(code, {
    filename: `${import.meta.dirname}/probe.tsx`,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['jsx', 'typescript'] },
    plugins: [
      ['@lingui/babel-plugin-lingui-macro', { stripMessageField: false, extract: true }],
      messageKeys,
    ],
  });
  return result?.code ?? '';
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the build of messages', () => {
  it('keys a message by its English, its context before it, and keeps English only where it needs compiling', async () => {
    const code = await built(
      [
        `import { t } from '@lingui/core/macro';`,
        `import { Trans } from '@lingui/react/macro';`,
        `export const a = (n: string) => [t\`Save\`, t\`Hi \${n}\`, t({ message: 'Open', context: 'verb', comment: 'a door' })];`,
        `export const B = () => <p><Trans context="a kind">Kind</Trans><Trans>Plain text</Trans></p>;`,
      ].join('\n'),
    );
    expect(code).toContain('_i18n._("Save")');
    expect(code).toMatch(/id: "Hi \{n\}",\s+message: \["Hi ", \["n"\]\]/);
    expect(code).toMatch(/id: "verb\\x04Open",\s+message: "Open"/);
    expect(code).not.toContain('a door');
    expect(code).toMatch(/id: "a kind\\x04Kind",\s+message: "Kind"/);
    expect(code).toContain('{_i18n._("Plain text")}');
  });
});
