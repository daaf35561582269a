import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insuranceQueries } from './queries';
import {
  deleteInsuranceCard,
  importInsuranceCards,
  saveInsuranceCard,
  startEligibilityCheck,
} from '@telehealth/client/insurance/requests';
import type {
  ImportInsurancesInput,
  InsuranceAuth,
  InsuranceCardInput,
  InsuranceCardType,
} from '@telehealth/client/insurance/schemas';

/** POST …/insurances/{card_type}: resolves once the card list on screen is fresh. */
export function useSaveInsuranceCard(userId: string, auth: InsuranceAuth = 'user') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardType, input }: { cardType: InsuranceCardType; input: InsuranceCardInput }) =>
      saveInsuranceCard(userId, cardType, input, { auth }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: insuranceQueries.cardsOf(userId) });
    },
  });
}

/** POST …/insurances/import. */
export function useImportInsuranceCards(userId: string, auth: InsuranceAuth = 'user') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInsurancesInput) => importInsuranceCards(userId, input, { auth }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: insuranceQueries.cardsOf(userId) });
    },
  });
}

/** DELETE …/insurances/{card_type}. */
export function useDeleteInsuranceCard(userId: string, auth: InsuranceAuth = 'user') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardType: InsuranceCardType) => deleteInsuranceCard(userId, cardType, { auth }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: insuranceQueries.cardsOf(userId) });
      await queryClient.invalidateQueries({ queryKey: insuranceQueries.eligibilityOf(userId) });
    },
  });
}

/**
 * POST …/primary/eligibility/check. Never retried (a 429 is an answer, not a glitch); the
 * caller keeps the button disabled while pending so a double click sends one request.
 */
export function useStartEligibilityCheck(userId: string, auth: InsuranceAuth = 'user') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startEligibilityCheck(userId, { auth }),
    retry: false,
    onSuccess: (job) => {
      queryClient.setQueryData(insuranceQueries.eligibility(userId, auth).queryKey, job);
    },
  });
}
