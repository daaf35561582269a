/** The intake wizard and its own steps; other features' steps plug in through `@/wizard`. */
export { IntakeWizard, type IntakeWizardProps } from './wizard/intake-wizard';
export { stepsFor } from './wizard/flow';
export { resolveStep } from './wizard/screens/step-host';
export { readSteps, type WizardStep } from './model/steps';
export { GenericFormStep } from './forms/generic-form-step';
export { AttachmentsStep } from './steps/attachments-step';
export { ConsentStep } from './steps/consent-step';
export { ConsultationStep } from './steps/consultation-step';
export { LocationStep } from './steps/location-step';
export { ProviderStep } from './steps/provider-step';
export { ReasonStep } from './steps/reason-step';
export {
  attachmentsSummary,
  consentSummary,
  consultationSummary,
  knownAttachments,
  knownConsultation,
  knownLocation,
  knownProvider,
  locationSummary,
  providerSummary,
  reasonSummary,
} from './steps/known-answers';
