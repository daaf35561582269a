import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NumberishSchema } from '@telehealth/client/common/schemas';
import { hasStatus } from '@telehealth/client/errors';
import { apiJson } from '@telehealth/client/http';
import { insuranceQueries } from './queries';
import { startEligibilityCheck, type InsuranceCallOptions } from '@telehealth/client/insurance/requests';
import {
  LatestEligibilitySchema,
  type EligibilityJob,
  type InsuranceAuth,
} from '@telehealth/client/insurance/schemas';

/**
 * The latest coverage check with what a finished one may add (docs/spec-decisions.md, "Coverage
 * results in plain words (issue 27)"). The spec's job is `{job_id, status}` and names no status
 * but `pending`; the portal reads `active`, `inactive` and `not_found` (and their synonyms) as the
 * insurer's answers. `copay` is not a spec field: a server may send it with a covered job, as our
 * reference server does; absent or unreadable, it is null and nothing is said about a copay.
 */
export interface EligibilityOutcome {
  job_id: string;
  status: string;
  /** What the patient pays at a visit, in US dollars, when the server says. */
  copay: number | null;
}

const EligibilityOutcomeSchema = LatestEligibilitySchema.extend({ copay: z.unknown().optional() });

function copayOf(value: unknown): number | null {
  const parsed = NumberishSchema.safeParse(value);
  return parsed.success && Number.isFinite(parsed.data) && parsed.data >= 0 ? parsed.data : null;
}

/**
 * GET …/primary/eligibility with the copay kept: null on a 404 or a job without an id, exactly as
 * `getEligibility` reads it (the screen decides what a 404 means).
 */
export async function getEligibilityOutcome(
  userId: string,
  options: InsuranceCallOptions = {},
): Promise<EligibilityOutcome | null> {
  try {
    const latest = await apiJson({
      path: `/users/${encodeURIComponent(userId)}/insurances/primary/eligibility`,
      auth: options.auth ?? 'user',
      schema: EligibilityOutcomeSchema,
      signal: options.signal,
    });
    if (!latest.job_id) return null;
    return { job_id: latest.job_id, status: latest.status ?? '', copay: copayOf(latest.copay) };
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
}

/** The job as `insuranceQueries.eligibility` holds it (the intake's insurance step reads that one). */
const asJob = (outcome: EligibilityOutcome | null): EligibilityJob | null =>
  outcome ? { job_id: outcome.job_id, status: outcome.status } : null;

/**
 * The coverage check as the eligibility card shows it. Under the eligibility key of the patient, so
 * removing a card (which invalidates it) reads it again; each read also refreshes the plain job
 * that other screens keep.
 */
export function eligibilityOutcomeQuery(userId: string, auth: InsuranceAuth = 'user') {
  return queryOptions({
    queryKey: [...insuranceQueries.eligibilityOf(userId), auth, 'outcome'],
    queryFn: async ({ signal, client }) => {
      const outcome = await getEligibilityOutcome(userId, { signal, auth });
      client.setQueryData(insuranceQueries.eligibility(userId, auth).queryKey, asJob(outcome));
      return outcome;
    },
  });
}

/**
 * POST …/primary/eligibility/check, for the eligibility card: never retried (a 429 is an answer);
 * the new job is put under both the card's key and the plain job's, so every screen shows it at once.
 */
export function useStartCoverageCheck(userId: string, auth: InsuranceAuth = 'user') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startEligibilityCheck(userId, { auth }),
    retry: false,
    onSuccess: (job) => {
      const outcome: EligibilityOutcome = { job_id: job.job_id, status: job.status, copay: null };
      queryClient.setQueryData(eligibilityOutcomeQuery(userId, auth).queryKey, outcome);
      queryClient.setQueryData(insuranceQueries.eligibility(userId, auth).queryKey, asJob(outcome));
    },
  });
}
