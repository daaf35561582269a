// Linted as src/app/routes/probe.ts: app/ reaching past a feature's index.ts.
import { homeFor } from '@/features/auth/home-for';

export const probe = homeFor;
