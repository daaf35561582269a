export { SurveyReport } from './survey-report';
export { SURVEY_FIELDS, surveyCodeOf, surveyStep } from './survey-step';
