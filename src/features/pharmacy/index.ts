export { PharmaciesPage, ProviderPharmacyPanel } from './pharmacies-page';
export { PharmacyStep } from './pharmacy-step';
export { VisitPharmacyPanel } from './visit-pharmacy-panel';
export { PrescriptionsPanel } from './home/prescriptions-panel';
