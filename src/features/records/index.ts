export { HealthRecordPage, ProviderRecordPanel } from './health-record-page';
export { RecordSections, type RecordSectionsProps } from './record-sections';
export { MedicalHistoryStep, stepSections } from './medical-history-step';
export { knownMedicalHistory, medicalHistorySummary } from './known-history';
