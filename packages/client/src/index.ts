/**
 * @telehealth/client: the typed client of the telehealth clinic platform's API. The main entry
 * holds the configuration, errors, the integrator's helpers and the webhook types; each endpoint
 * family has its own entry (`@telehealth/client/visits/requests`, `…/visits/schemas`, …).
 */
export * from './errors.ts';
export * from './http.ts';
export * from './pages.ts';
export * from './retry.ts';
export * from './server.ts';
export * from './webhooks/receiver.ts';
export * from './webhooks/schemas.ts';
