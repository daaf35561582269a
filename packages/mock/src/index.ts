/**
 * @telehealth/mock: the in-memory telehealth clinic API with its seeded demo clinic. Hosts: the
 * standalone server (`runMockServer`, or the `telehealth-mock` command), Node tests
 * (`@telehealth/mock/node`, an msw server) and a browser's service worker (`@telehealth/mock/browser`).
 */
export { runMockServer, startMockServer, type RunOptions } from './server.ts';
export { handlers } from './handlers/index.ts';
export { resetDb } from './db.ts';
export { MOCK_PROFILES, setMockProfile, type MockProfile } from './lib/profile.ts';
