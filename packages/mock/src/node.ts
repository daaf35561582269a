import { setupServer } from 'msw/node';
import { handlers } from './handlers/index.ts';

/** msw/node for Vitest: the same handlers as the browser worker and the standalone server. */
export const server = setupServer(...handlers);
