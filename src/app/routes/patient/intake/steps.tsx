import { AttachmentsStep } from '@/features/intake/steps/attachments-step';
import { ConsentStep } from '@/features/intake/steps/consent-step';
import { ConsultationStep } from '@/features/intake/steps/consultation-step';
import { LocationStep } from '@/features/intake/steps/location-step';
import { ProviderStep } from '@/features/intake/steps/provider-step';
import { ReasonStep } from '@/features/intake/steps/reason-step';
import { PharmacyStep } from '@/features/pharmacy';
import { MedicalHistoryStep } from '@/features/records';
import type { StepDefinition, StepRegistry } from '@/wizard';

/**
 * The intake wizard's step registry (DESIGN.md section 4): step code -> step. It lives in app/
 * because steps come from the features that own their data; a feature plugs its step in here with
 * one line. Codes mapped to null are known steps whose screens do not exist yet: the wizard skips
 * them with a note. Codes not listed are rendered as generic forms when they carry `sections`,
 * else skipped with a note.
 */
export const intakeStepRegistry: StepRegistry = new Map<string, StepDefinition | null>([
  ['reason', { Screen: ReasonStep }],
  ['location', { Screen: LocationStep }],
  ['provider', { Screen: ProviderStep }],
  ['consultation', { Screen: ConsultationStep }],
  ['attachments', { Screen: AttachmentsStep }],
  ['consent', { Screen: ConsentStep }],
  ['medical_history', { Screen: MedicalHistoryStep }],
  ['pharmacy', { Screen: PharmacyStep }],
  // Owned by other features (scheduling, records, insurance, payments, pharmacy, surveys).
  ['schedule', null],
  ['insurance', null],
  ['payment', null],
  ['survey', null],
]);
