// Linted as src/api/probe.ts and src/lib/probe.ts: the real client importing the mock by relative path.
import { db } from '../mocks/db';
import { server } from '../mocks/node';

export const probe = [db, server];
