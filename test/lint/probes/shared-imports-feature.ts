// Linted as src/lib/probe.ts: a shared layer importing a feature (alias, relative) and app/ (relative).
import { homeFor } from '@/features/auth';
import { useVisit } from '../features/visits';
import { appRoutes } from '../app/router';

export const probe = [homeFor, useVisit, appRoutes];
