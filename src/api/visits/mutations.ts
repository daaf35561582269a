import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addEconsultVisit,
  addWalkinVisit,
  bookVisit,
  type AddWalkinVisitInput,
  type BookVisitInput,
} from './requests';
import { visitQueries } from './queries';
import type { AddEconsultInput } from './schemas';

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

/** POST /visits: books an appointment; same cache rules as the walk-in. */
export function useBookVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookVisitInput) => bookVisit(input),
    onSuccess: async (visit) => {
      queryClient.setQueryData(visitQueries.detail(visit.id).queryKey, visit);
      await queryClient.invalidateQueries({ queryKey: visitQueries.lists() });
    },
  });
}
