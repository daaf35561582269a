import '@/lib/zod-setup';
import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { configureAuth } from '@/api/http';
import { resetDb } from '@/mocks/db';
import { resetMockConfig } from '@/mocks/lib/auth';
import { setFaults } from '@/mocks/lib/faults';
import { server } from '@/mocks/node';

// jsdom's Blob/File/FormData are not readable by Node's fetch internals, so MSW's XHR and fetch
// interceptors would see "undefined" instead of file bytes. Use Node's classes (user-event's
// upload and input.files accept them), so uploads in tests carry real bytes.
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData;
Object.assign(globalThis, { FormData: NodeFormData, Blob: NodeBlob, File: NodeFile });

// Tests fail on any request no handler answers, and on any unexpected console.error.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let consoleErrors: unknown[][] = [];
const originalError = console.error;

beforeEach(() => {
  resetDb();
  resetMockConfig();
  setFaults([]);
  window.sessionStorage.clear();
  window.localStorage.clear();
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  };
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  configureAuth(null);
  vi.useRealTimers();
  console.error = originalError;
  if (consoleErrors.length) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    consoleErrors = [];
    throw new Error(`Unexpected console.error during the test: ${first.slice(0, 500)}`);
  }
});
