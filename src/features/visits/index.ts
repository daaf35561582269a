export { useVisit } from './use-visit';
export { PatientVisitList, ProviderVisitList } from './visit-list';
export { VisitLoadError } from './visit-load-error';
export { WaitingRoom } from './waiting-room';
export { IntakeAttachments } from './intake-attachments';
export { ProviderDashboard } from './provider/dashboard';
export { ArrivalsWatcher } from './provider/arrivals-watcher';
export { IntakeSummary } from './provider/intake-summary';
export { MyPatients, PatientProfileSummary, PatientVisitHistory } from './provider/patients';
export { ProviderJoinPanel, ProviderVisitHeader } from './provider/visit-header';
export { VisitActions } from './provider/visit-actions';
export { PreCallCheck } from './pre-call-check';

export { OpenEconsultsPanel, WaitingVisitPanel } from './home/visit-panels';
export { VisitEnd, VISIT_SURVEY_HASH, type VisitSurveySlot } from './visit-end';
