import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, resolveConfig } from 'vite';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOYMENT_VARIABLES, parseEnv } from '@/config/env-check';

// The project's own vite.config.ts, loaded as `vite build` loads it. Its check runs once the
// config is resolved, before any module is bundled, so these take about a second each.
const root = fileURLToPath(new URL('../../', import.meta.url));
const configFile = join(root, 'vite.config.ts');
const outDir = mkdtempSync(join(tmpdir(), 'portal-env-check-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Builds read VITE_* from the process environment too: each test starts without any.
let saved: Record<string, string | undefined> = {};
beforeEach(() => {
  saved = {};
  for (const name of Object.keys(process.env).filter((key) => key.startsWith('VITE_'))) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
});
afterEach(() => {
  for (const name of Object.keys(process.env).filter((key) => key.startsWith('VITE_')))
    delete process.env[name];
  Object.assign(process.env, saved);
});

function missingMessage(): string {
  try {
    parseEnv({ VITE_API_MOCKING: 'off' }, { demo: null });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the check to fail');
}

describe('vite build', () => {
  it('stops a production build without its clinic and hosts, naming each variable', async () => {
    // Mocking off whatever a developer's .env.local says; no env files at all (envDir: false).
    process.env.VITE_API_MOCKING = 'off';
    const failure = await build({
      root,
      configFile,
      mode: 'production',
      envDir: false,
      logLevel: 'silent',
      build: { outDir, write: false },
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toBe(missingMessage());
    for (const [name, purpose] of Object.entries(DEPLOYMENT_VARIABLES)) {
      expect(message).toContain(`${name}: not set; ${purpose}`);
    }
  });

  it.each(['e2e', 'mock', 'budget'])('passes the check for the committed mode %s', async (mode) => {
    const config = await resolveConfig({ root, configFile, mode, logLevel: 'silent' }, 'build');
    expect(config.mode).toBe(mode);
  });

  it('lets a build on the in-browser mock keep the demo values', async () => {
    process.env.VITE_API_MOCKING = 'on';
    const config = await resolveConfig(
      { root, configFile, mode: 'production', envDir: false, logLevel: 'silent' },
      'build',
    );
    expect(config.env.VITE_ACCOUNT_CODE).toBeUndefined();
  });
});
