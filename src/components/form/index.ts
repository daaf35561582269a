export { useSingleFlight } from './single-flight';
export { useSubmit, type RefusedField, type SubmitOptions } from './use-submit';
