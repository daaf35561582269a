import { faultHandler } from '../lib/faults';
import { accountHandlers } from './accounts';
import { controlHandlers } from './control';
import { notImplementedHandlers } from './not-implemented';
import { userHandlers } from './users';

/**
 * The one set of handlers, used by the browser worker, msw/node in tests and the standalone
 * server. Order matters: failures on demand first, each family next, 501s for the rest last.
 */
export const handlers = [faultHandler, ...controlHandlers, ...userHandlers, ...accountHandlers, ...notImplementedHandlers];
