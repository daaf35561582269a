/** Setup for the jsdom project only (imported by test/setup.ts when a DOM exists). */
import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { ASYNC_UTIL_TIMEOUT_MS } from './timeouts';

// The one limit for findBy*/waitFor (test/timeouts.ts); no per-call `{ timeout }`.
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// jsdom's Blob/File/FormData are not readable by Node's fetch internals, so MSW's XHR and fetch
// interceptors would see "undefined" instead of file bytes. Use Node's classes (user-event's
// upload and input.files accept them), so uploads in tests carry real bytes.
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData;
Object.assign(globalThis, { FormData: NodeFormData, Blob: NodeBlob, File: NodeFile });

/** Per test file: with shared modules (isolate off) this module runs once, its hooks must not. */
export function installDomHooks() {
  // Testing Library's settings live in a module every file of the worker shares: each test starts
  // from the one limit, whatever an earlier file set.
  beforeEach(() => {
    configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
  });
  afterEach(() => {
    cleanup();
  });
}
