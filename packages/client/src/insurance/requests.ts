import { hasStatus } from '../errors.ts';
import { apiEmpty, apiJson, type CallOptions } from '../http.ts';
import { tolerantList } from '../common/schemas.ts';
import {
  BillingReferenceItemSchema,
  CarrierSchema,
  ClaimRowSchema,
  DiagnosisSchema,
  EligibilityJobSchema,
  LatestEligibilitySchema,
  InsuranceCardBodySchema,
  InsuranceCardListBodySchema,
  type BillingReferenceItem,
  type Carrier,
  type ClaimRow,
  type ClaimsReportQuery,
  type Diagnosis,
  type EligibilityJob,
  type ImportInsurancesInput,
  type InsuranceAuth,
  type InsuranceCard,
  type InsuranceCardInput,
  type InsuranceCardType,
} from './schemas.ts';

/** Card calls are USER calls that the clinic admin token may also make (spec 4.8). */
export interface InsuranceCallOptions extends CallOptions {
  auth?: InsuranceAuth;
}

const cardsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/insurances`;

/** GET /users/{id}/insurances: the patient's cards (`{data, version}`). */
export async function listInsuranceCards(
  userId: string,
  options: InsuranceCallOptions = {},
): Promise<InsuranceCard[]> {
  const body = await apiJson({
    path: cardsPath(userId),
    auth: options.auth ?? 'user',
    schema: InsuranceCardListBodySchema,
    envelope: 'none',
    signal: options.signal,
  });
  return body.data;
}

/**
 * GET /users/{id}/insurances/{card_type}: one card (`{data: card, version}`). The screens read the
 * list, which holds both; this is for an integrator or a screen that needs one card fresh.
 */
export async function getInsuranceCard(
  userId: string,
  cardType: InsuranceCardType,
  options: InsuranceCallOptions = {},
): Promise<InsuranceCard> {
  const body = await apiJson({
    path: `${cardsPath(userId)}/${cardType}`,
    auth: options.auth ?? 'user',
    schema: InsuranceCardBodySchema,
    envelope: 'none',
    signal: options.signal,
  });
  return body.data;
}

/** POST /users/{id}/insurances/{card_type}: creates or updates one card; only the fields given change. */
export async function saveInsuranceCard(
  userId: string,
  cardType: InsuranceCardType,
  input: InsuranceCardInput,
  options: InsuranceCallOptions = {},
): Promise<InsuranceCard> {
  const body = await apiJson({
    method: 'POST',
    path: `${cardsPath(userId)}/${cardType}`,
    auth: options.auth ?? 'user',
    body: { json: input },
    schema: InsuranceCardBodySchema,
    envelope: 'none',
    signal: options.signal,
  });
  return body.data;
}

/** POST /users/{id}/insurances/import: at most one primary and one secondary; existing types are overwritten. */
export async function importInsuranceCards(
  userId: string,
  input: ImportInsurancesInput,
  options: InsuranceCallOptions = {},
): Promise<InsuranceCard[]> {
  const body = await apiJson({
    method: 'POST',
    path: `${cardsPath(userId)}/import`,
    auth: options.auth ?? 'user',
    body: { json: input },
    schema: InsuranceCardListBodySchema,
    envelope: 'none',
    signal: options.signal,
  });
  return body.data;
}

/** DELETE /users/{id}/insurances/{card_type}: 204, no body. */
export function deleteInsuranceCard(
  userId: string,
  cardType: InsuranceCardType,
  options: InsuranceCallOptions = {},
): Promise<void> {
  return apiEmpty({
    method: 'DELETE',
    path: `${cardsPath(userId)}/${cardType}`,
    auth: options.auth ?? 'user',
    signal: options.signal,
  });
}

/** POST …/primary/eligibility/check: starts a check; 429 when the earlier one is too recent. */
export function startEligibilityCheck(
  userId: string,
  options: InsuranceCallOptions = {},
): Promise<EligibilityJob> {
  return apiJson({
    method: 'POST',
    path: `${cardsPath(userId)}/primary/eligibility/check`,
    auth: options.auth ?? 'user',
    schema: EligibilityJobSchema,
    signal: options.signal,
  });
}

/**
 * GET …/primary/eligibility: the latest job, or null on a 404 or a job without an id (a server
 * answering "none yet" as `{job_id: null, status: null}`). The spec does not say what a 404 means;
 * a server offering `eligibility-none` means "no check yet" by it (the screen decides the words).
 */
export async function getEligibility(
  userId: string,
  options: InsuranceCallOptions = {},
): Promise<EligibilityJob | null> {
  try {
    const latest = await apiJson({
      path: `${cardsPath(userId)}/primary/eligibility`,
      auth: options.auth ?? 'user',
      schema: LatestEligibilitySchema,
      signal: options.signal,
    });
    return latest.job_id ? { job_id: latest.job_id, status: latest.status ?? '' } : null;
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
}

/** GET /reports/claims (clinic admin token): visits with their claim data between two dates. */
export function listClaims(query: ClaimsReportQuery, options: CallOptions = {}): Promise<ClaimRow[]> {
  return apiJson({
    path: '/reports/claims',
    auth: 'admin',
    query: { from_date: query.from_date, to_date: query.to_date },
    schema: tolerantList(ClaimRowSchema, 'claims'),
    signal: options.signal,
  });
}

/** GET /insurances/list/carriers. */
export function listCarriers(options: InsuranceCallOptions = {}): Promise<Carrier[]> {
  return apiJson({
    path: '/insurances/list/carriers',
    auth: options.auth ?? 'user',
    schema: tolerantList(CarrierSchema, 'insurance carriers'),
    signal: options.signal,
  });
}

/** GET /insurances/list/insurers. */
export function listInsurers(options: InsuranceCallOptions = {}): Promise<BillingReferenceItem[]> {
  return apiJson({
    path: '/insurances/list/insurers',
    auth: options.auth ?? 'user',
    schema: tolerantList(BillingReferenceItemSchema, 'billing reference items'),
    signal: options.signal,
  });
}

/** GET /insurances/list/dxs: diagnoses. */
export function listDiagnoses(options: InsuranceCallOptions = {}): Promise<Diagnosis[]> {
  return apiJson({
    path: '/insurances/list/dxs',
    auth: options.auth ?? 'user',
    schema: tolerantList(DiagnosisSchema, 'diagnoses'),
    signal: options.signal,
  });
}

/** GET /insurances/list/{billing_modifiers|procedures}. */
export function listBillingReference(
  list: 'billing_modifiers' | 'procedures',
  options: InsuranceCallOptions = {},
): Promise<BillingReferenceItem[]> {
  return apiJson({
    path: `/insurances/list/${list}`,
    auth: options.auth ?? 'user',
    schema: tolerantList(BillingReferenceItemSchema, 'billing reference items'),
    signal: options.signal,
  });
}
