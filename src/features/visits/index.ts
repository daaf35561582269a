export { useVisit } from './use-visit';
export { visitKind, VISIT_KIND_TITLE } from './visit-kind';
export { PatientVisitList, ProviderVisitList } from './visit-list';
export { VisitLoadError } from './visit-load-error';
export { WaitingRoom } from './waiting-room';
