import { SurveyReport } from '@/features/surveys';

/** The clinic team's survey responses report. */
export function Component() {
  return <SurveyReport />;
}
