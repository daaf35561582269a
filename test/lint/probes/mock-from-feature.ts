// Linted as src/features/documents/panels/probe.ts: a feature importing the mock by relative path,
// by alias, re-exporting it and loading it on demand.
import { db } from '../../../mocks/db';
import { DEV_CREDENTIALS } from '@/mocks/lib/auth';

export { handlers } from '../../../mocks/handlers';
export const probe = [db, DEV_CREDENTIALS, () => import('../../../mocks/browser')];
