import { HealthRecordPage } from '@/features/records';

/** The patient's health record page. */
export function Component() {
  return <HealthRecordPage />;
}
