import { faultHandler } from '../lib/faults';
import { accountHandlers } from './accounts';
import { controlHandlers } from './control';
import { filesHandlers } from './files';
import { insuranceHandlers } from './insurance';
import { intakesHandlers } from './intakes';
import { messagesHandlers } from './messages';
import { notImplementedHandlers } from './not-implemented';
import { pushHandlers } from './push';
import { roomsHandlers } from './rooms';
import { userHandlers } from './users';
import { visitsHandlers } from './visits';

/**
 * The one set of handlers, used by the browser worker, msw/node in tests and the standalone
 * server. Order matters: failures on demand first, each family next, 501s for the rest last.
 */
export const handlers = [
  faultHandler,
  ...controlHandlers,
  ...userHandlers,
  ...accountHandlers,
  ...roomsHandlers,
  ...intakesHandlers,
  ...visitsHandlers,
  ...filesHandlers,
  ...insuranceHandlers,
  ...messagesHandlers,
  ...pushHandlers,
  ...notImplementedHandlers,
];
