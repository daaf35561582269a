/**
 * The intake wizard's public step contract (DESIGN.md section 4): what a step screen receives, the
 * frame it renders in, how it saves onto the intake, and the custom-field helpers. Features that
 * own a step (scheduling, payments, records, insurance, pharmacy, surveys) import only this module;
 * the wizard itself lives in features/intake and the code -> step registry in app/.
 */
export type {
  BeforeVisitContext,
  KnownAnswer,
  KnownContext,
  StepDefinition,
  StepRegistry,
  StepScreen,
  StepScreenProps,
} from './contract';
export { appliesTo } from './contract';
export type { IntakePatch } from './custom-fields';
export {
  CUSTOM_FIELDS,
  customSeconds,
  customValue,
  genericFieldKey,
  providerIdOf,
  savedVisitKind,
  stepsDone,
  stepsKnown,
  withStepDone,
  withStepsDone,
} from './custom-fields';
export { DraftProvider, useDraftDefaults, useDrafts, type DraftStore } from './drafts';
export { StepFailure, StepFrame, type StepFrameProps } from './step-frame';
