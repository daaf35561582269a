import { InsightsPage } from '@/features/insights';

/** Clinic insights: waits, visit counts, no-shows, e-consult replies and survey scores over eight weeks. */
export function Component() {
  return <InsightsPage />;
}
