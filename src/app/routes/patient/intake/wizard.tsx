import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { VISIT_KINDS } from '@telehealth/client/visits/kinds';
import { env } from '@/config/env';
import { IntakeWizard } from '@/features/intake';
import { intakeStepRegistry, preloadLazySteps } from './steps';

/** `?intake=` holds only the opaque intake id (never answers); anything else there is ignored. */
const SearchSchema = z.object({
  kind: z.enum(VISIT_KINDS).optional().catch(undefined),
  intake: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .catch(undefined),
});

/** /patient/rooms/:roomCode/intake/:step? — the intake wizard for one room. */
export function Component() {
  const { roomCode = '', step } = useParams();
  const [search] = useSearchParams();
  const { intake, kind } = SearchSchema.parse({
    intake: search.get('intake') ?? undefined,
    kind: search.get('kind') ?? undefined,
  });
  // The steps that load on demand are fetched in the background, after the first screen.
  useEffect(() => {
    const timer = setTimeout(preloadLazySteps, 1_000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <IntakeWizard
      key={roomCode}
      accountCode={env.VITE_ACCOUNT_CODE}
      roomCode={roomCode}
      stepSlug={step}
      intakeId={intake}
      requestedKind={kind}
      registry={intakeStepRegistry}
    />
  );
}
