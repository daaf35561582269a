import { http, HttpResponse } from 'msw';
import { notImplemented } from '../lib/errors';
import { api, messagesApi, surveyApi } from '../lib/routes';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Every endpoint of the spec that no family implements yet answers 501 with a clear body, so
 * nothing silently pretends. Families register before this list, so theirs win.
 */
const SPEC_ENDPOINTS: [Method, string, (p: string) => string][] = [
  ['put', '/rooms/:code', api],
  ['get', '/availability', api],
  ['post', '/visits', api],
  ['post', '/visits/:id', api],
  ['get', '/visits/:id/recordings/:recordingId', api],
  ['get', '/slots', api],
  ['get', '/slots/available', api],
  ['delete', '/slots/:id', api],
  ['delete', '/slots/groups/:groupId', api],
  ['get', '/billing/settings', api],
  ['get', '/billing/sources', api],
  ['post', '/billing/sources', api],
  ['get', '/billing/sources/:id', api],
  ['put', '/billing/sources/:id', api],
  ['delete', '/billing/sources/:id', api],
  ['post', '/billing/invoices/process', api],
  ['get', '/users/:id/insurances', api],
  ['post', '/users/:id/insurances/import', api],
  ['post', '/users/:id/insurances/primary/eligibility/check', api],
  ['get', '/users/:id/insurances/primary/eligibility', api],
  ['post', '/users/:id/insurances/:cardType', api],
  ['get', '/users/:id/insurances/:cardType', api],
  ['delete', '/users/:id/insurances/:cardType', api],
  ['get', '/reports/claims', api],
  ['get', '/insurances/list/:list', api],
  ['post', '/webhooks/events', api],
  ['post', '/users/reset_password', api],
];

export const notImplementedHandlers = [
  ...SPEC_ENDPOINTS.map(([method, path, base]) =>
    http[method](base(path), () => notImplemented(method.toUpperCase(), path)),
  ),
  // Anything else under the API bases is not a route of the spec.
  http.all(api('/*'), ({ request }) =>
    HttpResponse.json(
      { code: 404, message: `No route ${request.method} ${new URL(request.url).pathname}` },
      { status: 404 },
    ),
  ),
  http.all(messagesApi('/*'), () => HttpResponse.json({ code: 404, message: 'Not found' }, { status: 404 })),
  http.all(surveyApi('/*'), () => HttpResponse.json({ code: 404, message: 'Not found' }, { status: 404 })),
];
