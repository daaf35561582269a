// Linted as packages/mock/src/handlers/probe.ts: the mock importing the UI, a feature, app/, the
// wizard, lib/ and config/ (refused, by alias and relative path), a request function of the client
// (refused: the mock answers requests), then the client's schemas and itself (allowed).
import { Button } from '@/components/ui/button';
import { homeFor } from '../../../../src/features/auth';
import { appRoutes } from '../../../../src/app/router';
import { appliesTo } from '@/wizard';
import { formatDate } from '../../../../src/lib/dates';
import { paths } from '@/config/paths';
import { getVisit } from '@telehealth/client/visits/requests';
import { VISIT_STATUS } from '@telehealth/client/visits/schemas';
import { db } from '../db';
import { DEV_CREDENTIALS } from '@telehealth/mock/lib/auth';

export const probe = [
  Button,
  homeFor,
  appRoutes,
  appliesTo,
  formatDate,
  paths,
  getVisit,
  VISIT_STATUS,
  db,
  DEV_CREDENTIALS,
];
