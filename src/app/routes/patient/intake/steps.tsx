import { lazy } from 'react';
import {
  AttachmentsStep,
  attachmentsSummary,
  ConsentStep,
  consentSummary,
  ConsultationStep,
  consultationSummary,
  GenericFormStep,
  knownAttachments,
  knownConsultation,
  knownLocation,
  knownProvider,
  LocationStep,
  locationSummary,
  ProviderStep,
  providerSummary,
  ReasonStep,
  reasonSummary,
} from '@/features/intake';
import { ScheduleStep, scheduleSummary } from '@/features/scheduling';
import { chargeOnce, knownPayment, PaymentStep, paymentSummary } from '@/features/payments';
import { PharmacyStep } from '@/features/pharmacy';
import { surveyStep } from '@/features/surveys';
import type { StepDefinition, StepRegistry } from '@/wizard';
import type * as Insurance from '@/features/insurance';
import type * as Records from '@/features/records';

/**
 * Steps with large screens of their own load when they are shown, so the wizard's first screen
 * does not wait for them; they are fetched in the background soon after the wizard opens.
 */
type InsuranceModule = typeof Insurance;
type RecordsModule = typeof Records;
/** The modules once loaded, so the review's summaries (which cannot wait) can use them. */
const loaded: { insurance?: InsuranceModule; records?: RecordsModule } = {};
const loadInsuranceStep = () =>
  import('@/features/insurance').then((m) => {
    loaded.insurance = m;
    return m;
  });
const loadMedicalHistoryStep = () =>
  import('@/features/records').then((m) => {
    loaded.records = m;
    return m;
  });
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
  ['reason', { Screen: ReasonStep, summary: reasonSummary }],
  ['location', { Screen: LocationStep, known: knownLocation, summary: locationSummary }],
  ['provider', { Screen: ProviderStep, known: knownProvider, summary: providerSummary }],
  ['consultation', { Screen: ConsultationStep, known: knownConsultation, summary: consultationSummary }],
  ['attachments', { Screen: AttachmentsStep, known: knownAttachments, summary: attachmentsSummary }],
  ['consent', { Screen: ConsentStep, summary: consentSummary }],
  // Owned by other features (scheduling, records, insurance, payments, pharmacy, surveys).
  ['schedule', { Screen: ScheduleStep, kinds: ['appointment'], summary: scheduleSummary }],
  [
    'medical_history',
    {
      Screen: MedicalHistoryStep,
      known: (ctx) => loadMedicalHistoryStep().then((m) => m.knownMedicalHistory(ctx)),
      summary: (intake, ctx) => loaded.records?.medicalHistorySummary(intake, ctx) ?? null,
    },
  ],
  [
    'insurance',
    {
      Screen: InsuranceStep,
      known: (ctx) => loadInsuranceStep().then((m) => m.knownInsurance(ctx)),
      summary: (intake, ctx) => loaded.insurance?.insuranceSummary(intake, ctx) ?? null,
    },
  ],
  ['payment', { Screen: PaymentStep, beforeVisit: chargeOnce, known: knownPayment, summary: paymentSummary }],
  ['pharmacy', { Screen: PharmacyStep }],
  // The survey asks about care received: it is asked on the visit page once the visit has ended
  // (issue 27), never in the wizard, where it would come right after booking. Its questions are
  // asked as any form step asks them.
  ['survey', { Screen: surveyStep(GenericFormStep), kinds: [] }],
]);
