import { faultHandler } from '../lib/faults.ts';
import { malformedPathHandler } from '../lib/malformed.ts';
import { accountHandlers } from './accounts.ts';
import { adminHandlers } from './admin.ts';
import { billingHandlers } from './billing.ts';
import { controlHandlers } from './control.ts';
import { emrHandlers } from './emr.ts';
import { erxHandlers } from './erx.ts';
import { filesHandlers } from './files.ts';
import { healthHandlers } from './health.ts';
import { insuranceHandlers } from './insurance.ts';
import { intakesHandlers } from './intakes.ts';
import { messagesHandlers } from './messages.ts';
import { notImplementedHandlers } from './not-implemented.ts';
import { pushControlHandlers, pushHandlers } from './push.ts';
import { roomsHandlers } from './rooms.ts';
import { schedulingHandlers } from './scheduling.ts';
import { surveyHandlers } from './surveys.ts';
import { userHandlers } from './users.ts';
import { visitsHandlers } from './visits.ts';

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
