import { lazy } from 'react';
import {
  AttachmentsStep,
  ConsentStep,
  ConsultationStep,
  GenericFormStep,
  LocationStep,
  ProviderStep,
  ReasonStep,
} from '@/features/intake';
import { ScheduleStep } from '@/features/scheduling';
import { chargeOnce, PaymentStep } from '@/features/payments';
import { PharmacyStep } from '@/features/pharmacy';
import { surveyStep } from '@/features/surveys';
import type { StepDefinition, StepRegistry } from '@/wizard';

/**
 * Steps with large screens of their own load when they are shown, so the wizard's first screen
 * does not wait for them; they are fetched in the background soon after the wizard opens.
 */
const loadInsuranceStep = () => import('@/features/insurance');
const loadMedicalHistoryStep = () => import('@/features/records');
const InsuranceStep = lazy(() => loadInsuranceStep().then((m) => ({ default: m.InsuranceStep })));
const MedicalHistoryStep = lazy(() =>
  loadMedicalHistoryStep().then((m) => ({ default: m.MedicalHistoryStep })),
);

/** Starts loading the on-demand steps once the wizard has shown its first screen. */
export function preloadLazySteps(): void {
  void loadInsuranceStep().catch(() => undefined);
  void loadMedicalHistoryStep().catch(() => undefined);
}

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
  // Owned by other features (scheduling, records, insurance, payments, pharmacy, surveys).
  ['schedule', { Screen: ScheduleStep, kinds: ['appointment'] }],
  ['medical_history', { Screen: MedicalHistoryStep }],
  ['insurance', { Screen: InsuranceStep }],
  ['payment', { Screen: PaymentStep, beforeVisit: chargeOnce }],
  ['pharmacy', { Screen: PharmacyStep }],
  // The survey's questions are asked as any form step asks them.
  ['survey', { Screen: surveyStep(GenericFormStep) }],
]);
