// Linted as src/features/documents/panels/probe.test.ts: a test may use the mock and test/.
import { db } from '../../../mocks/db';
import { DEV_CREDENTIALS } from '@telehealth/mock/lib/auth';
import { renderRoute } from '~test/render';
import { sessionFor } from '../../../../test/render';

export const probe = [db, DEV_CREDENTIALS, renderRoute, sessionFor];
