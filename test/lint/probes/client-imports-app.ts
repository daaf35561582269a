// Linted as packages/client/src/visits/probe.ts: the client importing the app (by alias and by
// relative path), the mock and test/ (refused), then its own files (allowed).
import { formatLocale } from '@/lib/locale';
import { env } from '../../../../src/config/env';
import { db } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { IdSchema } from '../common/schemas.ts';
import { VISIT_STATUS } from '@telehealth/client/visits/schemas';

export const probe = [formatLocale, env, db, renderRoute, IdSchema, VISIT_STATUS];
