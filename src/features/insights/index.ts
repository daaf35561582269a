export { InsightsPage } from './insights-page';
