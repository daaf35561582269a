// Linted as packages/mock/src/probe.ts: a package importing test/ by alias, by relative path and on
// demand.
import { renderRoute } from '~test/render';
import { sessionFor } from '../../../test/render';

export const probe = [renderRoute, sessionFor, () => import('../../../test/timeouts')];
