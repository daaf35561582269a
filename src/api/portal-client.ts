import { env } from '@/config/env';
import { reportNetworkFailure, reportReachable } from './connection';
import { configureClient } from '@telehealth/client/http';

/**
 * Points the typed client at this build's API (its parsed settings) and tells the connection
 * watcher about each request's outcome. The app calls it when it starts, tests once in their setup.
 */
export function configurePortalClient(): void {
  configureClient({
    apiBaseUrl: env.VITE_API_BASE_URL,
    messagesBaseUrl: env.VITE_MESSAGES_BASE_URL,
    surveyBaseUrl: env.VITE_SURVEY_BASE_URL,
    accountCode: env.VITE_ACCOUNT_CODE,
    apiKey: env.VITE_API_KEY,
    onReachable: reportReachable,
    onNetworkFailure: reportNetworkFailure,
    keepErrorBodies: import.meta.env.DEV,
    // The browser's own fetch and clock; reads are retried by the query layer, not here.
    fetch: undefined,
    send: undefined,
  });
}
