import { queryOptions } from '@tanstack/react-query';
import {
  getEligibility,
  listBillingReference,
  listCarriers,
  listClaims,
  listDiagnoses,
  listInsuranceCards,
  listInsurers,
} from '@telehealth/client/insurance/requests';
import type { ClaimsReportQuery, InsuranceAuth } from '@telehealth/client/insurance/schemas';

/** Reference lists change rarely and are long: keep them for the session once read. */
const REFERENCE_STALE_MS = 60 * 60 * 1000;

export const insuranceQueries = {
  all: () => ['insurance'] as const,
  cardsOf: (userId: string) => [...insuranceQueries.all(), 'cards', userId] as const,
  cards: (userId: string, auth: InsuranceAuth = 'user') =>
    queryOptions({
      queryKey: [...insuranceQueries.cardsOf(userId), auth],
      queryFn: ({ signal }) => listInsuranceCards(userId, { signal, auth }),
    }),
  eligibilityOf: (userId: string) => [...insuranceQueries.all(), 'eligibility', userId] as const,
  eligibility: (userId: string, auth: InsuranceAuth = 'user') =>
    queryOptions({
      queryKey: [...insuranceQueries.eligibilityOf(userId), auth],
      queryFn: ({ signal }) => getEligibility(userId, { signal, auth }),
    }),
  claims: (query: ClaimsReportQuery) =>
    queryOptions({
      queryKey: [...insuranceQueries.all(), 'claims', query],
      queryFn: ({ signal }) => listClaims(query, { signal }),
    }),
  carriers: () =>
    queryOptions({
      queryKey: [...insuranceQueries.all(), 'list', 'carriers'],
      queryFn: ({ signal }) => listCarriers({ signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  insurers: () =>
    queryOptions({
      queryKey: [...insuranceQueries.all(), 'list', 'insurers'],
      queryFn: ({ signal }) => listInsurers({ signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  diagnoses: () =>
    queryOptions({
      queryKey: [...insuranceQueries.all(), 'list', 'dxs'],
      queryFn: ({ signal }) => listDiagnoses({ signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  billingReference: (list: 'billing_modifiers' | 'procedures') =>
    queryOptions({
      queryKey: [...insuranceQueries.all(), 'list', list],
      queryFn: ({ signal }) => listBillingReference(list, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
};
