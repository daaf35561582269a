export { SurveyReport } from './survey-report';
export { SURVEY_FIELDS, surveyCodeOf, surveyStep } from './survey-step';
export { VisitSurvey, postVisitSurveyOf, type VisitSurveyProps } from './visit-survey';
