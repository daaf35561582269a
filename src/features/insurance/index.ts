export { InsurancePanel, CardDetails } from './insurance-panel';
export { EligibilityPanel } from './eligibility-panel';
export { ClaimsReport, claimsCsv, last30Days } from './claims-report';
export { ReferenceLists } from './reference-lists';
export { parseCsv } from './csv';
export { InsuranceStep } from './insurance-step';
export { InsuranceTodoPanel } from './home/insurance-todo-panel';
export { insuranceSummary, knownInsurance } from './known-insurance';
