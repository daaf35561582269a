export { SURVEY_FIELDS, surveyCodeOf, surveyStep } from './survey-step';
