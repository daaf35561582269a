import { useQuery, type QueryClient } from '@tanstack/react-query';
import { intakeQueries } from '@/api/intakes/queries';
import type { Intake } from '@telehealth/client/intakes/schemas';
import { useKeptAnswersSelect, withKeptAnswers } from '../model/kept-answers';

/**
 * The intake as the wizard works with it, shared through the query cache: the server's record
 * (it carries `visit_id` once a visit exists), completed from what this browser kept (a server
 * may drop custom fields, docs/spec-decisions.md "The wizard on the spec's terms").
 */
export function useLatestIntake(intakeId: string | undefined) {
  const keptAnswers = useKeptAnswersSelect();
  return useQuery({
    ...intakeQueries.detail(intakeId ?? ''),
    enabled: Boolean(intakeId),
    select: keptAnswers,
  });
}

/** How many answers for the intake the cache has taken so far; noted before a write. */
export function answersSoFar(queryClient: QueryClient, intakeId: string): number {
  return queryClient.getQueryState(intakeQueries.detail(intakeId).queryKey)?.dataUpdateCount ?? 0;
}

/**
 * The intake after a write this wizard made. Creating or updating an intake reads it back into the
 * cache before the write resolves (`useCreateIntake`, `useUpdateIntake`): that is the step's one
 * read, and it is taken from the cache. Only when it did not land (it failed) is the intake read
 * again, so what the flow decides on was always read after the write.
 */
export async function intakeAfterWrite(
  queryClient: QueryClient,
  intakeId: string,
  answersBefore: number,
): Promise<Intake> {
  const state = queryClient.getQueryState(intakeQueries.detail(intakeId).queryKey);
  const isReadBack =
    state?.data !== undefined &&
    state.status === 'success' &&
    !state.isInvalidated &&
    state.dataUpdateCount > answersBefore;
  return state?.data !== undefined && isReadBack
    ? withKeptAnswers(state.data)
    : readIntakeNow(queryClient, intakeId);
}

/** The intake read from the server now (a click that saved nothing first), completed from what this browser kept. */
export async function readIntakeNow(queryClient: QueryClient, intakeId: string): Promise<Intake> {
  return withKeptAnswers(await queryClient.fetchQuery({ ...intakeQueries.detail(intakeId), staleTime: 0 }));
}

/** The visit now exists: the cached intake names it, without reading the intake once more. */
export function noteVisitOnIntake(queryClient: QueryClient, intakeId: string, visitId: string): void {
  queryClient.setQueryData(intakeQueries.detail(intakeId).queryKey, (intake) =>
    intake ? { ...intake, visit_id: visitId } : intake,
  );
}
