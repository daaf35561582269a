export { useVisit } from './use-visit';
export { PatientVisitList, ProviderVisitList } from './visit-list';
export { VisitLoadError } from './visit-load-error';
export { WaitingRoom } from './waiting-room';
