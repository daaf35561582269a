import { faultHandler } from '../lib/faults';
import { accountHandlers } from './accounts';
import { controlHandlers } from './control';
import { emrHandlers } from './emr';
import { erxHandlers } from './erx';
import { filesHandlers } from './files';
import { healthHandlers } from './health';
import { intakesHandlers } from './intakes';
import { messagesHandlers } from './messages';
import { notImplementedHandlers } from './not-implemented';
import { pushHandlers } from './push';
import { roomsHandlers } from './rooms';
import { surveyHandlers } from './surveys';
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
  ...messagesHandlers,
  ...pushHandlers,
  ...emrHandlers,
  ...erxHandlers,
  ...healthHandlers,
  ...surveyHandlers,
  ...notImplementedHandlers,
];
