import { PharmaciesPage } from '@/features/pharmacy';

/** The patient's pharmacies and prescriptions. */
export function Component() {
  return <PharmaciesPage />;
}
