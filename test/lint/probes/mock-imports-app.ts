// Linted as src/mocks/handlers/probe.ts: the mock importing the UI, a feature, app/ and the wizard
// (refused, by alias and relative path), then api/, lib/, config/ and itself (allowed).
import { Button } from '@/components/ui/button';
import { homeFor } from '../../features/auth';
import { appRoutes } from '../../app/router';
import { appliesTo } from '@/wizard';
import { VISIT_STATUS } from '@/api/visits/schemas';
import { formatDate } from '../../lib/dates';
import { paths } from '@/config/paths';
import { db } from '../db';
import { DEV_CREDENTIALS } from '@/mocks/lib/auth';

export const probe = [
  Button,
  homeFor,
  appRoutes,
  appliesTo,
  VISIT_STATUS,
  formatDate,
  paths,
  db,
  DEV_CREDENTIALS,
];
