// Fails early, with the fix, when the browser the e2e tests drive is not installed.
import { accessSync, constants } from 'node:fs';
import { execFileSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const install =
  'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-liberation';

try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(`Chromium was not found at ${path}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''}.`);
  console.error('The browser tests drive Debian Chromium (never `playwright install`). Install it with:');
  console.error(`\n  ${install}\n`);
  console.error('or point CHROMIUM_PATH at another Chromium binary.');
  process.exit(1);
}

try {
  const version = execFileSync(path, ['--version'], {
    encoding: 'utf8',
    timeout: 30_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  console.log(`Using ${version.trim()} (${path})`);
} catch (error) {
  console.error(
    `${path} is there but \`${path} --version\` failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  console.error(`Reinstall it with:\n\n  ${install}\n`);
  process.exit(1);
}
