export { PharmaciesPage, ProviderPharmacyPanel } from './pharmacies-page';
