// Linted as src/api/probe.ts and src/lib/probe.ts: the portal's query layer and lib importing the
// mock package by relative path and by name.
import { db } from '../../packages/mock/src/db';
import { server } from '@telehealth/mock/node';

export const probe = [db, server];
