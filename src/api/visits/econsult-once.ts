import { useMutation, useQueryClient } from '@tanstack/react-query';
import { intakeQueries } from '../intakes/queries';
import { getIntake } from '@telehealth/client/intakes/requests';
import { visitQueries } from './queries';
import { addEconsultVisit } from '@telehealth/client/visits/requests';
import type { AddEconsultInput } from '@telehealth/client/visits/schemas';

/** E-consult creations in flight in this tab, by intake id. */
const inFlight = new Map<string, Promise<string>>();

/**
 * Creates the intake's e-consult at most once and answers the visit's id (the rule of the intake
 * wizard's visit creation, DESIGN.md section 4, for callers outside the wizard). The intake as read
 * now decides: one that names its visit already (a retry after an answer that was lost) is
 * followed, never repeated. Concurrent calls for one intake share one run. The server is
 * idempotent per intake too (docs/spec-decisions.md).
 */
export function addEconsultOnce(input: AddEconsultInput): Promise<string> {
  const running = inFlight.get(input.intake_id);
  if (running) return running;
  const run = (async () => {
    const intake = await getIntake(input.intake_id);
    if (intake.visit_id) return intake.visit_id;
    const visit = await addEconsultVisit(input);
    return visit.id;
  })().finally(() => inFlight.delete(input.intake_id));
  inFlight.set(input.intake_id, run);
  return run;
}

/** `addEconsultOnce` as a mutation: the intake and the visit lists are read again before it resolves. */
export function useAddEconsultOnce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddEconsultInput) => addEconsultOnce(input),
    onSuccess: async (_visitId, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: intakeQueries.detail(input.intake_id).queryKey }),
        queryClient.invalidateQueries({ queryKey: visitQueries.lists() }),
      ]);
    },
  });
}
