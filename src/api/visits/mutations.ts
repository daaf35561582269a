import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageQueries } from '../messages/queries';
import { slotQueries } from '../slots/queries';
import {
  actOnVisit,
  addEconsultVisit,
  addWalkinVisit,
  bookVisit,
  cancelVisit,
  rescheduleVisit,
  type AddWalkinVisitInput,
  type BookVisitInput,
  type ProviderVisitAction,
} from '@telehealth/client/visits/requests';
import { visitQueries } from './queries';
import type { AddEconsultInput, RescheduleVisitInput, Visit } from '@telehealth/client/visits/schemas';

/** POST /visits/add_walkin; the new visit is cached for its page and visit lists are refreshed before the button frees. */
export function useAddWalkinVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddWalkinVisitInput) => addWalkinVisit(input),
    onSuccess: async (visit) => {
      queryClient.setQueryData(visitQueries.detail(visit.id).queryKey, visit);
      await queryClient.invalidateQueries({ queryKey: visitQueries.lists() });
    },
  });
}

/** POST /visits/add_econsult; same cache rules as the walk-in. */
export function useAddEconsultVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddEconsultInput) => addEconsultVisit(input),
    onSuccess: async (visit) => {
      queryClient.setQueryData(visitQueries.detail(visit.id).queryKey, visit);
      await queryClient.invalidateQueries({ queryKey: visitQueries.lists() });
    },
  });
}

/** A changed appointment: cached for its page; visit lists and open times refreshed before the button frees. */
function useAppointmentSettled() {
  const queryClient = useQueryClient();
  return async (visit: Visit) => {
    queryClient.setQueryData(visitQueries.detail(visit.id).queryKey, visit);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: visitQueries.lists() }),
      queryClient.invalidateQueries({ queryKey: slotQueries.all() }),
    ]);
  };
}

/** POST /visits: books an appointment. A 409 means the time was just taken: the caller offers other times. */
export function useBookVisit() {
  const settled = useAppointmentSettled();
  return useMutation({ mutationFn: (input: BookVisitInput) => bookVisit(input), onSuccess: settled });
}

/** POST /visits/{id}?version=2&slot_start=…; the old time is released by the server. */
export function useRescheduleVisit() {
  const settled = useAppointmentSettled();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RescheduleVisitInput }) => rescheduleVisit(id, input),
    onSuccess: settled,
  });
}

/** POST /visits/{id}?version=2&status=40. */
export function useCancelVisit() {
  const settled = useAppointmentSettled();
  return useMutation({ mutationFn: (id: string) => cancelVisit(id), onSuccess: settled });
}

/**
 * After a provider's action: every list already holding the visit shows its new state at once (the
 * inbox moves an accepted e-consult to "Assigned to you" before the refetch answers), then lists and
 * the visit's message reads are asked again (taking part changes with an accept).
 */
async function showActed(queryClient: ReturnType<typeof useQueryClient>, visit: Visit): Promise<void> {
  queryClient.setQueriesData<Visit[]>({ queryKey: visitQueries.lists() }, (list) =>
    list?.some((v) => v.id === visit.id) ? list.map((v) => (v.id === visit.id ? visit : v)) : list,
  );
  queryClient.setQueryData(visitQueries.detail(visit.id).queryKey, visit);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: visitQueries.lists() }),
    queryClient.invalidateQueries(messageQueries.ofVisit(visit.id)),
  ]);
}

/**
 * A provider's take, start, complete or cancel (`actOnVisit`). The visit page shows the answer at
 * once; lists (the dashboard queue, the inbox) and the visit's thread are refreshed before the
 * button frees. A 409 means the visit moved on meanwhile: the caller shows the server's words and
 * reloads the visit, so the page shows who has it now.
 */
export function useVisitAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['visits', 'action', id],
    mutationFn: (input: ProviderVisitAction) => actOnVisit(id, input),
    onSuccess: (visit) => showActed(queryClient, visit),
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: visitQueries.detail(id).queryKey });
    },
  });
}

/**
 * The same actions on any visit of a list (the work list's take and accept): the caches are updated
 * as for `useVisitAction`; a refusal refreshes the lists, so the row shows who has the visit now.
 */
export function useListVisitAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['visits', 'action', 'list'],
    mutationFn: ({ id, input }: { id: string; input: ProviderVisitAction }) => actOnVisit(id, input),
    onSuccess: (visit) => showActed(queryClient, visit),
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: visitQueries.lists() });
    },
  });
}
