import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Intake } from '@telehealth/client/intakes/schemas';
import type { Room } from '@telehealth/client/rooms/schemas';
import { i18n } from '@/lib/i18n';
import { CUSTOM_FIELDS, customValue, stepsDone, type IntakePatch, type KnownAnswer } from '@/wizard';
import { chosenConsultation, planFlow, type FlowInput } from './flow';

/**
 * Answers the patient need not give again (issue 27): each intake step not passed yet may say its
 * answer is known (profile, insurance on file, a current record, the only choice there is). Steps
 * are asked in flow order, each seeing the answers known before it (a known consultation prices
 * the payment), so the review confirms what the wizard would otherwise ask.
 */
export type KnownInput = Pick<FlowInput, 'account' | 'registry' | 'kind' | 'roomCode' | 'intake'> & {
  room: Room;
};

/** Merges step answers into one intake write (later answers win a field both set). */
export function mergePatches(patches: readonly IntakePatch[]): IntakePatch {
  return patches.reduce<IntakePatch>(
    (all, p) => ({ fields: { ...all.fields, ...p.fields }, custom: { ...all.custom, ...p.custom } }),
    { fields: {}, custom: {} },
  );
}

/** The intake as it would read with these answers saved (custom fields and the spec's named ones). */
function withPatch(intake: Intake | null, room: Room, patch: IntakePatch): Intake {
  const base: Intake = intake ?? { id: '', room_code: room.code };
  const { provider_id, reason_for_visit, ...named } = patch.fields ?? {};
  return {
    ...base,
    ...named,
    ...(reason_for_visit !== undefined ? { reason_for_visit } : {}),
    ...(provider_id !== undefined ? { provider: provider_id === '0' ? null : provider_id } : {}),
    ...patch.custom,
  };
}

async function findKnown(input: KnownInput, queryClient: QueryClient): Promise<Map<string, KnownAnswer>> {
  const { registry, kind, room } = input;
  const flow = planFlow({ ...input, known: new Map() });
  const done = stepsDone(input.intake);
  const known = new Map<string, KnownAnswer>();
  let intake = input.intake;
  // Post-intake answers known now are saved with the commitment too, so they are not asked after it.
  for (const ws of flow.steps) {
    const definition = ws.step ? registry.get(ws.step.code) : undefined;
    if (done.has(ws.slug) || !ws.step || !definition?.known) continue;
    const consultation = chosenConsultation(room, intake);
    const answer = await definition
      .known({ step: ws.step, room, visitKind: kind, consultation, intake, queryClient })
      .catch(() => null);
    if (!answer) continue;
    known.set(ws.slug, answer);
    intake = withPatch(intake, room, answer.patch);
  }
  return known;
}

/** One key per intake state: what the intake has passed and its answers decide what is known. */
export function knownQuery(input: KnownInput, queryClient: QueryClient) {
  const done = [...stepsDone(input.intake)].sort().join(',');
  // The key names what decides the answers (the intake's passed steps and consultation); the
  // account, room and client are the wizard's own for its whole life.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [
      'intake-wizard',
      'known',
      input.roomCode,
      input.kind,
      input.intake?.id ?? 'new',
      done,
      customValue(input.intake, CUSTOM_FIELDS.consultationId) ?? '',
      // The summaries are words in the page's language: another language works them out anew.
      i18n.locale,
    ],
    queryFn: () => findKnown(input, queryClient),
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  });
}

/** The known answers for the intake as last read; undefined while they are worked out. */
export function useKnownAnswers(input: KnownInput, queryClient: QueryClient) {
  // A save changes the key: the answers known before hold meanwhile, so the screen never blinks.
  return useQuery({ ...knownQuery(input, queryClient), placeholderData: keepPreviousData });
}
