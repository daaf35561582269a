// Linted as src/features/documents/panels/probe.ts: a feature importing the mock package by relative
// path, by name, re-exporting it and loading it on demand.
import { db } from '../../../../packages/mock/src/db';
import { DEV_CREDENTIALS } from '@telehealth/mock/lib/auth';

export { handlers } from '../../../../packages/mock/src/handlers/index';
export const probe = [db, DEV_CREDENTIALS, () => import('@telehealth/mock/browser')];
