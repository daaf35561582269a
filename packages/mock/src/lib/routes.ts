/**
 * Handler paths match any origin, so the same handlers serve the browser worker (relative bases),
 * msw/node in tests and the standalone server, at the paths of a real deployment.
 */
export const api = (path: string) => `*/api_v3${path}`;
export const messagesApi = (path: string) => `*/messaging/api${path}`;
export const surveyApi = (path: string) => `*/survey${path}`;
export const mockControl = (path: string) => `*/__mock${path}`;
