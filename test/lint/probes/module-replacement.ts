// Linted as src/lib/probe.test.ts: test files share modules, so none may replace one.
import { vi } from 'vitest';

vi.mock('@/api/http');
vi.doMock('@/api/http', () => ({}));
// A fresh copy is allowed: the registry is simply loaded again.
vi.resetModules();
export const spy = vi.fn();
