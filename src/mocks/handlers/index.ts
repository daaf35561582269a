import { faultHandler } from '../lib/faults';
import { malformedPathHandler } from '../lib/malformed';
import { accountHandlers } from './accounts';
import { adminHandlers } from './admin';
import { billingHandlers } from './billing';
import { controlHandlers } from './control';
import { emrHandlers } from './emr';
import { erxHandlers } from './erx';
import { filesHandlers } from './files';
import { healthHandlers } from './health';
import { insuranceHandlers } from './insurance';
import { intakesHandlers } from './intakes';
import { messagesHandlers } from './messages';
import { notImplementedHandlers } from './not-implemented';
import { pushControlHandlers, pushHandlers } from './push';
import { roomsHandlers } from './rooms';
import { schedulingHandlers } from './scheduling';
import { surveyHandlers } from './surveys';
import { userHandlers } from './users';
import { visitsHandlers } from './visits';

/**
 * The one set of handlers, used by the browser worker, msw/node in tests and the standalone
 * server. Order matters: failures on demand first, each family next, 501s for the rest last.
 */
export const handlers = [
  malformedPathHandler,
  faultHandler,
  ...controlHandlers,
  ...pushControlHandlers,
  ...userHandlers,
  ...accountHandlers,
  ...roomsHandlers,
  ...intakesHandlers,
  ...visitsHandlers,
  // After visits: its POST /visits/:id must not catch /visits/add_walkin.
  ...schedulingHandlers,
  ...filesHandlers,
  ...billingHandlers,
  ...insuranceHandlers,
  ...messagesHandlers,
  ...pushHandlers,
  ...adminHandlers,
  ...emrHandlers,
  ...erxHandlers,
  ...healthHandlers,
  ...surveyHandlers,
  ...notImplementedHandlers,
];
