import { ReadingsPage } from '@/features/readings';

/** The patient's health readings page. */
export function Component() {
  return <ReadingsPage />;
}
