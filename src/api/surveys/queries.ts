import { queryOptions } from '@tanstack/react-query';
import { listSurveyResponses } from './requests';
import type { SurveyCode, SurveyResponseFilter } from './schemas';

export const surveyQueries = {
  all: () => ['surveys'] as const,
  responses: (code: SurveyCode, filter: SurveyResponseFilter) =>
    queryOptions({
      queryKey: [...surveyQueries.all(), 'responses', code, filter],
      queryFn: ({ signal }) => listSurveyResponses(code, filter, { signal }),
      placeholderData: (previous) => previous,
    }),
};
