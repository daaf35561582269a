import { queryOptions } from '@tanstack/react-query';
import { listSurveyResponses } from '@telehealth/client/surveys/requests';
import type { SurveyCode, SurveyResponseFilter } from '@telehealth/client/surveys/schemas';

export const surveyQueries = {
  all: () => ['surveys'] as const,
  responses: (code: SurveyCode, filter: SurveyResponseFilter) =>
    queryOptions({
      queryKey: [...surveyQueries.all(), 'responses', code, filter],
      queryFn: ({ signal }) => listSurveyResponses(code, filter, { signal }),
      placeholderData: (previous) => previous,
    }),
};
